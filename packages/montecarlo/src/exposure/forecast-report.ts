import {
  chartOfSeries,
  formatStatus,
  formatValue,
  metric,
  type ReportModelInput,
  reportModel,
  tableFromRecords,
} from "@svc/report-model";
import type { ComparisonOperator } from "../exact/poisson-binomial.js";
import type { ExposureForecast, PerWalletExposure } from "./forecast-types.js";
import { countOf, historyBasisWords, percent, round } from "./format.js";

export const FORECAST_REPORT_TYPE = "compliance-exposure-forecast";
export const DEFAULT_FORECAST_TITLE = "OFAC Exposure Forecast";

/** An operator as a reader writes it. */
const OPERATOR_SIGN: Record<ComparisonOperator, string> = {
  ">=": "≥",
  ">": ">",
  "==": "=",
  "<=": "≤",
  "<": "<",
};

const holds = (n: number, operator: ComparisonOperator, k: number): boolean =>
  operator === ">="
    ? n >= k
    : operator === ">"
      ? n > k
      : operator === "=="
        ? n === k
        : operator === "<="
          ? n <= k
          : n < k;

/**
 * Whether the current matches alone settle the target: every number of new hits the wallets not
 * yet listed can bring meets it ("met"), or none does ("missed"); else it is a forecast.
 */
function settled(
  operator: ComparisonOperator,
  newK: number,
  open: number,
): "met" | "missed" | undefined {
  const outcomes = Array.from({ length: open + 1 }, (_, n) => holds(n, operator, newK));
  if (outcomes.every(Boolean)) return "met";
  return outcomes.some(Boolean) ? undefined : "missed";
}

/** The sensitivity variations by name, as a reader reads them. */
const SCENARIO_NAMES: Readonly<Record<string, string>> = {
  baseline: "Baseline",
  "list_rate_x0.5": "List additions ×0.5",
  list_rate_x2: "List additions ×2",
  high_tiers_x2: "High tiers ×2",
  "high_tiers_x0.5": "High tiers ×0.5",
  equal_tiers: "Equal tiers",
};

const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

const tierOf = (w: PerWalletExposure): string =>
  w.has_metadata
    ? formatStatus(w.relationship_tier)
    : `${formatStatus(w.relationship_tier)} (default)`;

/**
 * The forecast as a shared report model (report type `compliance-exposure-forecast`), ready for a
 * document route. A wallet listed today is a current match, shown as such (a count and a list),
 * never as a forecast of 100%: the forecast is of new hits among the wallets not yet listed.
 */
