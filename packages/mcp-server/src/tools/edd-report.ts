import { EddReportInputSchema, eddReport, strictInput } from "@svc/compliance";
import { operationTool } from "./tool.js";

const { artifact_only: _notATool, ...routeEntries } = EddReportInputSchema.entries;

/**
 * `edd_report`: the EDD route (POST /api/workflows/compliance/edd-report) as a tool, at its
 * price: the route's members, with the route's rules, except `artifact_only` (a document comes
 * back once, as an embedded resource).
 */
export const eddReportTool = operationTool(eddReport, {
  title: "Enhanced due diligence memo",
  input: strictInput(routeEntries),
});
