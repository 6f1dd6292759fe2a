import { describe, expect, it } from "vitest";
import { logFactorial, stirlingCorrection } from "./log-factorial.js";

/** ln Γ(k + 1) to double precision (mpmath.loggamma at 40 digits). */
const REFERENCE: [number, number][] = [
  [0, 0],
  [1, 0],
  [2, Math.LN2],
  [10, 15.104412573075516],
  [100, 363.73937555556347],
  [255, 1161.7121011184006],
  [256, 1167.2572785628802],
  [257, 1172.8063546477754],
  [300, 1414.905849945068],
  [1000, 5912.128178488163],
  [12345, 103962.95347844968],
  [1e6, 12815518.384658169],
  [1e9, 19723265848.226982],
  [1e15, 3.3538776394910704e16],
];

describe("logFactorial", () => {
  it("matches ln Γ(k + 1) to ~1e-14 relative on both sides of the table", () => {
    for (const [k, expected] of REFERENCE) {
      const got = logFactorial(k);
      if (expected === 0) expect(got).toBe(0);
      else expect(Math.abs(got - expected) / expected).toBeLessThan(1e-14);
    }
  });

  it("is continuous across the switch from the table to Stirling's series", () => {
    for (let k = 250; k < 262; k++) {
      expect(logFactorial(k + 1) - logFactorial(k)).toBeCloseTo(Math.log(k + 1), 11);
    }
  });

  it("stirlingCorrection tends to 1/(12k) and agrees with the table at the boundary", () => {
    expect(stirlingCorrection(1)).toBeCloseTo(1 - 0.5 * Math.log(2 * Math.PI), 14);
    expect(stirlingCorrection(1e6) * 12e6).toBeCloseTo(1, 10);
    // Series (k ≥ 256) against the tabulated value (k = 255) one step apart.
    const step = stirlingCorrection(255) - stirlingCorrection(256);
    expect(step).toBeCloseTo(1 / (12 * 255) - 1 / (12 * 256), 9);
  });

  it("refuses negative and non-integer k", () => {
    expect(() => logFactorial(-1)).toThrow(RangeError);
    expect(() => logFactorial(2.5)).toThrow(RangeError);
    expect(() => logFactorial(Number.NaN)).toThrow(RangeError);
  });
});
