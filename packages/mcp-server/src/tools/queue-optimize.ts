import { queueOptimize } from "@svc/compliance";
import { operationTool } from "./tool.js";

/**
 * `queue_optimize`: the review-queue optimizer route (POST /api/workflows/compliance/queue-optimize)
 * as a tool, on the route's input, at its price; its report goes to this server's document tools
 * (the route's description also names the XLSX route, which has no tool).
 */
export const queueOptimizeTool = operationTool(queueOptimize, {
  description:
    "Ranks up to 500 wallets for manual review within your review budget: current exact OFAC SDN matches first, then by expected sanctioned exposure (or hit probability), with the lift over your current order, a rationale per wallet and a report model for report_pdf_generate or report_docx_generate.",
});
