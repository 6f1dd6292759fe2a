import { batchWalletScreenTool } from "./batch-wallet-screen.js";
import { eddReportTool } from "./edd-report.js";
import { exposureForecastTool } from "./exposure-forecast.js";
import { listStatusTool } from "./list-status.js";
import { monteCarloDecisionReportTool, monteCarloReportTool } from "./monte-carlo-tools.js";
import { ofacWalletReportTool } from "./ofac-wallet-report.js";
import { ofacWalletScreenTool } from "./ofac-wallet-screen.js";
import { queueOptimizeTool } from "./queue-optimize.js";
import { reportDocxGenerateTool, reportPdfGenerateTool } from "./report-documents.js";
import { serverCapabilitiesTool } from "./server-capabilities.js";
import type { AnyTool } from "./tool.js";

/**
 * The nine tools of the interface, in its order, then the free list status and the two
 * workflows (the exposure forecast and the review-queue optimizer).
 */
export const TOOLS: readonly AnyTool[] = [
  serverCapabilitiesTool,
  ofacWalletScreenTool,
  ofacWalletReportTool,
  batchWalletScreenTool,
  eddReportTool,
  monteCarloReportTool,
  monteCarloDecisionReportTool,
  reportPdfGenerateTool,
  reportDocxGenerateTool,
  listStatusTool,
  exposureForecastTool,
  queueOptimizeTool,
];
