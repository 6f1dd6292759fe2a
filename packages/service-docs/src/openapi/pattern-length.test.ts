import { describe, expect, it } from "vitest";
import { patternMaxLength } from "./pattern-length.js";

describe("patternMaxLength: the longest string an anchored pattern matches", () => {
  it("reads fixed and bounded repetitions, classes, escapes and groups", () => {
    expect(patternMaxLength("^pay_[0-9a-f]{32}$")).toBe(36);
    expect(patternMaxLength("^(?:[0-9a-fA-F]{64}|\\d{4}-\\d{2}-\\d{2})$")).toBe(64);
    expect(patternMaxLength("^\\d{1,12}$")).toBe(12);
    expect(patternMaxLength("^[0-9]{1,6}$")).toBe(6);
    expect(patternMaxLength("^a?b(?<x>cd|e)\\.[\\]x]$")).toBe(6);
    expect(patternMaxLength("^\\u00e9\\x41$")).toBe(2);
  });

  it("gives no bound for what it does not bound: unanchored, unbounded, or a back-reference", () => {
    for (const pattern of [
      "[0-9a-f]{64}",
      "^[0-9a-f]{64}",
      "[0-9a-f]{64}$",
      "^\\S+$",
      "^a*$",
      "^a{2,}$",
      "^(a)\\1$",
      "^a|b$",
      "^a\\$",
    ]) {
      expect(patternMaxLength(pattern), pattern).toBeUndefined();
    }
  });

  it("agrees with the regular expression on the longest match it names", () => {
    const pattern = "^(?:[0-9a-f]{64}|\\d{4}-\\d{2}-\\d{2})$";
    const max = patternMaxLength(pattern) ?? 0;
    expect(new RegExp(pattern).test("a".repeat(max))).toBe(true);
    expect(new RegExp(pattern).test("a".repeat(max + 1))).toBe(false);
  });
});
