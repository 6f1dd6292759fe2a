import { describe, expect, it } from "vitest";
import { Xoshiro128StarStar } from "../rng/xoshiro128.js";
import { scriptedSource } from "../test-support/scripted-source.js";
import { chiSquare, chiSquareCritical999, expectMoments } from "../test-support/stats.js";
import { uniform, uniformInt } from "./uniform.js";

const N = 200_000;

describe("uniform", () => {
  it("has the mean and variance of U(min, max) for several ranges", () => {
    const rng = Xoshiro128StarStar.fromSeed(101);
    for (const [min, max] of [
      [0, 1],
      [-3, 5],
      [1e6, 1e6 + 1],
      [-1e-3, 0],
    ] as const) {
      const w = max - min;
      expectMoments(
        N,
        () => uniform(rng, min, max),
        { mean: (min + max) / 2, variance: (w * w) / 12, mu4: w ** 4 / 80 },
        `uniform(${min}, ${max})`,
      );
    }
  });

  it("defaults to [0, 1) and never returns max, even when rounding would", () => {
    const rng = Xoshiro128StarStar.fromSeed(102);
    let outside = 0;
    for (let i = 0; i < 10_000; i++) {
      const x = uniform(rng);
      if (!(x >= 0 && x < 1)) outside++;
    }
    expect(outside).toBe(0);
    // width 2^-52 and u = 1 − 2^-32: 1 + 2^-52·u rounds to max, so a second draw is taken.
    const src = scriptedSource([2 ** 32 - 1, 2 ** 30]);
    const x = uniform(src, 1, 1 + 2 ** -52);
    expect(src.used).toBe(2);
    expect(x).toBeLessThan(1 + 2 ** -52);
  });

  it("refuses non-finite bounds, empty ranges and infinite widths", () => {
    const rng = Xoshiro128StarStar.fromSeed(103);
    expect(() => uniform(rng, Number.NaN, 1)).toThrow("uniform: min must be a finite number");
    expect(() => uniform(rng, 0, Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => uniform(rng, 1, 1)).toThrow("need min < max");
    expect(() => uniform(rng, 2, 1)).toThrow(RangeError);
    expect(() => uniform(rng, -1e308, 1e308)).toThrow("finite width");
  });
});

describe("uniformInt", () => {
  it("is uniform over 0..n−1 (chi-square, n = 7, p = 0.001)", () => {
    const rng = Xoshiro128StarStar.fromSeed(104);
    const counts = new Float64Array(7);
    for (let i = 0; i < N; i++) counts[uniformInt(rng, 7)]!++;
    const expected = new Float64Array(7).fill(N / 7);
    expect(chiSquare(counts, expected)).toBeLessThan(chiSquareCritical999(6));
  });

  it("handles n = 1 and n = 2^32", () => {
    const rng = Xoshiro128StarStar.fromSeed(105);
    expect(uniformInt(rng, 1)).toBe(0);
    const copy = rng.clone();
    expect(uniformInt(rng, 2 ** 32)).toBe(copy.nextUint32());
  });

  it("small n (Lemire): the high word of x·n, rejecting low words below 2^32 mod n", () => {
    // n = 3: 2^32 mod 3 = 1, so only x with x·3 ≡ 0 (mod 2^32), i.e. x = 0, is rejected.
    const src = scriptedSource([0, 2 ** 31, 2 ** 32 - 1]);
    expect(uniformInt(src, 3)).toBe(1); // 0 rejected, then 3·2^31 = 1.5·2^32
    expect(src.used).toBe(2);
    expect(uniformInt(src, 3)).toBe(2); // 3·(2^32 − 1) = 2·2^32 + (2^32 − 3)
  });

  it("large n: rejects draws at or above the last full multiple of n", () => {
    const n = 3e9; // one multiple fits below 2^32
    const src = scriptedSource([3.5e9, 7, 2 ** 32 - 1, 2999999999]);
    expect(uniformInt(src, n)).toBe(7);
    expect(uniformInt(src, n)).toBe(2999999999);
    expect(src.used).toBe(4);
    // Above 2^21 on a real stream: uniform over 16 equal ranges (chi-square, df 15).
    const rng = Xoshiro128StarStar.fromSeed(107);
    const big = 2 ** 21 + 3;
    const counts = new Float64Array(16);
    for (let i = 0; i < N; i++) counts[Math.floor((uniformInt(rng, big) / big) * 16)]!++;
    expect(chiSquare(counts, new Float64Array(16).fill(N / 16))).toBeLessThan(
      chiSquareCritical999(15),
    );
  });

  it("refuses n that is not an integer in [1, 2^32]", () => {
    const rng = Xoshiro128StarStar.fromSeed(106);
    for (const n of [0, -1, 1.5, Number.NaN, 2 ** 32 + 1]) {
      expect(() => uniformInt(rng, n)).toThrow(RangeError);
    }
    expect(() => uniformInt(rng, 0)).toThrow("uniformInt: n must be an integer in [1, 4294967296]");
  });
});
