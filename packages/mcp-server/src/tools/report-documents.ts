import { type AnyOperation, reportDocxGenerate, reportPdfGenerate } from "@svc/compliance";
import { type ReportToolInput, ReportToolInputSchema } from "@svc/report-model";
import { defineTool, type McpTool } from "./tool.js";

/**
 * Spec §4.3 `report_pdf_generate` / `report_docx_generate`: HTTP routes 8 and 9 as tools, at
 * their prices, on the tool input of spec §4.3 (the shared model with `report_meta` and
 * `tables` required, object rows, no other members).
 */
const documentTool = (op: AnyOperation & { inputExample: unknown }): McpTool<ReportToolInput> =>
  defineTool<ReportToolInput>({
    name: op.name,
    title: op.name,
    description: op.description,
    input: ReportToolInputSchema,
    // The route's example, less what the tool does not take (the route's body is open).
    inputExample: Object.fromEntries(
      Object.entries(op.inputExample as Record<string, unknown>).filter(
        ([key]) => key in ReportToolInputSchema.entries,
      ),
    ) as ReportToolInput,
    pricing: { kind: "paid", price: op.price },
    run: async (input, { deps }) => ({
      ...((await op.run(input as never, deps)) as Record<string, unknown>),
    }),
  });

export const reportPdfGenerateTool = documentTool(reportPdfGenerate as unknown as AnyOperation);
export const reportDocxGenerateTool = documentTool(reportDocxGenerate as unknown as AnyOperation);
