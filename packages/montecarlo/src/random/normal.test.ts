import { describe, expect, it } from "vitest";
import { Xoshiro128StarStar } from "../rng/xoshiro128.js";
import { expectMoments } from "../test-support/stats.js";
import { normal, standardNormal } from "./normal.js";

const N = 200_000;

describe("standardNormal", () => {
  it("has mean 0 and variance 1 (and the normal fourth moment behind the tolerance)", () => {
    const rng = Xoshiro128StarStar.fromSeed(301);
    expectMoments(N, () => standardNormal(rng), { mean: 0, variance: 1, mu4: 3 }, "N(0, 1)");
  });

  it("puts 5% beyond ±1.96 and 0.27% beyond ±3", () => {
    const rng = Xoshiro128StarStar.fromSeed(302);
    let beyond196 = 0;
    let beyond3 = 0;
    for (let i = 0; i < N; i++) {
      const z = Math.abs(standardNormal(rng));
      if (z > 1.959963984540054) beyond196++;
      if (z > 3) beyond3++;
    }
    for (const [count, p] of [
      [beyond196, 0.05],
      [beyond3, 0.0026997960632601866],
    ] as const) {
      expect(Math.abs(count / N - p)).toBeLessThan(5 * Math.sqrt((p * (1 - p)) / N));
    }
  });

  it("returns the cached spare on every second call without drawing", () => {
    const rng = Xoshiro128StarStar.fromSeed(303);
    expect(Number.isNaN(rng.normalSpare)).toBe(true);
    standardNormal(rng);
    const spare = rng.normalSpare;
    expect(Number.isFinite(spare)).toBe(true);
    const state = rng.getState();
    expect(standardNormal(rng)).toBe(spare);
    expect(rng.getState()).toEqual(state);
    expect(Number.isNaN(rng.normalSpare)).toBe(true);
  });

  it("the two deviates of a pair are uncorrelated", () => {
    const rng = Xoshiro128StarStar.fromSeed(304);
    const pairs = N / 2;
    let sxy = 0;
    for (let i = 0; i < pairs; i++) sxy += standardNormal(rng) * standardNormal(rng);
    expect(Math.abs(sxy / pairs)).toBeLessThan(5 / Math.sqrt(pairs));
  });

  it("is reproduced by clone(), spare included; jump() drops the spare", () => {
    const rng = Xoshiro128StarStar.fromSeed(305);
    standardNormal(rng);
    const copy = rng.clone();
    const a = Array.from({ length: 9 }, () => standardNormal(rng));
    const b = Array.from({ length: 9 }, () => standardNormal(copy));
    expect(a).toEqual(b);
    standardNormal(rng);
    expect(Number.isNaN(rng.jump().normalSpare)).toBe(true);
  });
});

describe("normal", () => {
  it("scales and shifts: N(10, 2.5²)", () => {
    const rng = Xoshiro128StarStar.fromSeed(306);
    expectMoments(
      N,
      () => normal(rng, 10, 2.5),
      { mean: 10, variance: 6.25, mu4: 3 * 6.25 ** 2 },
      "N(10, 2.5²)",
    );
    expect(normal(rng, 4, 0)).toBe(4);
  });

  it("refuses a non-finite mean and a negative or non-finite sd", () => {
    const rng = Xoshiro128StarStar.fromSeed(307);
    expect(() => normal(rng, Number.NaN, 1)).toThrow("normal: mean must be a finite number");
    expect(() => normal(rng, 0, -1)).toThrow("normal: sd must be a finite number ≥ 0, got -1");
    expect(() => normal(rng, 0, Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
