import { reportDocxGenerate, reportPdfGenerate } from "@svc/compliance";
import { ReportToolInputSchema } from "@svc/report-model";
import { routeTool } from "./route-tool.js";

/**
 * Spec §4.3 `report_pdf_generate` / `report_docx_generate`: HTTP routes 8 and 9 as tools, at
 * their prices, on the tool input of spec §4.3 (the shared model with `report_meta` and `tables`
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
