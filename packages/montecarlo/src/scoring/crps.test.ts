import { describe, expect, it } from "vitest";
import { crps } from "./crps.js";

/** CRPS by its expectation form, E|X − y| − ½·E|X − X′|, summed over the support. */
function bruteForce(pmf: readonly number[], y: number): number {
  let first = 0;
  let second = 0;
  pmf.forEach((p, i) => {
    first += p * Math.abs(i - y);
    pmf.forEach((q, j) => {
      second += p * q * Math.abs(i - j);
    });
  });
  return first - second / 2;
}

describe("crps", () => {
  it("equals the brute-force expectation form for a small law, outcomes inside and beyond", () => {
    const pmf = [0.2, 0.5, 0.1, 0, 0.2];
    for (let y = 0; y <= 9; y++) expect(crps(pmf, y)).toBeCloseTo(bruteForce(pmf, y), 12);
  });

  it("is 0 for a certain, right forecast and counts the distance for a certain, wrong one", () => {
    expect(crps([0, 0, 1], 2)).toBe(0);
    expect(crps([1], 7)).toBe(7);
    expect(crps([0, 0, 1], 0)).toBe(2);
  });

  it("refuses a negative or fractional outcome", () => {
    expect(() => crps([1], -1)).toThrow(/y must be a non-negative integer/);
    expect(() => crps([1], 1.5)).toThrow(RangeError);
  });
});
