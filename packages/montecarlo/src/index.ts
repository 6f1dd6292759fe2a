export {
  // Named by the declarations of dependents that infer types from the forecast's input schema
  // (an MCP tool's input), so it must be reachable from the entry.
  /** @public */ type ComparisonOperator,
  poissonBinomialPmf,
  /** @public */ probabilityOf,
} from "./exact/poisson-binomial.js";
export { additionsPmf, /** @public */ EXACT_TAIL } from "./exposure/additions-pmf.js";
export { forecastExposure } from "./exposure/forecast.js";
export type { ExposureForecast } from "./exposure/forecast-types.js";
export { type BasedHistory, chooseGrowth } from "./exposure/growth-basis.js";
export { /** @public */ DEFAULT_BASE_HAZARD } from "./exposure/hazard.js";
export {
  /** @public */ type CheckedRequest,
  checkedForecastRequest,
  checkedQueueRequest,
} from "./exposure/linked/checked-requests.js";
export {
  /** @public */ LINK_PROBABILITY,
  type LinkedParty,
  /** @public */ PARTY_PRIOR_EVENTS,
  /** @public */ partyRate,
} from "./exposure/linked/linked-party.js";
export type { ExposureContext, /** @public */ ScreeningStatus } from "./exposure/portfolio.js";
export {
  /** @public */ DEFAULT_MEAN_BATCH_SIZE,
  MIN_EMPIRICAL_EVENTS,
} from "./growth/batch-sizes.js";
export {
  /** @public */ confidenceOf,
  DEFAULT_GROWTH_PRIOR,
  fitListGrowth,
  /** @public */ fromPriorRate,
} from "./growth/list-growth-model.js";
export {
  /** @public */ simulateGrowth,
  /** @public */ summarizeGrowth,
} from "./growth/simulate-growth.js";
export { DEFAULT_SIZE_TAIL, /** @public */ LOGNORMAL_TAIL_CUT } from "./growth/size-tail.js";
export {
  /** @public */ DEFAULT_HORIZON_DAYS,
  /** @public */ DEFAULT_ITERATIONS,
} from "./inputs/fields.js";
export {
  ExposureForecastInputSchema,
  /** @public */ parseForecastInput,
} from "./inputs/forecast-input.js";
export { InputError, type InputIssue, toIssueList } from "./inputs/input-error.js";
export { /** @public */ parseQueueInput, QueueOptimizeInputSchema } from "./inputs/queue-input.js";
export { optimizeQueue } from "./queue/optimize-queue.js";
export type { QueueOptimization } from "./queue/queue-types.js";
export { /** @public */ AliasTable, discrete } from "./random/alias-table.js";
export { bernoulli } from "./random/bernoulli.js";
export { gamma } from "./random/gamma.js";
export { normal, standardNormal } from "./random/normal.js";
export { poisson } from "./random/poisson.js";
export { /** @public */ uniform, /** @public */ uniformInt } from "./random/uniform.js";
export type { /** @public */ RandomSource } from "./rng/random-source.js";
export { Xoshiro128StarStar } from "./rng/xoshiro128.js";
export { EXAMPLE_SCENARIO_REQUEST } from "./scenarios/example-request.js";
export { /** @public */ normalCdf } from "./scenarios/normal-cdf.js";
export { ANALYSIS_TYPES } from "./scenarios/request-schemas.js";
export { runScenarioAnalysis, type ScenarioAnalysisOutput } from "./scenarios/run.js";
export {
  MonteCarloDecisionToolSchema,
  MonteCarloReportToolSchema,
  parseMonteCarloDecisionInput,
  parseMonteCarloReportInput,
} from "./scenarios/tool-input.js";
export { crps } from "./scoring/crps.js";
export { logScore } from "./scoring/log-score.js";
export {
  compoundPoissonMoments,
  negativeBinomialPmf,
} from "./scoring/negative-binomial-baseline.js";
export { pitCoverage } from "./scoring/pit-coverage.js";
export { /** @public */ deriveSeed } from "./seed/derive-seed.js";
export { /** @public */ logFactorial } from "./special/log-factorial.js";