export function forecastReport(
  f: ExposureForecast,
  options: { title?: string | undefined; summaryFocus?: string | undefined } = {},
): ReportModelInput {
  const s = f.summary;
  const m = f.forecast_model;
  const t = f.target;
  const g = f.list_growth;
  const current = s.current_matches;
  const open = s.wallets - current;
  const horizon = `${s.horizon_days} days`;
  const byRisk = [...f.per_wallet].sort(
    (a, b) => b.future_hit_probability - a.future_hit_probability,
  );
  const matched = byRisk.filter((w) => w.screening_status === "match");
  const notListed = byRisk.filter((w) => w.screening_status !== "match");
  // The baseline row of the sensitivity table is the model as reported, exact and closed-form.
  const baseline = f.sensitivity[0];
  const pNewHit = baseline?.probability_of_new_hit ?? 0;
  const baselineNew = baseline === undefined ? 0 : baseline.expected_hits - current;
  const expectedNew = s.expected_hits - current;
  const ofOpen = `of the ${countOf(open, "wallet")} not yet listed`;
  const newK = t.k - current;
  const sign = OPERATOR_SIGN[t.operator];
  const outcome = settled(t.operator, newK, open);
  const basis =
    m.history === null
      ? `${historyBasisWords(m.history_basis)} of ${round(m.list_add_rate_per_day, 4)} addresses a day`
      : `${historyBasisWords(m.history_basis)} (${m.history.addition_events} addition events from ${m.history.from} to ${m.history.to})`;
  const targetSentence =
    outcome === "met"
      ? `The target, hits ${sign} ${t.k} in total, is met today by the ${countOf(current, "current match", "current matches")} alone: no forecast is needed for it.`
      : outcome === "missed"
        ? `The target, hits ${sign} ${t.k} in total, cannot be met: the ${countOf(current, "current match", "current matches")} already rule it out.`
        : `The probability of the target, hits ${sign} ${t.k} in total${current === 0 ? "" : ` (new hits ${sign} ${newK} ${ofOpen}, beside the ${countOf(current, "current match", "current matches")})`}, is ${percent(t.probability)} (Monte Carlo, ${formatValue(m.iterations, "count")} iterations, standard error ${percent(t.standard_error)}; the model's exact value is ${percent(f.exact.target_probability)}).`;
  const summary = [
    matched.length === 0
      ? `None of the ${countOf(s.wallets, "wallet")} is an exact OFAC SDN match today.`
      : `${matched.length} of the ${countOf(s.wallets, "wallet")} ${matched.length === 1 ? "is an exact OFAC SDN match" : "are exact OFAC SDN matches"} today and need${matched.length === 1 ? "s" : ""} immediate manual review (listed under Current matches): ${matched
          .slice(0, 5)
          .map(
            (w) =>
              `${w.address}${w.matched_entities.length > 0 ? ` (${w.matched_entities.join(", ")})` : ""}`,
          )
          .join("; ")}${matched.length > 5 ? "; …" : ""}.`,
    open === 0
      ? "Every wallet is listed today: there is no new hit to forecast."
      : `Forecast ${ofOpen}: the probability that at least one becomes an exact OFAC SDN match within ${horizon} is ${percent(pNewHit)}; expected new hits ${round(expectedNew, 2)} (median ${s.p50_expected_hits - current}, 90th percentile ${s.p90_expected_hits - current}).`,
    targetSentence,
    `The list is expected to add ${round(g.mean, 1)} addresses over the horizon (median ${g.p50}, 90th percentile ${g.p90}; none at all in ${percent(g.p_no_addition)} of futures), estimated from ${basis}; model confidence ${m.model_confidence}.`,
    ...(options.summaryFocus ? [`Focus: ${options.summaryFocus}`] : []),
    "A statistical forecast to prioritise review, not a legal conclusion; see the limitations.",
  ];
  const targetMetric =
    outcome === undefined
      ? metric(
          current === 0
            ? `P(hits ${sign} ${t.k} within ${horizon})`
            : `P(new hits ${sign} ${newK}, ${ofOpen})`,
          round(t.probability, 6),
          undefined,
          "probability",
        )
      : metric(
          `Target: hits ${sign} ${t.k}`,
          outcome === "met" ? "Met by the current matches" : "Ruled out by the current matches",
          undefined,
          "text",
        );
  const newHitsLabel = `New hits (${ofOpen})`;
  // The distribution of new hits: the total's, less the current matches (certain hits).
  const distribution = f.hits_distribution
    .filter((r) => r.hits >= current)
    .map((r) => ({
      new_hits: r.hits - current,
      probability: round(r.probability, 6),
      simulated_share: round(r.simulated_share, 6),
    }));
  const scenarios = f.sensitivity.map((r) => {
    const expected = r.expected_hits - current;
    return {
      scenario: SCENARIO_NAMES[r.scenario] ?? formatStatus(r.scenario),
      description: r.description,
      expected_new_hits: round(expected, 3),
      probability_of_new_hit: round(r.probability_of_new_hit, 6),
      // A multiplier of the baseline's expected new hits: a percentage change explodes when the
      // baseline is near zero.
      against_baseline: baselineNew > 0 ? round(expected / baselineNew, 3) : null,
    };
  });
  const tables = {
    ...(matched.length === 0
      ? {}
      : {
          current_matches: tableFromRecords(
            matched.map((w) => ({
              address: w.address,
              matched_entities: w.matched_entities.join("; "),
            })),
            ["address", "matched_entities"],
            {
              labels: { address: "Address", matched_entities: "Matched SDN entities" },
              kinds: { address: "address", matched_entities: "text" },
            },
          ),
        }),
    ...(notListed.length === 0
      ? {}
      : {
          per_wallet_exposure: tableFromRecords(
            notListed.map((w) => ({
              address: w.address,
              relationship_tier: tierOf(w),
              future_hit_probability: round(w.future_hit_probability, 6),
            })),
            ["address", "relationship_tier", "future_hit_probability"],
            {
              labels: {
                address: "Address (not yet listed)",
                relationship_tier: "Relationship tier",
                future_hit_probability: `P(listed within ${horizon})`,
              },
              kinds: {
                address: "address",
                relationship_tier: "text",
                future_hit_probability: "probability",
              },
            },
          ),
        }),
    hits_distribution: tableFromRecords(
      distribution,
      ["new_hits", "probability", "simulated_share"],
      {
        labels: {
          new_hits: newHitsLabel,
          probability: "Probability (exact)",
          simulated_share: "Share of simulations",
        },
        kinds: { new_hits: "count", probability: "probability", simulated_share: "probability" },
      },
    ),
    sensitivity: tableFromRecords(
      scenarios,
      [
        "scenario",
        "description",
        "expected_new_hits",
        "probability_of_new_hit",
        "against_baseline",
      ],
      {
        labels: {
          scenario: "Scenario",
          description: "Description",
          expected_new_hits: "Expected new hits",
          probability_of_new_hit: "P(≥ 1 new hit)",
          against_baseline: "Expected new hits against the baseline",
        },
        kinds: {
          scenario: "text",
          description: "text",
          expected_new_hits: "number",
          probability_of_new_hit: "probability",
          against_baseline: "ratio",
        },
      },
    ),
    forecast_model: tableFromRecords(modelRows(f), ["parameter", "value"]),
    limitations: tableFromRecords(f.limitations.map((limitation) => ({ limitation }))),
  };
  return reportModel(
    {
      report_type: FORECAST_REPORT_TYPE,
      title: options.title ?? DEFAULT_FORECAST_TITLE,
      version: m.model_version,
    },
    {
      executive_summary: summary,
      headline_metrics: [
        metric("Current matches (listed today)", current, undefined, "count"),
        metric("Wallets not yet listed", open, undefined, "count"),
        metric(`P(≥ 1 new hit within ${horizon})`, round(pNewHit, 6), undefined, "probability"),
        targetMetric,
        metric("Expected new hits", round(expectedNew, 2), undefined, "number"),
        metric("90th percentile new hits", s.p90_expected_hits - current, undefined, "count"),
        metric("Metadata coverage", round(s.metadata_coverage_percent, 1), "%", "percent"),
        metric("Model confidence", m.model_confidence, undefined, "status"),
      ],
      tables,
      // Inline figures named in words (a table's chart would name its series by column key).
      chart_hints: [
        chartOfSeries(
          "bar",
          "Distribution of new hits",
          distribution.map((r) => r.new_hits),
          [{ name: "Probability", values: distribution.map((r) => r.probability) }],
          { x_label: newHitsLabel, y_label: "Probability" },
        ),
        chartOfSeries(
          "bar",
          "Expected new hits by scenario",
          scenarios.map((r) => r.scenario),
          [{ name: "Expected new hits", values: scenarios.map((r) => r.expected_new_hits) }],
          { x_label: "Scenario", y_label: "Expected new hits" },
        ),
      ],
    },
  );
}

/** The model's parameters as labelled field/value rows, each value in words or a number. */
function modelRows(f: ExposureForecast): { parameter: string; value: string | number }[] {
  const m = f.forecast_model;
  return [
    { parameter: "History basis", value: capitalized(historyBasisWords(m.history_basis)) },
    { parameter: "Model confidence", value: formatStatus(m.model_confidence) },
    { parameter: "List additions per day (addresses)", value: round(m.list_add_rate_per_day, 4) },
    { parameter: "Addition events per day", value: round(m.addition_events_per_day ?? 0, 5) },
    { parameter: "Mean batch size (addresses)", value: round(m.batch_sizes?.mean ?? 0, 2) },
    { parameter: "Base hazard", value: m.base_hazard },
    {
      parameter: "Tier weights",
      value: Object.entries(m.tier_weights)
        .map(([k, v]) => `${k} ${v}`)
        .join(", "),
    },
    { parameter: "Horizon (days)", value: m.horizon_days },
    { parameter: "Iterations", value: m.iterations },
    { parameter: "Seed", value: m.seed },
    { parameter: "Exact error bound", value: f.exact.error_bound },
    { parameter: "Model version", value: m.model_version },
  ];
}
