import { describe, expect, it } from "vitest";
import { Xoshiro128StarStar } from "../rng/xoshiro128.js";
import { bernoulli } from "./bernoulli.js";

const N = 200_000;

describe("bernoulli", () => {
  it("succeeds with frequency p within 5 standard errors", () => {
    const rng = Xoshiro128StarStar.fromSeed(201);
    for (const p of [1e-3, 0.1, 0.5, 0.97]) {
      let hits = 0;
      for (let i = 0; i < N; i++) if (bernoulli(rng, p)) hits++;
      const se = Math.sqrt((p * (1 - p)) / N);
      expect(Math.abs(hits / N - p), `p = ${p}`).toBeLessThan(5 * se);
    }
  });

  it("is never true for p = 0 and always true for p = 1, using one draw each", () => {
    const rng = Xoshiro128StarStar.fromSeed(202);
    const copy = rng.clone();
    let wrong = 0;
    for (let i = 0; i < 10_000; i++) {
      if (bernoulli(rng, 0) || !bernoulli(rng, 1)) wrong++;
      copy.nextUint32();
      copy.nextUint32();
    }
    expect(wrong).toBe(0);
    expect(rng.getState()).toEqual(copy.getState());
  });

  it("refuses p outside [0, 1]", () => {
    const rng = Xoshiro128StarStar.fromSeed(203);
    for (const p of [-0.1, 1.1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => bernoulli(rng, p)).toThrow(RangeError);
    }
    expect(() => bernoulli(rng, 2)).toThrow("bernoulli: p must be a probability in [0, 1], got 2");
  });
});
