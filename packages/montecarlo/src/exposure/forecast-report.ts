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
import { assumedHazard, assumptionSentence } from "./assumption-words.js";
import type { ExposureForecast, PerWalletExposure } from "./forecast-types.js";
import { countOf, historyBasisWords, percent, round, significant } from "./format.js";

const FORECAST_REPORT_TYPE = "compliance-exposure-forecast";
const DEFAULT_FORECAST_TITLE = "OFAC Exposure Forecast";

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
  "base_hazard_x0.1": "Base hazard ×0.1",
  base_hazard_x10: "Base hazard ×10",
  "list_rate_x0.5": "List additions ×0.5",
  list_rate_x2: "List additions ×2",
  high_tiers_x2: "High tiers ×2",
  "high_tiers_x0.5": "High tiers ×0.5",
  equal_tiers: "Equal tiers",
};

const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The wallets not yet listed with their tier and probability; the party a wallet is linked to
 * (its hazard comes from that party) only when some wallet is linked.
 */
function perWalletTable(notListed: readonly PerWalletExposure[], horizon: string) {
  const linked = notListed.some((w) => w.linked_party !== null);
  return tableFromRecords(
    notListed.map((w) => ({
      address: w.address,
      relationship_tier: tierOf(w),
      ...(linked ? { linked_party: linkedPartyOf(w) } : {}),
      future_hit_probability: significant(w.future_hit_probability),
    })),
    undefined,
    {
      labels: {
        address: "Address (not yet listed)",
        relationship_tier: "Relationship tier",
        ...(linked ? { linked_party: "Linked SDN party (hazard from its history)" } : {}),
        future_hit_probability: `P(listed within ${horizon})`,
      },
      kinds: {
        address: "address",
        relationship_tier: "text",
        ...(linked ? { linked_party: "text" as const } : {}),
        future_hit_probability: "probability",
      },
    },
  );
}

/** "GARANTEX EUROPE OU (SDN entry 37165)", or null for a wallet not linked. */
const linkedPartyOf = (w: PerWalletExposure): string | null =>
  w.linked_party === null
    ? null
    : `${w.linked_party.name ?? "Party"} (SDN entry ${w.linked_party.entry_id})`;

const tierOf = (w: PerWalletExposure): string =>
  w.has_metadata
    ? formatStatus(w.relationship_tier)
    : `${formatStatus(w.relationship_tier)} (default)`;

