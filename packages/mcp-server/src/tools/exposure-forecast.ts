import { exposureForecast } from "@svc/compliance";
import { operationTool } from "./tool.js";

/**
 * `exposure_forecast`: the exposure forecast route (POST /api/workflows/compliance/exposure-forecast)
 * as a tool, on the route's input, at its price; its report goes to this server's document tools
 * (the route's description also names the XLSX route, which has no tool).
 */
export const exposureForecastTool = operationTool(exposureForecast, {
  description:
    "Forecasts how many of up to 500 wallets will be exact OFAC SDN matches within 7 to 365 days, from the list's real addition history and per-wallet risk weights: the target probability (exact, with a Monte Carlo check), p50/p90 hits, per-wallet probabilities, sensitivity and a report model for report_pdf_generate or report_docx_generate.",
});
