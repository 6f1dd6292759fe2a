import { reportDocxGenerate, reportPdfGenerate } from "@svc/compliance";
import { ReportToolInputSchema } from "@svc/report-model";
import { routeTool } from "./route-tool.js";

/**
 * `report_pdf_generate` / `report_docx_generate`: the PDF and DOCX routes
 * (POST /api/tools/report/pdf/generate, /api/tools/report/docx/generate) as tools, at their
 * prices, on the document tools' input (the shared model with `report_meta` and `tables`
 * required, object rows, no other members). The example is the route's, less what the tool
 * does not take (the route's body is open).
 */
const documentTool = (op: typeof reportPdfGenerate | typeof reportDocxGenerate) => {
  const tool = routeTool(op as typeof reportPdfGenerate, ReportToolInputSchema);
  return {
    ...tool,
    inputExample: Object.fromEntries(
      Object.entries(op.inputExample).filter(([key]) => key in ReportToolInputSchema.entries),
    ) as typeof tool.inputExample,
  };
};

export const reportPdfGenerateTool = documentTool(reportPdfGenerate);
export const reportDocxGenerateTool = documentTool(reportDocxGenerate);
