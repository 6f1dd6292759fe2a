import type { AnyOperation } from "../../catalog/any-operation.js";
import { exposureForecast } from "./exposure-forecast.js";
import { queueOptimize } from "./queue-optimize.js";

export { exposureContext } from "./exposure-context.js";
export { exposureForecast, queueOptimize };

/** Spec routes 5 and 6, in the order of spec §4. */
export const WORKFLOW_OPERATIONS: readonly AnyOperation[] = [
  exposureForecast,
  queueOptimize,
] as unknown as readonly AnyOperation[];
