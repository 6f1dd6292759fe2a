export type { AnalysisParts, ScenarioDecision } from "./analysis.js";
export type { ScenarioEstimate } from "./estimate.js";
export { EXAMPLE_SCENARIO_REQUEST } from "./example-request.js";
export {
  type CompiledScenario,
  compileScenario,
  exactOf,
  exactProbability,
  meanScore,
  outcomeSd,
  scoreSd,
} from "./model.js";
export { normalCdf, normalSurvival } from "./normal-cdf.js";
export { DEFAULT_TITLES, MODEL_VERSION } from "./report.js";
export {
  ANALYSIS_TYPES,
  type AnalysisType,
  BatchProbabilityRequestSchema,
  CompareRequestSchema,
  ComposedRequestSchema,
  DEFAULT_DELTA,
  DEFAULT_OPTIMIZE_ITERATIONS,
  DEFAULT_PERIODS,
  DEFAULT_UNCERTAINTY_GROWTH,
  ForecastRequestSchema,
  GROWTH_MODES,
  MAX_BATCH_SCENARIOS,
  MAX_COMPONENTS,
  MAX_PERIODS,
  OPTIMIZE_OBJECTIVES,
  OptimizeRequestSchema,
  ProbabilityRequestSchema,
  SCENARIO_REQUEST_SCHEMAS,
  type ScenarioRequest,
  SENSITIVITY_MODES,
  SensitivityRequestSchema,
} from "./request-schemas.js";
export { runScenarioAnalysis, type ScenarioAnalysisOutput } from "./run.js";
export {
  DEFAULT_SIMS,
  MAX_LABEL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PARAMETERS,
  MAX_SIMS,
  MIN_SIMS,
  type Scenario,
  ScenarioSchema,
} from "./scenario-schema.js";
export { type Interval, type ProbabilityEstimate, proportion } from "./stats.js";
export {
  MonteCarloDecisionInputSchema,
  MonteCarloDecisionToolSchema,
  type MonteCarloReportInput,
  MonteCarloReportInputSchema,
  MonteCarloReportToolSchema,
  OUTPUT_FORMATS,
  type OutputFormat,
  parseMonteCarloDecisionInput,
  parseMonteCarloReportInput,
  parseScenarioRequest,
  type ScenarioAnalysisInput,
} from "./tool-input.js";
