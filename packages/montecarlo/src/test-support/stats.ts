import { expect } from "vitest";

/** Mean and (population) variance of n draws, by Welford's update. */
function sampleMoments(n: number, draw: () => number): { mean: number; variance: number } {
  let mean = 0;
  let m2 = 0;
  for (let i = 1; i <= n; i++) {
    const x = draw();
    const delta = x - mean;
    mean += delta / i;
    m2 += delta * (x - mean);
  }
  return { mean, variance: m2 / n };
}

/** The theoretical moments a sample is checked against. */
export interface Theory {
  readonly mean: number;
  readonly variance: number;
  /** The fourth central moment E[(X − μ)⁴], for the standard error of the sample variance. */
  readonly mu4: number;
}

/**
 * Draws n values and expects the sample mean and variance within `sigmas` standard errors of the
 * theory: SE(mean) = √(σ²/n), SE(variance) ≈ √((μ4 − σ⁴)/n).
 */
export function expectMoments(
  n: number,
  draw: () => number,
  theory: Theory,
  label: string,
  sigmas = 5,
): void {
  const { mean, variance } = sampleMoments(n, draw);
  const seMean = Math.sqrt(theory.variance / n);
  const seVar = Math.sqrt((theory.mu4 - theory.variance ** 2) / n);
  expect(Math.abs(mean - theory.mean), `${label}: mean ${mean} vs ${theory.mean}`).toBeLessThan(
    sigmas * seMean,
  );
  expect(
    Math.abs(variance - theory.variance),
    `${label}: variance ${variance} vs ${theory.variance}`,
  ).toBeLessThan(sigmas * seVar);
}

/** Pearson's statistic Σ (O − E)² / E. */
export function chiSquare(observed: ArrayLike<number>, expected: ArrayLike<number>): number {
  let x2 = 0;
  for (let i = 0; i < observed.length; i++) {
    const e = expected[i]!;
    const d = observed[i]! - e;
    x2 += (d * d) / e;
  }
  return x2;
}

/**
 * Upper 0.1% points of the chi-square distribution, χ²₀.₉₉₉(df), for df = 1..100 (from
 * scipy.stats.chi2.ppf(0.999, df), rounded to 3 decimals). A correct sampler fails a test at this
 * level one time in 1000; the tests use fixed seeds, so a pass is reproducible.
 */
const CHI2_999 = [
  10.828, 13.816, 16.266, 18.467, 20.515, 22.458, 24.322, 26.124, 27.877, 29.588, 31.264, 32.909,
  34.528, 36.123, 37.697, 39.252, 40.79, 42.312, 43.82, 45.315, 46.797, 48.268, 49.728, 51.179,
  52.62, 54.052, 55.476, 56.892, 58.301, 59.703, 61.098, 62.487, 63.87, 65.247, 66.619, 67.985,
  69.346, 70.703, 72.055, 73.402, 74.745, 76.084, 77.419, 78.75, 80.077, 81.4, 82.72, 84.037,
  85.351, 86.661, 87.968, 89.272, 90.573, 91.872, 93.168, 94.461, 95.751, 97.039, 98.324, 99.607,
  100.888, 102.166, 103.442, 104.716, 105.988, 107.258, 108.526, 109.791, 111.055, 112.317, 113.577,
  114.835, 116.092, 117.346, 118.599, 119.85, 121.1, 122.348, 123.594, 124.839, 126.083, 127.324,
  128.565, 129.804, 131.041, 132.277, 133.512, 134.745, 135.978, 137.208, 138.438, 139.666, 140.893,
  142.119, 143.344, 144.567, 145.789, 147.01, 148.23, 149.449,
];

export function chiSquareCritical999(df: number): number {
  const c = CHI2_999[df - 1];
  if (c === undefined) throw new Error(`no tabulated critical value for df = ${df}`);
  return c;
}

/**
 * Bins for a goodness-of-fit test: consecutive outcomes are merged until each bin expects at
 * least `minExpected` (the last bin absorbs a short tail). Returns the merged observed and
 * expected counts.
 */
export function mergeBins(
  observed: ArrayLike<number>,
  expected: ArrayLike<number>,
  minExpected = 5,
): { observed: number[]; expected: number[] } {
  const o: number[] = [];
  const e: number[] = [];
  let accO = 0;
  let accE = 0;
  for (let i = 0; i < expected.length; i++) {
    accO += observed[i]!;
    accE += expected[i]!;
    if (accE >= minExpected) {
      o.push(accO);
      e.push(accE);
      accO = 0;
      accE = 0;
    }
  }
  if (accE > 0 || accO > 0) {
    if (e.length === 0) {
      o.push(accO);
      e.push(accE);
    } else {
      o[o.length - 1]! += accO;
      e[e.length - 1]! += accE;
    }
  }
  return { observed: o, expected: e };
}
