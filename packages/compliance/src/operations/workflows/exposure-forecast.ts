import {
  checkedForecastRequest,
  type ExposureForecast,
  ExposureForecastInputSchema,
  forecastExposure,
} from "@svc/montecarlo";
import type * as v from "valibot";
import { defineOperation, type Operation } from "../../catalog/operation.js";
import { type ScreeningEnvelope, screeningEnvelope } from "../screening/envelope.js";
import { withListNotices } from "../screening/list-warning.js";
import { withByline } from "../screening/report-byline.js";
import { SCREENING_SOURCE } from "../screening/screening-constants.js";
import { ExposureForecastAnswerSchema } from "./answer-schemas.js";
import { LAZARUS_ETH } from "./example-addresses.js";
import { exposureContext, linkedPartyLookup, prescreen } from "./exposure-context.js";

/**
 * The exposure forecast: the probability that a set of wallets becomes exact OFAC SDN matches within a
 * horizon. The body schema is montecarlo's own, so the published JSON Schema is the one the
 * engine validates with; the cross-field rules a schema cannot express (metadata for an address
 * not in `addresses`, duplicates) are the engine's `InputError`, with paths, which propagates
 * (400), as does `LIST_UNAVAILABLE` from screening (503: no forecast without today's list).
 * `data` is the forecast without its report; `report` is the shared report model beside it, so
 * it can be posted to a document route unchanged.
 */
export const exposureForecast: Operation<
  v.InferOutput<typeof ExposureForecastInputSchema>,
  ScreeningEnvelope<ExposureForecast>
> = defineOperation({
  name: "exposure_forecast",
  title: "OFAC exposure forecast",
  method: "POST",
  path: "/api/workflows/compliance/exposure-forecast",
  price: "0.09",
  // A Monte Carlo run in memory on the calling thread: 500 wallets, 365 days and the maximum
  // 100,000 iterations take ~0.3 s. A synchronous run cannot be interrupted, only discarded if
  // it returns late.
  deadlineMs: 20_000,
  // 500 addresses, each with its metadata: about 250 KB.
  maxBodyBytes: 512 * 1024,
  category: "workflow",
  tags: ["ofac", "sanctions", "forecast", "monte-carlo", "risk"],
  description:
    "Forecasts how many of up to 500 wallets will be exact OFAC SDN matches within 7 to 365 days, from the list's real addition history and per-wallet risk weights: the target probability (the model's exact value, with a Monte Carlo check), p50/p90 hits, per-wallet probabilities (current matches count as certain), sensitivity (including the assumed base hazard ×0.1 and ×10) and a report ready for PDF, DOCX or XLSX, with probabilities to two significant digits.",
  mimeType: "application/json",
  input: ExposureForecastInputSchema,
  inputExample: {
    addresses: [
      LAZARUS_ETH,
      "0x1111111111111111111111111111111111111111",
      "bc1qzy4mau0pt3dqk6u3sz7p3nx6wqy6u9l0wc7mq0",
    ],
    address_metadata: [
      {
        address: "0x1111111111111111111111111111111111111111",
        relationship_tier: "critical",
        exposure_usd: 2_500_000,
        last_activity_days: 3,
        policy_priority: 8,
      },
    ],
    horizon_days: 180,
    target: { operator: ">=", k: 2 },
  },
  output: ExposureForecastAnswerSchema,
  outputExample: {
    success: true,
    data: {
      summary: {
        target_probability: 0.07205,
        p50_expected_hits: 1,
        p90_expected_hits: 1,
        metadata_coverage_percent: 33.333333333333336,
        current_matches: 1,
        wallets: 3,
        horizon_days: 180,
        target: { operator: ">=", k: 2 },
      },
      target: { operator: ">=", k: 2, probability: 0.07205, exact: 0.07153925118105575 },
      forecast_model: {
        history_basis: "snapshot_diff",
        model_confidence: "standard",
        model_version: "exposure-2",
        horizon_days: 180,
        iterations: 20_000,
      },
      per_wallet: [
        {
          address: LAZARUS_ETH,
          screening_status: "match",
          future_hit_probability: 1,
          matched_entities: ["Lazarus Group"],
        },
        {
          address: "0x1111111111111111111111111111111111111111",
          screening_status: "clear",
          future_hit_probability: 0.06826217711906012,
          relationship_tier: "critical",
          has_metadata: true,
        },
        {
          address: "bc1qzy4mau0pt3dqk6u3sz7p3nx6wqy6u9l0wc7mq0",
          screening_status: "clear",
          future_hit_probability: 0.0036990703166334127,
        },
      ],
    },
    report: {
      report_meta: { report_type: "compliance-exposure-forecast", title: "OFAC Exposure Forecast" },
      tables: {
        per_wallet_exposure: {
          columns: ["address", "relationship_tier", "future_hit_probability"],
        },
      },
    },
    // The file's stem carries the report's date, so the example leaves it out.
    artifacts: { document_endpoints: { pdf: "/api/tools/report/pdf/generate" } },
    source: SCREENING_SOURCE,
  },
  // The run's refusals, in its order: the addresses screened, then the engine's own checks.
  check: (input, deps) => {
    prescreen(deps, input.addresses, input.asset, (i) => `addresses[${i}]`);
    checkedForecastRequest(input, linkedPartyLookup(deps));
  },
  run: (input, deps) => {
    const screened = prescreen(deps, input.addresses, input.asset, (i) => `addresses[${i}]`);
    const { report, ...data } = forecastExposure(input, exposureContext(deps, screened));
    // The run is synchronous, so the list asked here is the one it screened against.
    const f = deps.list.freshness();
    return screeningEnvelope(data, withByline(withListNotices(report, f)));
  },
});
