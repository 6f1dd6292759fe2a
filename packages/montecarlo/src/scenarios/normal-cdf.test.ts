import { describe, expect, it } from "vitest";
import { normalCdf, normalSurvival } from "./normal-cdf.js";

/** Φ(x) from mpmath's `ncdf` at 40 significant digits, rounded to the nearest double. */
const REFERENCE: [number, number][] = [
  [0, 0.5],
  [0.3, 0.6179114221889527],
  [-0.3, 0.3820885778110474],
  [0.5, 0.6914624612740131],
  [0.66291, 0.7463059016102601],
  [1, 0.8413447460685429],
  [-1, 0.15865525393145705],
  [1.5, 0.9331927987311419],
  [1.96, 0.9750021048517795],
  [-2, 0.02275013194817921],
  [2.5, 0.9937903346742238],
  [-3, 0.0013498980316300946],
  [4, 0.9999683287581669],
  [-4, 3.1671241833119924e-5],
  [-5, 2.866515718791939e-7],
  [5.656854248, 0.9999999922913709],
  [-6, 9.86587645037698e-10],
  [-8, 6.220960574271784e-16],
  [-10, 7.619853024160525e-24],
  [-15, 3.670966199312751e-51],
  [-20, 2.7536241186062337e-89],
  [-30, 4.906713927148187e-198],
  [-37, 5.725571222524577e-300],
];

describe("normalCdf (Cody)", () => {
  it.each(REFERENCE)("Φ(%d) to a relative error below 1e-14", (x, expected) => {
    expect(Math.abs(normalCdf(x) - expected) / expected).toBeLessThan(1e-14);
  });

  it("the upper tail keeps its relative precision: 1 − Φ(x) = Φ(−x)", () => {
    for (const [x, expected] of REFERENCE) {
      if (x < 0) expect(Math.abs(normalSurvival(-x) - expected) / expected).toBeLessThan(1e-14);
    }
  });

  it("is symmetric, monotone and continuous at the branch points", () => {
    let previous = 0;
    let worstSymmetry = 0;
    let decreases = 0;
    for (let x = -12; x <= 12; x += 0.001) {
      const p = normalCdf(x);
      if (p < previous) decreases++;
      worstSymmetry = Math.max(worstSymmetry, Math.abs(p + normalCdf(-x) - 1));
      previous = p;
    }
    expect(decreases).toBe(0);
    expect(worstSymmetry).toBeLessThan(2e-16);
    // Across each branch point the step is the density times the gap (2e-12), to 1e-15.
    for (const b of [0.66291, 5.656854248]) {
      const density = Math.exp((-b * b) / 2) / Math.sqrt(2 * Math.PI);
      const step = normalCdf(b + 1e-12) - normalCdf(b - 1e-12);
      expect(Math.abs(step - density * 2e-12)).toBeLessThan(1e-15);
    }
  });

  it("handles the extremes", () => {
    expect(normalCdf(Number.NEGATIVE_INFINITY)).toBe(0);
    expect(normalCdf(Number.POSITIVE_INFINITY)).toBe(1);
    expect(normalCdf(-45)).toBe(0);
    expect(normalCdf(9)).toBe(1);
    expect(normalCdf(Number.NaN)).toBeNaN();
  });
});
