export {
  COMPARISON_OPERATORS,
  type ComparisonOperator,
  poissonBinomialPmf,
  probabilityOf,
} from "./exact/poisson-binomial.js";
export { type AdditionsPmf, additionsPmf, EXACT_TAIL } from "./exposure/additions-pmf.js";
export {
  DEFAULT_TARGET,
  EXPOSURE_MODEL_VERSION,
  type ExposureForecast,
  forecastExposure,
} from "./exposure/forecast.js";
export { FORECAST_REPORT_TYPE } from "./exposure/forecast-report.js";
export { type BasedHistory, chooseGrowth, type HistoryBasis } from "./exposure/growth-basis.js";
export {
  DEFAULT_BASE_HAZARD,
  DEFAULT_TIER_WEIGHTS,
  hazardOf,
  MAX_HAZARD,
} from "./exposure/hazard.js";
export {
  LINK_PROBABILITY,
  type LinkedParty,
  type LinkedPartyLookup,
  linkProbability,
  PARTY_PRIOR_EVENTS,
  type PartyRate,
  partyRate,
} from "./exposure/linked/linked-party.js";
export type { ExposureContext, ScreeningStatus } from "./exposure/portfolio.js";
export {
  type BatchSizes,
  batchSizesWithTail,
  DEFAULT_MEAN_BATCH_SIZE,
  empiricalBatchSizes,
  geometricBatchSizes,
  MIN_EMPIRICAL_EVENTS,
} from "./growth/batch-sizes.js";
export {
  type ConfidenceGrade,
  confidenceOf,
  DEFAULT_GROWTH_PRIOR,
  type EventProcess,
  fitListGrowth,
  fromPriorRate,
  type GrowthEvent,
  type GrowthPrior,
  type ListGrowthHistory,
  type ListGrowthModel,
  MIN_CONFIDENT_DAYS,
  MIN_CONFIDENT_EVENTS,
  type ModelConfidence,
  PRIOR_RATE_REASON,
  type PriorRateOptions,
} from "./growth/list-growth-model.js";
export {
  type GrowthSimulation,
  type GrowthSummary,
  MAX_GROWTH_HORIZON_DAYS,
  MAX_GROWTH_ITERATIONS,
  simulateGrowth,
  summarizeGrowth,
} from "./growth/simulate-growth.js";
export {
  DEFAULT_SIZE_TAIL,
  LOGNORMAL_TAIL_CUT,
  MAX_TAIL_SIZE,
  PARETO_CAP,
  type SizeTail,
} from "./growth/size-tail.js";
export * from "./inputs/index.js";
export {
  type OrderOutcome,
  optimizeQueue,
  type QueueOptimization,
  type QueueOptimizationResult,
  type QueueRow,
} from "./queue/optimize-queue.js";
export { QUEUE_REPORT_TYPE } from "./queue/queue-report.js";
export { naiveOrder, optimizedOrder } from "./queue/rank-items.js";
export { AliasTable, discrete } from "./random/alias-table.js";
export { bernoulli } from "./random/bernoulli.js";
export { gamma } from "./random/gamma.js";
export { normal, standardNormal } from "./random/normal.js";
export { POISSON_INVERSION_LIMIT, POISSON_MAX_MEAN, poisson } from "./random/poisson.js";
export { uniform, uniformInt } from "./random/uniform.js";
export type { RandomSource } from "./rng/random-source.js";
export { Xoshiro128StarStar } from "./rng/xoshiro128.js";
export * from "./scenarios/index.js";
export * from "./scoring/index.js";
export { canonicalJson, deriveSeed } from "./seed/derive-seed.js";
export { logFactorial } from "./special/log-factorial.js";
