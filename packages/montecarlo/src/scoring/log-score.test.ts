import { describe, expect, it } from "vitest";
import { LOG_SCORE_FLOOR, logScore } from "./log-score.js";

describe("logScore", () => {
  it("is −ln p(y), lower for likelier outcomes", () => {
    expect(logScore([0.5, 0.25, 0.25], 0)).toEqual({ score: Math.log(2), floored: false });
    expect(logScore([0.5, 0.25, 0.25], 2).score).toBeCloseTo(Math.log(4), 14);
    expect(logScore([1], 0).score).toBe(-0);
  });

  it("floors an outcome of (almost) no mass at 1e-300 and says so", () => {
    const beyond = logScore([0.5, 0.5], 5);
    expect(beyond).toEqual({ score: -Math.log(LOG_SCORE_FLOOR), floored: true });
    expect(beyond.score).toBeCloseTo(690.78, 2);
    expect(logScore([0.5, 1e-320], 1).floored).toBe(true);
  });

  it("refuses a negative or fractional outcome", () => {
    expect(() => logScore([1], -2)).toThrow(/y must be a non-negative integer/);
  });
});
