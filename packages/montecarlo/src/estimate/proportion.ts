/** A simulated probability with its Monte Carlo standard error and 95% Wilson interval. */
export interface ProportionEstimate {
  readonly estimate: number;
  readonly standardError: number;
  readonly interval95: readonly [number, number];
}

const Z95 = 1.959963984540054;

/**
 * p̂ = p, the standard error √(p̂(1 − p̂)/n), and the Wilson score interval (it stays inside
 * [0, 1] and is not empty at p̂ = 0 or 1, unlike p̂ ± 1.96·SE).
 */
export function proportionEstimate(p: number, n: number): ProportionEstimate {
  const standardError = Math.sqrt((p * (1 - p)) / n);
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return {
    estimate: p,
    standardError,
    interval95: [Math.max(0, centre - half), Math.min(1, centre + half)],
  };
}
