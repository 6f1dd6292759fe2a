import type { AnyOperation } from "../../catalog/any-operation.js";
import { exposureForecast } from "./exposure-forecast.js";
import { queueOptimize } from "./queue-optimize.js";

/** The workflow routes: the exposure forecast, then the review-queue optimizer. */
export const WORKFLOW_OPERATIONS: readonly AnyOperation[] = [exposureForecast, queueOptimize];
