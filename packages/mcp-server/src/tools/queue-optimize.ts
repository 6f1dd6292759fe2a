import { queueOptimize } from "@svc/compliance";
import { routeTool } from "./route-tool.js";

/**
 * `queue_optimize`: the review-queue optimizer route (POST /api/workflows/compliance/queue-optimize)
 * as a tool, on the route's input, at its price.
 */
export const queueOptimizeTool = routeTool(
  queueOptimize,
  queueOptimize.input,
  queueOptimize.inputExample,
);
