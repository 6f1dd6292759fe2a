import {
  chartOfTable,
  metric,
  type ReportModelInput,
  reportModel,
  tableFromRecords,
} from "@svc/report-model";
import type { ExposureForecast } from "./forecast-types.js";
import { percent, round } from "./format.js";

export const FORECAST_REPORT_TYPE = "compliance-exposure-forecast";
export const DEFAULT_FORECAST_TITLE = "OFAC Exposure Forecast";

/** The forecast as a shared report model (report type `compliance-exposure-forecast`), ready for a document route. */
export function forecastReport(
  f: ExposureForecast,
  options: { title?: string | undefined; summaryFocus?: string | undefined } = {},
): ReportModelInput {
  const s = f.summary;
  const m = f.forecast_model;
  const t = f.target;
  const g = f.list_growth;
  const byRisk = [...f.per_wallet].sort(
    (a, b) => b.future_hit_probability - a.future_hit_probability,
  );
  const matched = byRisk.filter((w) => w.screening_status === "match");
  const basis =
    m.history === null
      ? `the caller's prior of ${round(m.list_add_rate_per_day, 4)} addresses a day`
      : `${m.history_basis} history (${m.history.addition_events} addition events from ${m.history.from} to ${m.history.to})`;
  const summary = [
    `Over the next ${s.horizon_days} days, the probability that hits ${t.operator} ${t.k} among the ${s.wallets} wallets is ${percent(t.probability)} (Monte Carlo, ${m.iterations} iterations, standard error ${percent(t.standard_error)}; the model's exact value is ${percent(f.exact.target_probability)}).`,
    matched.length === 0
      ? "No wallet is an exact OFAC SDN match today."
      : `${matched.length} wallet${matched.length === 1 ? " is an exact OFAC SDN match" : "s are exact OFAC SDN matches"} today and need${matched.length === 1 ? "s" : ""} immediate manual review: ${matched
          .slice(0, 5)
          .map(
            (w) =>
              `${w.address}${w.matched_entities.length > 0 ? ` (${w.matched_entities.join(", ")})` : ""}`,
          )
          .join("; ")}${matched.length > 5 ? "; …" : ""}.`,
    `Expected hits ${round(s.expected_hits, 2)} (median ${s.p50_expected_hits}, 90th percentile ${s.p90_expected_hits}), current matches included. The list is expected to add ${round(g.mean, 1)} addresses over the horizon (median ${g.p50}, 90th percentile ${g.p90}; none at all in ${percent(g.p_no_addition)} of futures), from ${basis}; model confidence ${m.model_confidence}.`,
    ...(options.summaryFocus ? [`Focus: ${options.summaryFocus}`] : []),
    "A statistical forecast to prioritise review, not a legal conclusion; see the limitations.",
  ];
  const walletRows = byRisk.map((w) => ({
    address: w.address,
    screening_status: w.screening_status,
    future_hit_probability: round(w.future_hit_probability, 6),
  }));
  return reportModel(
    {
      report_type: FORECAST_REPORT_TYPE,
      title: options.title ?? DEFAULT_FORECAST_TITLE,
      version: m.model_version,
    },
    {
      executive_summary: summary,
      headline_metrics: [
        metric(`P(hits ${t.operator} ${t.k})`, round(100 * t.probability, 2), "%"),
        metric("Expected hits", round(s.expected_hits, 2)),
        metric("Median hits (p50)", s.p50_expected_hits),
        metric("90th percentile hits (p90)", s.p90_expected_hits),
        metric("Current matches", s.current_matches),
        metric("Metadata coverage", round(s.metadata_coverage_percent, 1), "%"),
        metric("Model confidence", m.model_confidence),
      ],
      tables: {
        per_wallet_exposure: tableFromRecords(walletRows, [
          "address",
          "screening_status",
          "future_hit_probability",
        ]),
        hits_distribution: tableFromRecords(
          f.hits_distribution.map((r) => ({
            hits: r.hits,
            probability: round(r.probability, 6),
            simulated_share: round(r.simulated_share, 6),
          })),
        ),
        sensitivity: tableFromRecords(
          f.sensitivity.map((r) => ({
            scenario: r.scenario,
            description: r.description,
            expected_hits: round(r.expected_hits, 3),
            probability_of_new_hit: round(r.probability_of_new_hit, 6),
            expected_hits_change_percent: round(r.expected_hits_change_percent, 1),
          })),
        ),
        forecast_model: tableFromRecords(modelRows(f)),
        limitations: tableFromRecords(f.limitations.map((limitation) => ({ limitation }))),
      },
      chart_hints: [
        chartOfTable("bar", "Distribution of hits", "hits_distribution", "hits", "probability", {
          x_label: "Hits (current matches included)",
          y_label: "Probability",
        }),
        chartOfTable(
          "bar",
          "Expected hits by scenario",
          "sensitivity",
          "scenario",
          "expected_hits",
          {
            y_label: "Expected hits",
          },
        ),
      ],
      result: { summary: s, target: t, exact: f.exact },
    },
  );
}

function modelRows(f: ExposureForecast): { parameter: string; value: string | number }[] {
  const m = f.forecast_model;
  return [
    { parameter: "history_basis", value: m.history_basis },
    { parameter: "model_confidence", value: m.model_confidence },
    { parameter: "list_add_rate_per_day", value: round(m.list_add_rate_per_day, 4) },
    { parameter: "addition_events_per_day", value: round(m.addition_events_per_day ?? 0, 5) },
    { parameter: "batch_size_mean", value: round(m.batch_sizes?.mean ?? 0, 2) },
    { parameter: "base_hazard", value: m.base_hazard },
    {
      parameter: "tier_weights",
      value: Object.entries(m.tier_weights)
        .map(([k, v]) => `${k} ${v}`)
        .join(", "),
    },
    { parameter: "horizon_days", value: m.horizon_days },
    { parameter: "iterations", value: m.iterations },
    { parameter: "seed", value: m.seed },
    { parameter: "exact_error_bound", value: f.exact.error_bound },
    { parameter: "model_version", value: m.model_version },
  ];
}
