import { describe, expect, it } from "vitest";
import {
  describe as describeValue,
  requireFinite,
  requireIntegerIn,
  requireNonNegative,
  requirePositive,
  requireProbability,
} from "./arguments.js";

describe("argument checks", () => {
  it("accept what they promise", () => {
    expect(() => requireFinite("f", "x", -1e308)).not.toThrow();
    expect(() => requirePositive("f", "x", Number.MIN_VALUE)).not.toThrow();
    expect(() => requireNonNegative("f", "x", 0)).not.toThrow();
    expect(() => requireProbability("f", "x", 1)).not.toThrow();
    expect(() => requireIntegerIn("f", "x", 5, 5, 5)).not.toThrow();
  });

  it("refuse NaN, ±Infinity, out-of-range and non-number values with a RangeError naming them", () => {
    const cases: [() => void, string][] = [
      [() => requireFinite("f", "x", Number.NaN), "f: x must be a finite number, got NaN"],
      [() => requirePositive("f", "x", 0), "f: x must be a finite number > 0, got 0"],
      [() => requirePositive("f", "x", Number.POSITIVE_INFINITY), "got Infinity"],
      [() => requireNonNegative("f", "x", -0.5), "f: x must be a finite number ≥ 0, got -0.5"],
      [() => requireProbability("f", "p", 1.01), "f: p must be a probability in [0, 1]"],
      [() => requireIntegerIn("f", "n", 2.5, 0, 9), "f: n must be an integer in [0, 9], got 2.5"],
      [() => requireFinite("f", "x", "1" as unknown as number), 'got "1"'],
    ];
    for (const [call, message] of cases) {
      expect(call).toThrow(RangeError);
      expect(call).toThrow(message);
    }
  });

  it("describe() shows values readably", () => {
    expect(describeValue(-0)).toBe("-0");
    expect(describeValue(3n)).toBe("3n");
    expect(describeValue(null)).toBe("null");
    expect(describeValue(undefined)).toBe("undefined");
    expect(describeValue(true)).toBe("true");
    expect(describeValue([1])).toBe("an array");
    expect(describeValue({})).toBe("an object");
    expect(describeValue(() => 1)).toBe("a function");
  });
});
