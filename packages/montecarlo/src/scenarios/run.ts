import type { ReportModelInput } from "@svc/report-model";
import { deriveSeed } from "../seed/derive-seed.js";
import type { AnalysisParts, ScenarioDecision } from "./analysis.js";
import { batchProbabilityAnalysis } from "./batch-probability.js";
import { compareAnalysis } from "./compare.js";
import { composedAnalysis } from "./composed.js";
import { requireFiniteResult } from "./finite-guard.js";
import { forecastAnalysis } from "./forecast.js";
import { optimizeAnalysis } from "./optimize.js";
import { probabilityAnalysis } from "./probability.js";
import { MODEL_VERSION, scenarioReport } from "./report.js";
import type { AnalysisType } from "./request-schemas.js";
import { sensitivityAnalysis } from "./sensitivity.js";
import type { ScenarioAnalysisInput } from "./tool-input.js";

/** The output of the MCP tools `monte_carlo_report` and `monte_carlo_decision_report`. */
export interface ScenarioAnalysisOutput {
  readonly analysis_type: AnalysisType;
  readonly seed: number;
  readonly simulations_run: number;
  readonly model_version: typeof MODEL_VERSION;
  readonly result: Record<string, unknown>;
  readonly decision: ScenarioDecision;
  readonly report: ReportModelInput;
}

function analyze(input: ScenarioAnalysisInput, seed: number): AnalysisParts {
  switch (input.analysis_type) {
    case "probability":
      return probabilityAnalysis(input.request, seed);
    case "batch-probability":
      return batchProbabilityAnalysis(input.request, seed);
    case "compare":
      return compareAnalysis(input.request, seed);
    case "sensitivity":
      return sensitivityAnalysis(input.request, seed);
    case "forecast":
      return forecastAnalysis(input.request, seed);
    case "composed":
      return composedAnalysis(input.request, seed);
    case "optimize":
      return optimizeAnalysis(input.request, seed);
  }
}

/**
 * Runs a parsed tool body (`parseMonteCarloReportInput` / `parseMonteCarloDecisionInput`). The
 * seed is the request's, else derived from the canonical JSON of the analysis type and request,
 * so the same body always gives the same output.
 */
export function runScenarioAnalysis(input: ScenarioAnalysisInput): ScenarioAnalysisOutput {
  const { seed: given, ...rest } = input.request;
  const seed = given ?? deriveSeed({ analysis_type: input.analysis_type, request: rest });
  const parts = analyze(input, seed);
  requireFiniteResult(parts.result);
  const report = scenarioReport(
    {
      analysis_type: input.analysis_type,
      title: input.title,
      summary_focus: input.summary_focus,
      seed,
      seed_source: given === undefined ? "derived" : "request",
      sims: input.request.sims,
    },
    parts,
  );
  return {
    analysis_type: input.analysis_type,
    seed,
    simulations_run: parts.simulations_run,
    model_version: MODEL_VERSION,
    result: parts.result,
    decision: parts.decision,
    report,
  };
}
