import { meanOf, quantileOf, shifted } from "../estimate/integer-distribution.js";
import type { ComparisonOperator } from "../exact/poisson-binomial.js";
import { probabilityOf } from "../exact/poisson-binomial.js";
import type { EventProcess } from "../growth/list-growth-model.js";
import { type AdditionsPmf, additionsPmf } from "./additions-pmf.js";
import { ConditionalHits } from "./conditional-hits.js";
import { hitsDistribution } from "./exact-mixture.js";
import { convolve, type LinkedHits } from "./linked/party-hits.js";

/** The exact distribution of the total hits (current matches + future hits) and its figures. */
export interface HitsOutlook {
  /** P(total hits = k), k = 0, 1, … (current matches shift it). */
  readonly pmf: Float64Array;
  readonly expectedHits: number;
  readonly p50Hits: number;
  readonly p90Hits: number;
  readonly targetProbability: number;
  /** An upper bound on the probability mass the exact tables left out. */
  readonly errorBound: number;
}

export interface Target {
  readonly operator: ComparisonOperator;
  readonly k: number;
}

/**
 * Summarizes the pmf of the future hits plus `matches` certain ones. The target is evaluated
 * as P(future op k − matches), so a range that covers every outcome is exactly 1.
 */
export function outlookOf(
  future: Float64Array,
  matches: number,
  target: Target,
  errorBound: number,
): HitsOutlook {
  const pmf = shifted(future, matches);
  return {
    pmf,
    expectedHits: meanOf(pmf),
    p50Hits: quantileOf(pmf, 0.5),
    p90Hits: quantileOf(pmf, 0.9),
    targetProbability: probabilityOf(future, target.operator, target.k - matches),
    errorBound,
  };
}

/**
 * The exact outlook of `matches` certain hits plus the wallets of `hazards` over the horizon,
 * the additions' compound negative binomial law, and the Poisson-binomial hits given each number
 * of additions, mixed; wallets linked to parties (`linked`, group 0) convolved with them.
 * `additions`, `hits` and `linked` may be passed to share them with a simulation.
 */
export function exactOutlook(
  process: EventProcess | null,
  horizonDays: number,
  hazards: Float64Array,
  matches: number,
  target: Target,
  additions: AdditionsPmf = additionsPmf(process, horizonDays),
  hits: ConditionalHits = new ConditionalHits([hazards]),
  linked: LinkedHits | null = null,
): HitsOutlook {
  const mixture = hitsDistribution(additions, hits);
  if (linked === null || linked.empty) {
    return outlookOf(mixture.pmf, matches, target, mixture.errorBound);
  }
  // Parties are independent of one another and of the list's other additions: the linked
  // wallets' law convolves with the others'.
  const parties = linked.exact(0);
  const pmf = convolve(mixture.pmf, parties.pmf);
  return outlookOf(pmf, matches, target, mixture.errorBound + parties.errorBound);
}
