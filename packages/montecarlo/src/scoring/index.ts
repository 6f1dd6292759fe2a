export { crps } from "./crps.js";
export { LOG_SCORE_FLOOR, type LogScore, logScore } from "./log-score.js";
export {
  type CountMoments,
  compoundPoissonMoments,
  negativeBinomialPmf,
} from "./negative-binomial-baseline.js";
export { pitCoverage } from "./pit-coverage.js";
