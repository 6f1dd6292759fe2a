import { reportDocxGenerate, reportPdfGenerate } from "@svc/compliance";
import { type ReportToolInput, ReportToolInputSchema } from "@svc/report-model";
import * as v from "valibot";
import { operationTool } from "./tool.js";

const { attestation } = ReportToolInputSchema.entries;

/**
 * The document tools' input: the shared model's (`report_meta` and `tables` required, object
 * rows, no other members), its attestation described for the two formats these tools make (the
 * model's description names every document the service renders, an XLSX workbook among them).
 */
const Input = v.strictObject(
  {
    ...ReportToolInputSchema.entries,
    attestation: v.optional(
      v.pipe(
        attestation.wrapped,
        v.description(
          "The screening's signed attestation (a compact JWS), as a paid screening answer's report carries it: the PDF attaches it as attestation.jws, the DOCX as a part, and both print its fingerprint, kid, screening instant, edition and lookup URL with a QR code. Not verified by rendering: verify it at the lookup URL or with ofac-index verify.",
        ),
      ),
    ),
  },
  ReportToolInputSchema.message,
);

/**
 * The example of a document tool: the route's, less what the tool does not take (the route's
 * body is open), checked against the tool's schema once, when the tools are defined.
 */
function toolExampleOf(routeExample: object): ReportToolInput {
  const example = Object.fromEntries(
    Object.entries(routeExample).filter(([key]) => key in Input.entries),
  );
  if (!v.is(Input, example)) {
    throw new Error(
      "The document routes' example, less what the tools do not take, is no tool input",
    );
  }
  return example;
}

/** What both document tools take, said once for their descriptions. */
const TAKES =
  "a report model: any result's `report` as it is, or one you build with report_meta and tables";

/**
 * `report_pdf_generate` / `report_docx_generate`: the PDF and DOCX routes
 * (POST /api/tools/report/pdf/generate, /api/tools/report/docx/generate) as tools, at their
 * prices, on the document tools' input. The routes' descriptions say what they answer over HTTP
 * (the legacy payload, base64 inline); the tools say what they take and give (the file as an
 * embedded resource).
 */
export const reportPdfGenerateTool = operationTool(reportPdfGenerate, {
  title: "Render a report as PDF",
  description: `Renders ${TAKES} as a paginated PDF with metric cards, every table row, vector charts and fonts for SDN names in any script; the file comes back as an embedded resource.`,
  input: Input,
  inputExample: toolExampleOf(reportPdfGenerate.inputExample),
});
export const reportDocxGenerateTool = operationTool(reportDocxGenerate, {
  title: "Render a report as Word (DOCX)",
  description: `Renders ${TAKES} as an editable Word document with a title block, metrics table, repeating table headers, rows kept whole, addresses whole in a monospace face and charts as pictures; the file comes back as an embedded resource.`,
  input: Input,
  inputExample: toolExampleOf(reportDocxGenerate.inputExample),
});
