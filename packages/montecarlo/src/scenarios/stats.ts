export {
  type ProbabilityEstimate,
  proportion,
  Z_95,
} from "../estimate/proportion.js";

/** A mean with its standard error, from a sample. */
export interface MeanEstimate {
  readonly mean: number;
  readonly standard_error: number;
}

/** The sample mean and √(s²/n) (Welford's update, so large offsets do not cancel). */
export function meanOf(values: Float64Array): MeanEstimate {
  let mean = 0;
  let m2 = 0;
  for (let i = 0; i < values.length; i++) {
    const x = values[i]!;
    const d = x - mean;
    mean += d / (i + 1);
    m2 += d * (x - mean);
  }
  const n = values.length;
  return { mean, standard_error: n > 1 ? Math.sqrt(m2 / (n - 1) / n) : 0 };
}

/** The q-quantile of ascending values, interpolated linearly (Hyndman & Fan type 7). */
export function quantileOfSorted(sorted: Float64Array, q: number): number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const a = sorted[lo]!;
  return lo + 1 < sorted.length ? a + (h - lo) * (sorted[lo + 1]! - a) : a;
}

/** How many of the ascending values are ≥ cut (binary search). */
export function countAtLeast(sorted: Float64Array, cut: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < cut) lo = mid + 1;
    else hi = mid;
  }
  return sorted.length - lo;
}
