import { describe, expect, it } from "vitest";
import { canonicalJson, deriveSeed } from "./derive-seed.js";

describe("deriveSeed", () => {
  it("canonical JSON sorts keys at every level and drops undefined members", () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: "x" }], e: undefined })).toBe(
      '{"a":[{"c":"x","d":2}],"b":1}',
    );
  });

  it("does not depend on key order, and changes with any value", () => {
    const a = deriveSeed({ x: 1, y: { p: 2, q: 3 } });
    expect(deriveSeed({ y: { q: 3, p: 2 }, x: 1 })).toBe(a);
    expect(deriveSeed({ x: 1, y: { p: 2, q: 4 } })).not.toBe(a);
    expect(Number.isSafeInteger(a) && a >= 0).toBe(true);
  });

  it("uses FNV-1a: the empty object hashes '{}'", () => {
    // FNV-1a 32 of "{}" with the standard basis, computed by hand from the definition.
    let h = 0x811c9dc5;
    for (const c of [0x7b, 0x7d]) h = Math.imul(h ^ c, 0x01000193) >>> 0;
    expect(Math.floor(deriveSeed({}) / 2 ** 32)).toBe(h & 0x1fffff);
  });

  it("spreads over the 53-bit range", () => {
    const seeds = Array.from({ length: 200 }, (_, i) => deriveSeed({ i }));
    expect(new Set(seeds).size).toBe(200);
    expect(Math.max(...seeds)).toBeGreaterThan(2 ** 52);
  });
});
