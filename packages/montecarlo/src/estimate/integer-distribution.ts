/**
 * Small facts about distributions on 0, 1, 2, … given as a pmf (exact, or the empirical pmf of
 * simulated counts), so the exact and the simulated answers are computed by the same code.
 */

/** The empirical pmf of non-negative integer samples: count(k)/n for k = 0..max. */
export function empiricalPmf(samples: Int32Array): Float64Array {
  let max = 0;
  for (let i = 0; i < samples.length; i++)
    if ((samples[i] as number) > max) max = samples[i] as number;
  const pmf = new Float64Array(max + 1);
  for (let i = 0; i < samples.length; i++)
    pmf[samples[i] as number] = (pmf[samples[i] as number] as number) + 1;
  for (let k = 0; k <= max; k++) pmf[k] = (pmf[k] as number) / samples.length;
  return pmf;
}

/** The pmf of m + X: m zeros in front (m known hits, e.g. current matches). */
export function shifted(pmf: Float64Array, m: number): Float64Array {
  if (m === 0) return pmf;
  const out = new Float64Array(pmf.length + m);
  out.set(pmf, m);
  return out;
}

/** The smallest k with P(X ≤ k) ≥ q (the lower q-quantile); 1e-12 of slack for rounding. */
export function quantileOf(pmf: Float64Array, q: number): number {
  let cumulative = 0;
  for (let k = 0; k < pmf.length; k++) {
    cumulative += pmf[k] as number;
    if (cumulative >= q - 1e-12) return k;
  }
  return pmf.length - 1;
}

/** Σ k·P(X = k). */
export function meanOf(pmf: Float64Array): number {
  let mean = 0;
  for (let k = 1; k < pmf.length; k++) mean += k * (pmf[k] as number);
  return mean;
}
