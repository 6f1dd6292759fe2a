import { exposureForecast } from "@svc/compliance";
import { operationTool } from "./tool.js";

/**
 * `exposure_forecast`: the exposure forecast route (POST /api/workflows/compliance/exposure-forecast)
 * as a tool, on the route's input, at its price.
 */
export const exposureForecastTool = operationTool(exposureForecast);
