import {
  chartOfSeries,
  labelOfKey,
  type ReportModelInput,
  reportModel,
  tableFromRecords,
} from "@svc/report-model";
import type { AnalysisParts } from "./analysis.js";
import { summaryRow } from "./estimate.js";
import type { AnalysisType } from "./request-schemas.js";

export const MODEL_VERSION = "scenario-1";

const DEFAULT_TITLES: Record<AnalysisType, string> = {
  probability: "Scenario success probability",
  "batch-probability": "Scenario ranking by success probability",
  compare: "Scenario comparison",
  sensitivity: "Scenario sensitivity",
  forecast: "Scenario forecast",
  composed: "Composed scenario",
  optimize: "Scenario optimization",
};

export interface ReportContext {
  readonly analysis_type: AnalysisType;
  readonly title?: string | undefined;
  readonly summary_focus?: string | undefined;
  readonly seed: number;
  readonly seed_source: "request" | "derived";
  readonly sims: number;
}

/** Who a scenario report names as its author: no person writes it. */
const SCENARIO_REPORT_AUTHOR = "Monte Carlo decision engine (automated)";

/** Assumption names a key's humanized form would not read well as. */
const ASSUMPTION_NAMES: Readonly<Record<string, string>> = {
  sims_per_scenario: "Simulations per scenario",
  seed_source: "Seed source",
  exact_probability: "Exact probability",
};

/** The `scenario_summary` columns' labels and kinds, set where inference would guess. */
const SUMMARY_DISPLAY = {
  labels: {
    score_sd: "Score SD",
    outcome_sd: "Outcome SD (with noise)",
    ci_low: "95% interval low",
    ci_high: "95% interval high",
    // The simulation's error alone: the scenario's own model is exact (see exact_probability).
    standard_error: "Monte Carlo standard error",
  },
  kinds: {
    scenario: "text",
    threshold: "number",
    mean_score: "number",
    score_sd: "number",
    outcome_sd: "number",
    success_probability: "probability",
    ci_low: "probability",
    ci_high: "probability",
    standard_error: "probability",
    exact_probability: "probability",
  },
} as const;

/** The shared report model (variant A) of an analysis. */
export function scenarioReport(ctx: ReportContext, parts: AnalysisParts): ReportModelInput {
  const meta = {
    report_type: "simulation",
    title: ctx.title ?? DEFAULT_TITLES[ctx.analysis_type],
    author: SCENARIO_REPORT_AUTHOR,
    version: MODEL_VERSION,
    analysis_type: ctx.analysis_type,
    simulations_run: parts.simulations_run,
    model_version: MODEL_VERSION,
    seed: ctx.seed,
  };
  const assumptions = {
    model:
      "score = bias + Σ weight·parameter, each parameter Normal(value, sd); success when score + Normal(0, outcome noise) ≥ threshold",
    model_version: MODEL_VERSION,
    sims_per_scenario: ctx.sims,
    seed: ctx.seed,
    seed_source:
      ctx.seed_source === "request"
        ? "given in the request"
        : "derived from the canonical JSON of the request (FNV-1a)",
    generator: "xoshiro128** seeded through SplitMix64; normals by Marsaglia's polar method",
    interval: "Wilson score interval, 95%",
    exact_probability: "Φ((mean − threshold)/sd), score + noise being exactly normal",
    ...parts.assumptions,
  };
  const parameters = parts.scenarios.flatMap(({ label, scenario: sc }) =>
    sc.names.map((name, i) => ({
      scenario: label,
      parameter: name,
      value: sc.values[i]!,
      weight: sc.weights[i]!,
      uncertainty_sd: sc.sds[i]!,
    })),
  );
  const focus = ctx.summary_focus === undefined ? [] : [`Requested focus: ${ctx.summary_focus}`];
  return reportModel(meta, {
    executive_summary: [...parts.summary, ...focus],
    headline_metrics: parts.metrics,
    tables: {
      scenario_summary: tableFromRecords(
        parts.estimates.map(summaryRow),
        undefined,
        SUMMARY_DISPLAY,
      ),
      // Each assumption by its name in words: a row's name is read, not a key.
      assumptions: tableFromRecords(
        Object.entries(assumptions).map(([key, value]) => ({
          assumption: ASSUMPTION_NAMES[key] ?? labelOfKey(key),
          value,
        })),
      ),
      ...parts.tables,
    },
    chart_hints: [
      // Inline figures, so the series are named in words rather than by column key.
      chartOfSeries(
        "bar",
        "Success probability: simulated and exact",
        parts.estimates.map((e) => e.label),
        [
          { name: "Simulated", values: parts.estimates.map((e) => e.probability) },
          { name: "Exact", values: parts.estimates.map((e) => e.exact_probability) },
        ],
        { x_label: "Scenario", y_label: "Success probability" },
      ),
      ...parts.charts,
    ],
    workbook_rows: { parameters, ...parts.workbook },
  });
}
