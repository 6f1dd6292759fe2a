import { empiricalPmf, meanOf, quantileOf } from "../estimate/integer-distribution.js";

/** The simulated addresses added to the list over the horizon. */
export interface AdditionsSummary {
  readonly mean: number;
  readonly p5: number;
  readonly p50: number;
  readonly p90: number;
  readonly p95: number;
  /** The share of simulated futures in which the list adds no address. */
  readonly p_no_addition: number;
}

export function additionsSummary(additions: Int32Array): AdditionsSummary {
  const pmf = empiricalPmf(additions);
  return {
    mean: meanOf(pmf),
    p5: quantileOf(pmf, 0.05),
    p50: quantileOf(pmf, 0.5),
    p90: quantileOf(pmf, 0.9),
    p95: quantileOf(pmf, 0.95),
    p_no_addition: pmf[0] as number,
  };
}
