import {
  chartOfTable,
  type ReportModelInput,
  reportModel,
  tableFromRecords,
} from "@svc/report-model";
import type { AnalysisParts } from "./analysis.js";
import { summaryRow } from "./estimate.js";
import type { AnalysisType } from "./request-schemas.js";

export const MODEL_VERSION = "scenario-1";

export const DEFAULT_TITLES: Record<AnalysisType, string> = {
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

/** The shared report model (variant A) of an analysis. */
export function scenarioReport(ctx: ReportContext, parts: AnalysisParts): ReportModelInput {
  const meta = {
    report_type: "simulation",
    title: ctx.title ?? DEFAULT_TITLES[ctx.analysis_type],
    analysis_type: ctx.analysis_type,
    simulations_run: parts.simulations_run,
    model_version: MODEL_VERSION,
    seed: ctx.seed,
  };
  const assumptions = {
    model:
      "score = bias + Σ weight·parameter, each parameter Normal(value, sd); success when score + Normal(0, outcome_noise) ≥ threshold",
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
      scenario_summary: tableFromRecords(parts.estimates.map(summaryRow)),
      assumptions: tableFromRecords(
        Object.entries(assumptions).map(([assumption, value]) => ({ assumption, value })),
      ),
      ...parts.tables,
    },
    chart_hints: [
      chartOfTable(
        "bar",
        "Success probability: simulated and exact",
        "scenario_summary",
        "scenario",
        ["success_probability", "exact_probability"],
      ),
      ...parts.charts,
    ],
    workbook_rows: { parameters, ...parts.workbook },
  });
}
