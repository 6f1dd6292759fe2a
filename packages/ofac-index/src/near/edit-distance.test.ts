import { describe, expect, it } from "vitest";
import { editDistanceWithin } from "./edit-distance.js";

/** The full Levenshtein table, as a reference. */
function levenshtein(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const above = d[i - 1] as number[];
      row[j] = Math.min(
        (above[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
      );
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

describe("editDistanceWithin", () => {
  it.each([
    ["abc", "abc", 0],
    ["abc", "abd", 1],
    ["abc", "ab", 1],
    ["abc", "xabc", 1],
    ["abcd", "acbd", 2],
    ["abcdef", "abXdeY", 2],
    ["0x098b716b", "0x098b716", 1],
    ["", "ab", 2],
  ])("%s ~ %s is %i", (a, b, d) => {
    expect(editDistanceWithin(a, b, 2)).toBe(d);
    expect(editDistanceWithin(b, a, 2)).toBe(d);
  });

  it("is null beyond the bound", () => {
    expect(editDistanceWithin("abcdef", "abXYZf", 2)).toBeNull();
    expect(editDistanceWithin("abc", "abcdef", 2)).toBeNull();
  });

  it("agrees with the full table on random strings over a small alphabet, within and beyond the bound", () => {
    let seed = 7;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const word = (n: number) =>
      Array.from({ length: n }, () => "abc"[Math.floor(rand() * 3)]).join("");
    for (let k = 0; k < 2000; k++) {
      const a = word(Math.floor(rand() * 9));
      const b = word(Math.floor(rand() * 9));
      const full = levenshtein(a, b);
      for (const max of [0, 1, 2, 3]) {
        expect(editDistanceWithin(a, b, max), `${a} ~ ${b} within ${max}`).toBe(
          full <= max ? full : null,
        );
      }
    }
  });
});
