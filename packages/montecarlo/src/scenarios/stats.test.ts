import { describe, expect, it } from "vitest";
import { countAtLeast, meanOf, proportion, quantileOfSorted } from "./stats.js";

describe("proportion", () => {
  it("gives p̂, its standard error and the Wilson interval", () => {
    const e = proportion(30, 100);
    expect(e.probability).toBe(0.3);
    expect(e.standard_error).toBeCloseTo(Math.sqrt(0.21 / 100), 15);
    // Wilson 95% for 30/100 (e.g. R: prop.test(30, 100, correct = FALSE)$conf.int).
    expect(e.interval.low).toBeCloseTo(0.2189489, 6);
    expect(e.interval.high).toBeCloseTo(0.3958485, 6);
  });

  it("is not empty at 0 and 1 successes out of n and stays in [0, 1]", () => {
    const none = proportion(0, 10_000);
    expect(none.interval.low).toBe(0);
    expect(none.interval.high).toBeCloseTo(3.84 / 10_003.84, 5);
    const all = proportion(10_000, 10_000);
    expect(all.interval.high).toBe(1);
    expect(all.interval.low).toBeLessThan(1);
  });
});

describe("sample summaries", () => {
  it("meanOf gives the mean and √(s²/n)", () => {
    const m = meanOf(Float64Array.of(1e9 + 1, 1e9 + 2, 1e9 + 3, 1e9 + 4));
    expect(m.mean).toBe(1e9 + 2.5);
    expect(m.standard_error).toBeCloseTo(Math.sqrt(5 / 3 / 4), 12);
  });

  it("quantileOfSorted interpolates (type 7)", () => {
    const xs = Float64Array.of(1, 2, 3, 4, 5);
    expect([0, 0.05, 0.5, 0.95, 1].map((q) => quantileOfSorted(xs, q))).toEqual([
      1, 1.2, 3, 4.8, 5,
    ]);
  });

  it("countAtLeast counts the values ≥ cut, ties included", () => {
    const xs = Float64Array.of(-1, 0, 0, 0, 2, 5);
    expect([-2, -1, 0, 0.5, 5, 6].map((c) => countAtLeast(xs, c))).toEqual([6, 6, 5, 2, 1, 0]);
  });
});
