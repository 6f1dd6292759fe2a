/**
 * The exact probability that the weights of the successful components add up to at least half
 * the total, for independent components with success probabilities `p`: the sum over all 2^n
 * outcomes, built component by component (n ≤ 20: at most 2^20 terms). Weights are added in
 * component order from 0, as the simulation adds them, so ties at exactly half compare alike.
 */
export function weightedMajorityProbability(weights: Float64Array, p: Float64Array): number {
  const n = weights.length;
  const sums = new Float64Array(2 ** n);
  const probs = new Float64Array(2 ** n);
  probs[0] = 1;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const size = 2 ** i;
    const w = weights[i]!;
    const pi = p[i]!;
    total += w;
    for (let j = 0; j < size; j++) {
      sums[size + j] = sums[j]! + w;
      probs[size + j] = probs[j]! * pi;
      probs[j] = probs[j]! * (1 - pi);
    }
  }
  let out = 0;
  for (let j = 0; j < sums.length; j++) if (sums[j]! >= total / 2) out += probs[j]!;
  return Math.min(1, out);
}
