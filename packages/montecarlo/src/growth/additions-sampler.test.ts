import { describe, expect, it } from "vitest";
import { additionsPmf } from "../exposure/additions-pmf.js";
import { Xoshiro128StarStar } from "../rng/xoshiro128.js";
import { syntheticProcess } from "../test-support/growth-fixtures.js";
import { chiSquare, chiSquareCritical999, mergeBins } from "../test-support/stats.js";
import { AdditionsSampler } from "./additions-sampler.js";

describe("AdditionsSampler", () => {
  it("draws the compound law computed by Panjer's recursion (chi-square at p = 0.001)", () => {
    const p = syntheticProcess();
    for (const h of [30, 90, 365]) {
      const exact = additionsPmf(p, h);
      const sampler = new AdditionsSampler(p, h);
      const rng = Xoshiro128StarStar.fromSeed(h);
      const n = 100_000;
      const counts = new Array<number>(exact.pmf.length).fill(0);
      for (let i = 0; i < n; i++) {
        const a = sampler.draw(rng);
        counts[Math.min(a, counts.length - 1)]! += 1;
      }
      // Bins of ≥ 1,250 expected draws: at most 80, within the tabulated critical values.
      const bins = mergeBins(
        counts,
        [...exact.pmf].map((f) => f * n),
        n / 80,
      );
      const df = bins.expected.length - 1;
      expect(chiSquare(bins.observed, bins.expected)).toBeLessThan(chiSquareCritical999(df));
    }
  });

  it("has the exact mean within 4 standard errors", () => {
    const p = syntheticProcess();
    const exact = additionsPmf(p, 90).mean;
    const sampler = new AdditionsSampler(p, 90);
    const rng = Xoshiro128StarStar.fromSeed(9);
    let sum = 0;
    let sq = 0;
    const n = 200_000;
    for (let i = 0; i < n; i++) {
      const a = sampler.draw(rng);
      sum += a;
      sq += a * a;
    }
    const mean = sum / n;
    const se = Math.sqrt((sq / n - mean * mean) / n);
    expect(Math.abs(mean - exact)).toBeLessThan(4 * se);
  });
});
