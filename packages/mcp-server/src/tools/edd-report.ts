import {
  EddReportAnswerSchema,
  EddReportInputSchema,
  eddReport,
  strictInput,
  subjectNameField,
} from "@svc/compliance";
import { routeTool } from "./route-tool.js";
import { toolAddressesField } from "./tool-fields.js";

const { artifact_only: _notATool, ...routeEntries } = EddReportInputSchema.entries;

/**
 * `edd_report`: the EDD route (POST /api/workflows/compliance/edd-report) as a tool, at its price: the route's members except
 * `artifact_only` (a document comes back once, as an embedded resource), with the tool bounds
 * (`subject_name` at least 2 characters, addresses at least 10).
 */
export const eddReportTool = routeTool(
  eddReport,
  strictInput({
    ...routeEntries,
    subject_name: subjectNameField(2),
    addresses: toolAddressesField(
      "1 to 100 wallet addresses of the subject (each at least 10 characters), listed in this order.",
    ),
  }),
  eddReport.inputExample,
  EddReportAnswerSchema,
);
