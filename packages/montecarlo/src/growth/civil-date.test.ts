import { describe, expect, it } from "vitest";
import { dayNumber } from "./civil-date.js";

describe("dayNumber", () => {
  it("counts days since 1970-01-01, across leap years", () => {
    expect(dayNumber("t", "d", "1970-01-01")).toBe(0);
    expect(dayNumber("t", "d", "2000-03-01")).toBe(11017);
    expect(dayNumber("t", "d", "2024-03-01") - dayNumber("t", "d", "2024-02-28")).toBe(2);
    expect(dayNumber("t", "d", "2025-11-19") - dayNumber("t", "d", "2022-09-03")).toBe(1173);
  });

  it("refuses malformed and impossible dates", () => {
    for (const bad of ["2023-02-29", "2023-13-01", "2023-1-01", "x", ""]) {
      expect(() => dayNumber("t", "d", bad)).toThrow(RangeError);
    }
  });
});
