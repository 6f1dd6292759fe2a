import { normalSurvival } from "../scenarios/normal-cdf.js";
import { requirePositive, requireProbability } from "../validate/arguments.js";

/**
 * A tail for the batch sizes, so that batches larger than any seen (and unseen sizes between the
 * observed ones) have non-zero probability: the size law is (1 − weight) × the observed sizes
 * + weight × a fitted family.
 * - `lognormal`: a lognormal fitted to the logs of all observed sizes (mean and sample standard
 *   deviation of ln s, each size weighted by its recency weight, see `recencyDays`), discretized to k = 1, 2, … by rounding (k gets the mass of
 *   [k − ½, k + ½), 1 that of (0, 1½)), and cut where its mass left is below
 *   `LOGNORMAL_TAIL_CUT` (or at `MAX_TAIL_SIZE`).
 * - `pareto`: a Pareto beyond the largest observed size m, P(S > s) = (m/s)^α for s ≥ m, α by
 *   Hill's estimator over the sizes at or above the median, discretized to k = m + 1, m + 2, …
 *   (k gets the mass of (k − 1, k]) and cut at `PARETO_CAP` × m (a truncated Pareto).
 * - `none`: the observed sizes alone (a bootstrap): nothing larger than the largest seen.
 */
export type SizeTail = (
  | { readonly family: "none" }
  | { readonly family: "lognormal"; readonly weight: number }
  | { readonly family: "pareto"; readonly weight: number }
) & {
  /**
   * Recency weighting: each observed batch counts exp(−age/τ), its age in days at the fit date,
   * in the observed sizes and in the lognormal's fit (the Pareto's Hill estimate is unweighted).
   * Absent (or infinite): every batch counts the same.
   */
  readonly recencyDays?: number;
};

/** The tail the product uses: chosen by the backtest's proper scores (see the README). */
export const DEFAULT_SIZE_TAIL: SizeTail = { family: "lognormal", weight: 0.75, recencyDays: 730 };

/** The lognormal is cut where the mass beyond is below this (then renormalized). */
export const LOGNORMAL_TAIL_CUT = 1e-4;

/** No tail reaches past this size (a guard against a wild fit; real ones stop near 700). */
const MAX_TAIL_SIZE = 1_000_000;

/** The Pareto is cut at this many times the largest observed size (then renormalized). */
export const PARETO_CAP = 20;

/** Checks a tail's weight (a probability); `where` names the caller. */
export function checkTail(where: string, tail: SizeTail): void {
  if (tail.family !== "none") requireProbability(where, "tail.weight", tail.weight);
  // τ = ∞ (every batch the same) is allowed; NaN, 0 and negatives are not.
  if (tail.recencyDays !== undefined && tail.recencyDays !== Number.POSITIVE_INFINITY) {
    requirePositive(where, "tail.recencyDays", tail.recencyDays);
  }
}

/**
 * The recency weight of each batch, exp(−age/τ) (ages in days at the fit date, τ = `recencyDays`),
 * scaled so that the youngest batch weighs 1 (only ratios matter; no weight underflows to 0 for
 * all batches at once): all 1 when τ is absent or infinite, or no ages are given.
 */
export function recencyWeights(
  count: number,
  ages: readonly number[] | undefined,
  recencyDays: number | undefined,
): Float64Array {
  const w = new Float64Array(count).fill(1);
  if (ages === undefined || recencyDays === undefined || !Number.isFinite(recencyDays)) return w;
  const youngest = Math.min(...ages.slice(0, count));
  for (let i = 0; i < count; i++) w[i] = Math.exp(-((ages[i] as number) - youngest) / recencyDays);
  return w;
}

/**
 * The tail family's probabilities on sizes 1..K (index k − 1), summing to 1, fitted to the
 * observed sizes (positive integers, at least one); `null` when the family cannot be fitted (all
 * sizes equal: no spread to extrapolate from).
 */
export function tailProbabilities(
  family: "lognormal" | "pareto",
  sizes: readonly number[],
  weights: Float64Array = new Float64Array(sizes.length).fill(1),
): Float64Array | null {
  return family === "lognormal" ? lognormal(sizes, weights) : pareto(sizes);
}

/**
 * The lognormal's μ and σ: the weighted mean of the log sizes and their weighted variance with
 * the reliability-weights correction, Σw(x − μ)² / (Σw − Σw²/Σw), which is the sample variance
 * (n − 1 in the denominator) when all weights are equal.
 */
function lognormal(sizes: readonly number[], weights: Float64Array): Float64Array | null {
  let w1 = 0;
  let w2 = 0;
  let sum = 0;
  sizes.forEach((s, i) => {
    const w = weights[i] as number;
    w1 += w;
    w2 += w * w;
    sum += w * Math.log(s);
  });
  const mu = sum / w1;
  let squares = 0;
  sizes.forEach((s, i) => {
    squares += (weights[i] as number) * (Math.log(s) - mu) ** 2;
  });
  const denominator = w1 - w2 / w1;
  const sigma = Math.sqrt(denominator > 0 ? squares / denominator : 0);
  if (!(sigma > 0)) return null;
  // P(X ≥ x) for the continuous lognormal.
  const above = (x: number): number => normalSurvival((Math.log(x) - mu) / sigma);
  // k = 1 takes (0, 1½); k ≥ 2 takes [k − ½, k + ½), until the mass beyond is below the cut.
  const masses: number[] = [1 - above(1.5)];
  for (let k = 2; k <= MAX_TAIL_SIZE && above(k - 0.5) >= LOGNORMAL_TAIL_CUT; k++) {
    masses.push(above(k - 0.5) - above(k + 0.5));
  }
  const upper = masses.reduce((a, b) => a + b, 0);
  return Float64Array.from(masses, (m) => m / upper);
}

function pareto(sizes: readonly number[]): Float64Array | null {
  const sorted = [...sizes].sort((a, b) => a - b);
  const largest = sorted.at(-1) as number;
  const threshold = sorted[(sorted.length - 1) >> 1] as number;
  const top = sorted.filter((s) => s >= threshold);
  const logSum = top.reduce((a, s) => a + Math.log(s / threshold), 0);
  if (!(logSum > 0)) return null;
  const alpha = top.length / logSum;
  const cap = Math.min(PARETO_CAP * largest, Math.max(MAX_TAIL_SIZE, largest + 1));
  const out = new Float64Array(cap);
  let total = 0;
  for (let k = largest + 1; k <= cap; k++) {
    const mass = (largest / (k - 1)) ** alpha - (largest / k) ** alpha;
    out[k - 1] = mass;
    total += mass;
  }
  for (let k = largest; k < cap; k++) out[k] = (out[k] as number) / total;
  return out;
}
