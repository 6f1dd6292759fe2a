import { describe, expect, it } from "vitest";
import { Xoshiro128StarStar } from "../rng/xoshiro128.js";
import { logFactorial } from "../special/log-factorial.js";
import {
  chiSquare,
  chiSquareCritical999,
  expectMoments,
  mergeBins,
} from "../test-support/stats.js";
import { logPoissonPmf, POISSON_INVERSION_LIMIT, poisson } from "./poisson.js";

const N = 200_000;

/** P(X = k) for k = 0..kMax by the recurrence p(k) = p(k−1)·mean/k (mean well below 700). */
function poissonPmf(mean: number, kMax: number): Float64Array {
  const p = new Float64Array(kMax + 1);
  p[0] = Math.exp(-mean);
  for (let k = 1; k <= kMax; k++) p[k] = (p[k - 1]! * mean) / k;
  return p;
}

/** Counts of N draws in 0..kMax, the last cell holding everything ≥ kMax. */
function histogram(draw: () => number, kMax: number): Float64Array {
  const counts = new Float64Array(kMax + 1);
  for (let i = 0; i < N; i++) counts[Math.min(draw(), kMax)]!++;
  return counts;
}

describe("poisson", () => {
  it("has mean and variance λ for small and large λ, on both sides of the method switch", () => {
    const rng = Xoshiro128StarStar.fromSeed(501);
    for (const mean of [0.01, 0.5, 3, 4, 12.5, 29.99, 30, 45, 100, 1000, 1e6, 1e9, 1e13]) {
      expectMoments(
        N,
        () => poisson(rng, mean),
        { mean, variance: mean, mu4: mean * (1 + 3 * mean) },
        `poisson(${mean})`,
      );
    }
  });

  it("poisson(4) fits its distribution (chi-square, 13 cells, df 12, p = 0.001)", () => {
    const rng = Xoshiro128StarStar.fromSeed(502);
    const kMax = 12; // cells 0..11 and ≥ 12 (expects ~184)
    const observed = histogram(() => poisson(rng, 4), kMax);
    const pmf = poissonPmf(4, kMax - 1);
    const expected = new Float64Array(kMax + 1);
    let head = 0;
    for (let k = 0; k < kMax; k++) {
      expected[k] = pmf[k]! * N;
      head += pmf[k]!;
    }
    expected[kMax] = (1 - head) * N;
    const x2 = chiSquare(observed, expected);
    expect(x2).toBeLessThan(chiSquareCritical999(12));
    expect(x2).toBeGreaterThan(0);
  });

  it("poisson(45), drawn by PTRS, fits its distribution (chi-square, p = 0.001)", () => {
    const rng = Xoshiro128StarStar.fromSeed(503);
    const kMax = 120;
    const observed = histogram(() => poisson(rng, 45), kMax);
    const pmf = poissonPmf(45, kMax);
    const expected = Array.from(pmf, (p) => p * N);
    const bins = mergeBins(observed, expected, 40);
    const df = bins.expected.length - 1;
    expect(df).toBeGreaterThan(20);
    expect(chiSquare(bins.observed, bins.expected)).toBeLessThan(chiSquareCritical999(df));
  });

  it("PTRS is unbiased to 5 SE and fits by chi-square over 2,000,000 draws (λ = 30, 75)", () => {
    const rng = Xoshiro128StarStar.fromSeed(506);
    const draws = 2_000_000;
    for (const mean of [30, 75]) {
      const kMax = 4 * mean;
      const counts = new Float64Array(kMax + 1);
      let sum = 0;
      for (let i = 0; i < draws; i++) {
        const k = poisson(rng, mean);
        sum += k;
        counts[Math.min(k, kMax)]!++;
      }
      expect(Math.abs(sum / draws - mean)).toBeLessThan(5 * Math.sqrt(mean / draws));
      const expected = Array.from(poissonPmf(mean, kMax), (p) => p * draws);
      const bins = mergeBins(counts, expected, 200);
      const df = bins.expected.length - 1;
      expect(chiSquare(bins.observed, bins.expected)).toBeLessThan(chiSquareCritical999(df));
    }
  });

  it("poisson(0) is always 0 and takes one draw; poisson(1e15) is a finite integer", () => {
    const rng = Xoshiro128StarStar.fromSeed(504);
    const copy = rng.clone();
    for (let i = 0; i < 1000; i++) expect(poisson(rng, 0)).toBe(0);
    for (let i = 0; i < 1000; i++) copy.nextUint32();
    expect(rng.getState()).toEqual(copy.getState());
    const big = poisson(rng, 1e15);
    expect(Number.isInteger(big)).toBe(true);
    expect(Math.abs(big - 1e15)).toBeLessThan(1e9); // 31,623 standard deviations
    expect(POISSON_INVERSION_LIMIT).toBe(30);
  });

  it("logPoissonPmf agrees with −λ + k·ln λ − ln k! and sums to 1 on both branches", () => {
    for (const mean of [30, 200, 900]) {
      let total = 0;
      for (let k = 0; k < 3000; k++) {
        const lp = logPoissonPmf(k, mean);
        total += Math.exp(lp);
        const direct = -mean + k * Math.log(mean) - logFactorial(k);
        expect(Math.abs(lp - direct)).toBeLessThan(1e-9 * Math.max(1, Math.abs(direct)));
      }
      expect(total).toBeCloseTo(1, 12);
    }
  });

  it("refuses means that are negative, not finite or above 1e15", () => {
    const rng = Xoshiro128StarStar.fromSeed(505);
    for (const mean of [-1, Number.NaN, Number.POSITIVE_INFINITY, 2e15]) {
      expect(() => poisson(rng, mean)).toThrow(RangeError);
    }
    expect(() => poisson(rng, -1)).toThrow(
      "poisson: mean must be a finite number in [0, 1000000000000000], got -1",
    );
  });
});
