import { reportDocxGenerate, reportPdfGenerate } from "@svc/compliance";
import { type ReportToolInput, ReportToolInputSchema } from "@svc/report-model";
import * as v from "valibot";
import { operationTool } from "./tool.js";

/**
 * The example of a document tool: the route's, less what the tool does not take (the route's
 * body is open), checked against the tool's schema once, when the tools are defined.
 */
function toolExampleOf(routeExample: object): ReportToolInput {
  const example = Object.fromEntries(
    Object.entries(routeExample).filter(([key]) => key in ReportToolInputSchema.entries),
  );
  if (!v.is(ReportToolInputSchema, example)) {
    throw new Error(
      "The document routes' example, less what the tools do not take, is no tool input",
    );
  }
  return example;
}

/**
 * `report_pdf_generate` / `report_docx_generate`: the PDF and DOCX routes
 * (POST /api/tools/report/pdf/generate, /api/tools/report/docx/generate) as tools, at their
 * prices, on the document tools' input (the shared model with `report_meta` and `tables`
 * required, object rows, no other members).
 */
export const reportPdfGenerateTool = operationTool(reportPdfGenerate, {
  input: ReportToolInputSchema,
  inputExample: toolExampleOf(reportPdfGenerate.inputExample),
});
export const reportDocxGenerateTool = operationTool(reportDocxGenerate, {
  input: ReportToolInputSchema,
  inputExample: toolExampleOf(reportDocxGenerate.inputExample),
});
