import { queueOptimize } from "@svc/compliance";
import { operationTool } from "./tool.js";

/**
 * `queue_optimize`: the review-queue optimizer route (POST /api/workflows/compliance/queue-optimize)
 * as a tool, on the route's input, at its price.
 */
export const queueOptimizeTool = operationTool(queueOptimize);
