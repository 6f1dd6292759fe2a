import { requireNonNegativeInteger } from "./outcome.js";

/**
 * The continuous ranked probability score of an integer law at the outcome y,
 * Σₖ (F(k) − 1{y ≤ k})² over k = 0, 1, …: the squared distance between the forecast cdf and the
 * outcome's step, negatively oriented (lower is better; 0 for a certain, right forecast), in the
 * outcome's units. `pmf[k]` = P(k); the mass beyond the table (its `1 − Σ pmf`) is the tail: past
 * the table F stays at Σ pmf, so an outcome beyond it adds ~1 per value up to y, and the terms
 * after both are (1 − Σ pmf)², negligible for a table cut at a tail of 1e-10.
 */
export function crps(pmf: ArrayLike<number>, y: number): number {
  requireNonNegativeInteger("crps", y);
  let cdf = 0;
  let sum = 0;
  const last = Math.max(pmf.length - 1, y);
  for (let k = 0; k <= last; k++) {
    if (k < pmf.length) cdf += pmf[k] as number;
    const step = y <= k ? 1 : 0;
    sum += (cdf - step) ** 2;
  }
  return sum;
}
