import { describe, expect, it } from "vitest";
import { Xoshiro128StarStar } from "../rng/xoshiro128.js";
import { chiSquare, chiSquareCritical999, mergeBins } from "../test-support/stats.js";
import { ConditionalHits, invert } from "./conditional-hits.js";

describe("ConditionalHits", () => {
  const hazards = Float64Array.from({ length: 300 }, (_, j) => 1e-4 * (1 + (j % 7)));

  it("tabulated and wallet-by-wallet draws follow the same law (chi-square at p = 0.001)", () => {
    const hits = new ConditionalHits([hazards]);
    const a = 120;
    const cdf = hits.cdfsAt(a)[0] as Float64Array;
    const n = 40_000;
    for (const mode of ["drawTabulated", "drawDirect"] as const) {
      const rng = Xoshiro128StarStar.fromSeed(mode === "drawDirect" ? 3 : 4);
      const counts = new Array<number>(cdf.length + 5).fill(0);
      const out = new Int32Array(1);
      for (let i = 0; i < n; i++) {
        hits[mode](a, rng, out);
        counts[out[0] as number]! += 1;
      }
      const expected = counts.map(
        (_, k) => n * ((cdf[k] ?? 1) - (k === 0 ? 0 : (cdf[k - 1] ?? 1))),
      );
      const bins = mergeBins(counts, expected);
      const x2 = chiSquare(bins.observed, bins.expected);
      expect(x2, mode).toBeLessThan(chiSquareCritical999(bins.expected.length - 1));
    }
  });

  it("keeps each group apart and caches one table per value of a", () => {
    const hits = new ConditionalHits([Float64Array.of(1), new Float64Array(0), Float64Array.of(0)]);
    const out = new Int32Array(3);
    hits.drawTabulated(5, Xoshiro128StarStar.fromSeed(1), out);
    expect([...out]).toEqual([1, 0, 0]);
    hits.drawDirect(5, Xoshiro128StarStar.fromSeed(1), out);
    expect([...out]).toEqual([1, 0, 0]);
    hits.cdfsAt(5);
    expect(hits.tables).toBe(1);
  });

  it("invert returns the smallest k with cdf[k] > u", () => {
    const cdf = Float64Array.of(0.2, 0.5, 0.5, 1);
    expect([0, 0.19, 0.2, 0.49, 0.5, 0.99].map((u) => invert(cdf, u))).toEqual([0, 0, 1, 1, 3, 3]);
  });
});
