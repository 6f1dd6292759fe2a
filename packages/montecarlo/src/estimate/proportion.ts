/** The two-sided 95% standard normal quantile, Φ⁻¹(0.975). */
export const Z_95 = 1.959963984540054;

/** A 95% interval. */
interface Interval {
  readonly low: number;
  readonly high: number;
}

/** A Monte Carlo estimate of a probability. */
export interface ProbabilityEstimate {
  readonly probability: number;
  /** √(p̂(1 − p̂)/n), the Monte Carlo standard error. */
  readonly standard_error: number;
  /** The Wilson score interval (95%): unlike p̂ ± 1.96·SE it stays in [0, 1] and is not empty
   *  at p̂ = 0 or 1. */
  readonly interval: Interval;
}

/** The estimate of a probability from `successes` out of `n` runs. */
export function proportion(successes: number, n: number): ProbabilityEstimate {
  const p = successes / n;
  const z2n = (Z_95 * Z_95) / n;
  const center = (p + z2n / 2) / (1 + z2n);
  const half = (Z_95 / (1 + z2n)) * Math.sqrt((p * (1 - p)) / n + z2n / (4 * n));
  return {
    probability: p,
    standard_error: Math.sqrt((p * (1 - p)) / n),
    // Exactly 0 (1) at no (all) successes, where rounding would leave a tiny residue.
    interval: {
      low: successes === 0 ? 0 : Math.max(0, center - half),
      high: successes === n ? 1 : Math.min(1, center + half),
    },
  };
}
