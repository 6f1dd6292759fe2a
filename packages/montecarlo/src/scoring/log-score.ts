import { requireNonNegativeInteger } from "./outcome.js";

/** The smallest probability a log score uses: keeps −ln p finite (690.8) for an outcome of mass 0. */
export const LOG_SCORE_FLOOR = 1e-300;

/** −ln p(y), and whether p(y) was below the floor. */
export interface LogScore {
  readonly score: number;
  readonly floored: boolean;
}

/**
 * The logarithmic score of an integer law at the outcome y, −ln P(y), negatively oriented like
 * the CRPS (lower is better; 0 for a certain, right forecast). A probability below
 * `LOG_SCORE_FLOOR` (an outcome the law all but excludes) is floored there only to keep the
 * score finite, and reported as `floored` so that such windows can be counted.
 */
export function logScore(pmf: ArrayLike<number>, y: number): LogScore {
  requireNonNegativeInteger("logScore", y);
  const p = y < pmf.length ? (pmf[y] as number) : 0;
  const floored = !(p >= LOG_SCORE_FLOOR);
  return { score: -Math.log(floored ? LOG_SCORE_FLOOR : p), floored };
}
