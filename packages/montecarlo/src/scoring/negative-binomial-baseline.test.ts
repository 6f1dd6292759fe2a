import { describe, expect, it } from "vitest";
import { compoundPoissonMoments, negativeBinomialPmf } from "./negative-binomial-baseline.js";

function moments(pmf: Float64Array) {
  let total = 0;
  let mean = 0;
  let second = 0;
  pmf.forEach((p, k) => {
    total += p;
    mean += k * p;
    second += k * k * p;
  });
  return { total, mean, variance: second - mean * mean };
}

describe("compoundPoissonMoments", () => {
  it("is λh·E[S] and λh·E[S²] for the trailing window's events and sizes", () => {
    // Two events in 365 days (λ = 2/365), sizes 1 and 3 (E[S] = 2, E[S²] = 5), h = 365.
    expect(compoundPoissonMoments([1, 3], 365, 365)).toEqual({ mean: 4, variance: 10 });
    const m = compoundPoissonMoments([4, 4, 10, 53], 365, 90);
    expect(m.mean).toBeCloseTo(((4 * 90) / 365) * ((4 + 4 + 10 + 53) / 4), 12);
    expect(m.variance).toBeCloseTo(((4 * 90) / 365) * ((16 + 16 + 100 + 2809) / 4), 12);
    expect(compoundPoissonMoments([], 365, 30)).toEqual({ mean: 0, variance: 0 });
  });

  it("refuses a size that is not a positive integer", () => {
    expect(() => compoundPoissonMoments([0], 365, 30)).toThrow(/sizes\[0\]/);
  });
});

describe("negativeBinomialPmf", () => {
  it("has the requested mean and variance (overdispersed: a negative binomial)", () => {
    for (const [mean, variance] of [
      [4, 10],
      [30, 900],
      [120, 8000],
      [0.3, 12],
    ] as const) {
      const m = moments(negativeBinomialPmf(mean, variance));
      expect(m.total).toBeCloseTo(1, 9);
      expect(m.mean).toBeCloseTo(mean, 6);
      // The 1e-10 of mass left out sits far out, where k² is large: the variance is within 1e-4.
      expect(m.variance / variance).toBeCloseTo(1, 4);
    }
  });

  it("is the Poisson law when the variance does not exceed the mean, certainty at 0 for mean 0", () => {
    const p = negativeBinomialPmf(3, 2);
    expect(p[0]).toBeCloseTo(Math.exp(-3), 15);
    expect(p[2]).toBeCloseTo((Math.exp(-3) * 9) / 2, 15);
    expect(moments(p).variance).toBeCloseTo(3, 6);
    expect([...negativeBinomialPmf(0, 0)]).toEqual([1]);
  });

  it("tabulates at least through the index asked for, where P(0) underflows too", () => {
    const p = negativeBinomialPmf(2, 3, 200);
    expect(p.length).toBeGreaterThan(200);
    expect(p[200]).toBeGreaterThan(0);
    const wide = negativeBinomialPmf(1000, 1001);
    expect(moments(wide).mean).toBeCloseTo(1000, 5);
  });
});
