import { exposureForecast } from "@svc/compliance";
import { routeTool } from "./route-tool.js";

/**
 * `exposure_forecast`: the exposure forecast route (POST /api/workflows/compliance/exposure-forecast)
 * as a tool, on the route's input, at its price.
 */
export const exposureForecastTool = routeTool(
  exposureForecast,
  exposureForecast.input,
  exposureForecast.inputExample,
);