/**
 * The forecast as a shared report model (report type `compliance-exposure-forecast`), ready for a
 * document route. A wallet listed today is a current match, shown as such (a count and a list),
 * never as a forecast of 100%: the forecast is of new hits among the wallets not yet listed.
 * Probabilities and expectations carry the precision they have (two significant digits, see
 * `significant`); the Monte Carlo run and its standard error appear only in the numerical
 * checks, as the simulation's error, never as the model's.
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
  const near = notListed.filter((w) => (w.near_listed_addresses?.length ?? 0) > 0);
  // The baseline row of the sensitivity table is the model as reported, exact and closed-form.
  const baseline = f.sensitivity[0];
  const pNewHit = baseline?.probability_of_new_hit ?? 0;
  const baselineNew = baseline === undefined ? 0 : baseline.expected_hits - current;
  // The document states the model's own values (exact, as the sensitivity table's); the
  // simulation's estimates of them are a check, shown in the numerical checks.
  const x = f.exact;
  const expectedNew = x.expected_hits - current;
  const targetP = x.target_probability;
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
        : `The probability of the target, hits ${sign} ${t.k} in total${current === 0 ? "" : ` (new hits ${sign} ${newK} ${ofOpen}, beside the ${countOf(current, "current match", "current matches")})`}, is ${percent(targetP)}.`;
  const assumed = assumedHazard(m.base_hazard);
  const summary = [
    ...(open === 0 ? [] : [assumptionSentence(m.base_hazard, s.horizon_days)]),
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
      : `Forecast ${ofOpen}, ${assumed}: the probability that at least one becomes an exact OFAC SDN match within ${horizon} is ${percent(pNewHit)}; expected new hits ${formatValue(significant(expectedNew), "number")} (median ${x.p50_hits - current}, 90th percentile ${x.p90_hits - current}).`,
    ...(near.length === 0
      ? []
      : [
          `${near.length} of the clear wallets ${near.length === 1 ? "is" : "are"} near a listed address (listed under Near matches): ${near
            .slice(0, 5)
            .map((w) => `${w.address} near ${(w.near_listed_addresses ?? []).join(", ")}`)
            .join(
              "; ",
            )}${near.length > 5 ? "; …" : ""}. They stay clear (exact match is the rule); compare each with the listed address before relying on it.`,
        ]),
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
          significant(targetP),
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
      probability: significant(r.probability),
      simulated_share: significant(r.simulated_share),
    }));
  const scenarios = f.sensitivity.map((r) => {
    const expected = r.expected_hits - current;
    const name = SCENARIO_NAMES[r.scenario] ?? formatStatus(r.scenario);
    return {
      name,
      // The chart's name too, so a workbook sees the chart's data in this table; the base hazard's
      // rows say they vary an assumption nothing here can check in their description.
      scenario: name,
      description: r.description,
      expected_new_hits: significant(expected),
      probability_of_new_hit: significant(r.probability_of_new_hit),
      // A multiplier of the baseline's expected new hits: a percentage change explodes when the
      // baseline is near zero.
      against_baseline: baselineNew > 0 ? significant(expected / baselineNew) : null,
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
    ...(near.length === 0
      ? {}
      : {
          near_matches: tableFromRecords(
            near.map((w) => ({
              address: w.address,
              near_listed_addresses: (w.near_listed_addresses ?? []).join("; "),
            })),
            ["address", "near_listed_addresses"],
            {
              labels: { address: "Address", near_listed_addresses: "Near listed addresses" },
              kinds: { address: "address", near_listed_addresses: "text" },
            },
          ),
        }),
    ...(notListed.length === 0
      ? {}
      : {
          per_wallet_exposure: perWalletTable(notListed, horizon),
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
    numerical_checks: tableFromRecords(numericsRows(f, outcome === undefined), ["check", "value"], {
      labels: { check: "Numerical check" },
    }),
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
        metric(
          `P(≥ 1 new hit within ${horizon}), ${assumed}`,
          significant(pNewHit),
          undefined,
          "probability",
        ),
        targetMetric,
        metric(`Expected new hits, ${assumed}`, significant(expectedNew), undefined, "number"),
        metric("90th percentile new hits", x.p90_hits - current, undefined, "count"),
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
          { x_label: newHitsLabel, y_label: "Probability", y_kind: "probability" },
        ),
        chartOfSeries(
          "bar",
          "Expected new hits by scenario",
          scenarios.map((r) => r.name),
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
    {
      parameter: "Base hazard (assumed)",
      value: `1 in ${formatValue(Math.round(1 / m.base_hazard), "count")} per added address for a standard wallet (assumed)`,
    },
    {
      parameter: "Tier weights",
      value: Object.entries(m.tier_weights)
        .map(([k, v]) => `${k} ${v}`)
        .join(", "),
    },
    { parameter: "Horizon (days)", value: m.horizon_days },
    { parameter: "Model version", value: m.model_version },
  ];
}

/**
 * The numerics: the Monte Carlo run beside the exact computation of the same model, with the
 * target's estimate when the current matches leave it open. Its standard error is the
 * simulation's error alone, not the model's uncertainty (which the sensitivity table and the
 * limitations describe).
 */
function numericsRows(
  f: ExposureForecast,
  forecastTarget: boolean,
): { check: string; value: string | number | null }[] {
  const t = f.target;
  return [
    { check: "Monte Carlo iterations", value: f.forecast_model.iterations },
    { check: "Seed", value: f.forecast_model.seed },
    ...(forecastTarget
      ? [
          { check: "Simulated probability of the target", value: significant(t.probability) },
          {
            check: "Simulation's standard error of that probability",
            value: significant(t.standard_error),
          },
          { check: "Exact probability of the target (the model's)", value: significant(t.exact) },
        ]
      : []),
    { check: "Error bound of the exact computation", value: f.exact.error_bound },
  ];
}
