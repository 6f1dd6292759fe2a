import { describe as describeValue, requireProbability } from "../validate/arguments.js";

/**
 * The exact distribution of X = the number of successes among independent Bernoulli(p_i)
 * trials (the Poisson-binomial distribution): the answer a Monte Carlo simulation of independent
 * wallets approximates, and the yardstick it is tested against.
 */

/** How a count is compared with k: P(X ≥ k), P(X > k), P(X = k), P(X ≤ k), P(X < k). */
export type ComparisonOperator = ">=" | ">" | "==" | "<=" | "<";

export const COMPARISON_OPERATORS: readonly ComparisonOperator[] = [">=", ">", "==", "<=", "<"];

/**
 * P(X = k) for k = 0..n, by the O(n²) dynamic program over the trials, in place in one
 * Float64Array: after trial i, pmf[k] = pmf[k]·(1 − p_i) + pmf[k − 1]·p_i, updated from the top
 * down. Every term is a product of numbers in [0, 1] and sums of non-negative terms, so there is
 * no cancellation: each entry has a small relative error, tiny tails included (unlike FFT or
 * characteristic-function methods). n = 500 takes well under a millisecond.
 *
 * @param ps the success probabilities, each in [0, 1] (an empty list gives [1]).
 */
export function poissonBinomialPmf(ps: ArrayLike<number>): Float64Array {
  const n = ps.length;
  const pmf = new Float64Array(n + 1);
  pmf[0] = 1;
  for (let i = 0; i < n; i++) {
    const p = ps[i] as number;
    requireProbability("poissonBinomialPmf", `ps[${i}]`, p);
    const q = 1 - p;
    // pmf[i + 1] is 0 before this trial.
    pmf[i + 1] = pmf[i]! * p;
    for (let k = i; k >= 1; k--) pmf[k] = pmf[k]! * q + pmf[k - 1]! * p;
    pmf[0] = pmf[0]! * q;
  }
  return pmf;
}

/**
 * P(X op k) from a pmf over 0..n (as `poissonBinomialPmf` returns). k is any integer, so bounds
 * beyond the support are exact: P(X ≥ n + 5) = 0, P(X < n + 5) = 1, P(X ≥ −2) = 1, P(X = −1) = 0.
 * The requested range is summed directly (never 1 − the complement), so small tail
 * probabilities keep their relative precision; a range covering the whole support is exactly 1.
 * The result is clamped to [0, 1].
 */
export function probabilityOf(
  pmf: ArrayLike<number>,
  operator: ComparisonOperator,
  k: number,
): number {
  if (pmf.length === 0) throw new RangeError("probabilityOf: pmf must not be empty");
  if (typeof k !== "number" || !Number.isInteger(k)) {
    throw new RangeError(`probabilityOf: k must be an integer, got ${describeValue(k)}`);
  }
  const n = pmf.length - 1;
  let lo: number;
  let hi: number;
  switch (operator) {
    case ">=":
      lo = k;
      hi = n;
      break;
    case ">":
      lo = k + 1;
      hi = n;
      break;
    case "==":
      lo = k;
      hi = k;
      break;
    case "<=":
      lo = 0;
      hi = k;
      break;
    case "<":
      lo = 0;
      hi = k - 1;
      break;
    default:
      throw new RangeError(
        `probabilityOf: operator must be one of ${COMPARISON_OPERATORS.join(", ")}, got ${describeValue(operator)}`,
      );
  }
  if (lo < 0) lo = 0;
  if (hi > n) hi = n;
  if (lo > hi) return 0;
  if (lo === 0 && hi === n) return 1;
  let sum = 0;
  for (let j = lo; j <= hi; j++) sum += pmf[j]!;
  return Math.min(1, Math.max(0, sum));
}
