import { describe, expect, it } from "vitest";
import { additionsPmf } from "../exposure/additions-pmf.js";
import { AdditionsSampler } from "../growth/additions-sampler.js";
import { Xoshiro128StarStar } from "../rng/xoshiro128.js";
import { syntheticProcess } from "../test-support/growth-fixtures.js";
import { pitCoverage } from "./pit-coverage.js";

describe("pitCoverage", () => {
  it("is exactly nominal in expectation under the law itself (the shares tile [0, 1])", () => {
    for (const h of [30, 90, 365]) {
      const { pmf } = additionsPmf(syntheticProcess(), h);
      for (const level of [0.5, 0.9]) {
        let expected = 0;
        pmf.forEach((p, y) => {
          expected += p * pitCoverage(pmf, y, level);
        });
        expect(expected).toBeCloseTo(level, 8);
      }
    }
  });

  it("averages to 0.5 and 0.9 over outcomes drawn from the model (within 4 standard errors)", () => {
    const p = syntheticProcess();
    const { pmf } = additionsPmf(p, 30);
    const sampler = new AdditionsSampler(p, 30);
    const rng = Xoshiro128StarStar.fromSeed(18);
    const n = 40_000;
    for (const level of [0.5, 0.9]) {
      let sum = 0;
      let sq = 0;
      for (let i = 0; i < n; i++) {
        const c = pitCoverage(pmf, sampler.draw(rng), level);
        sum += c;
        sq += c * c;
      }
      const mean = sum / n;
      const se = Math.sqrt((sq / n - mean * mean) / n);
      expect(Math.abs(mean - level)).toBeLessThan(4 * se);
    }
  });

  it("splits a probability step by its overlap with the band", () => {
    // F(−1) = 0, F(0) = 0.6, F(1) = 0.9, F(2) = 1.
    const pmf = [0.6, 0.3, 0.1];
    expect(pitCoverage(pmf, 0, 0.5)).toBeCloseTo(0.35 / 0.6, 12);
    expect(pitCoverage(pmf, 1, 0.5)).toBeCloseTo(0.15 / 0.3, 12);
    expect(pitCoverage(pmf, 2, 0.5)).toBe(0);
    expect(pitCoverage(pmf, 2, 0.9)).toBeCloseTo(0.05 / 0.1, 12);
    // A certain outcome covers the band's share of [0, 1]; an impossible one is a point PIT.
    expect(pitCoverage([1], 0, 0.9)).toBeCloseTo(0.9, 12);
    expect(pitCoverage([1], 3, 0.9)).toBe(0);
    expect(pitCoverage([0, 0.5, 0.5], 0, 0.5)).toBe(0);
  });

  it("refuses a level outside (0, 1) and a negative or fractional outcome", () => {
    expect(() => pitCoverage([1], 0, 1)).toThrow(RangeError);
    expect(() => pitCoverage([1], -1, 0.5)).toThrow(/y must be a non-negative integer/);
    expect(() => pitCoverage([1], 0.5, 0.5)).toThrow(RangeError);
  });
});
