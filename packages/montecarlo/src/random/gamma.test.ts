import { describe, expect, it } from "vitest";
import { Xoshiro128StarStar } from "../rng/xoshiro128.js";
import { expectMoments } from "../test-support/stats.js";
import { gamma } from "./gamma.js";

const N = 200_000;

describe("gamma", () => {
  it("has mean k/θ and variance k/θ² for small and large shapes", () => {
    const rng = Xoshiro128StarStar.fromSeed(401);
    const cases: [shape: number, rate: number][] = [
      [0.1, 1],
      [0.3, 2],
      [0.5, 1],
      [0.999, 0.5],
      [1, 1],
      [2, 1],
      [2.5, 0.2],
      [9, 3],
      [100, 1],
      [1e4, 10],
    ];
    for (const [shape, rate] of cases) {
      const variance = shape / rate ** 2;
      expectMoments(
        N,
        () => gamma(rng, shape, rate),
        { mean: shape / rate, variance, mu4: variance ** 2 * (3 + 6 / shape) },
        `gamma(${shape}, ${rate})`,
      );
    }
  });

  it("gamma(1, rate) is exponential: P(X > 1/rate) = 1/e", () => {
    const rng = Xoshiro128StarStar.fromSeed(402);
    let beyond = 0;
    for (let i = 0; i < N; i++) if (gamma(rng, 1, 4) > 0.25) beyond++;
    const p = Math.exp(-1);
    expect(Math.abs(beyond / N - p)).toBeLessThan(5 * Math.sqrt((p * (1 - p)) / N));
  });

  it("gamma(0.5, 0.5) is chi-square with 1 df: P(X ≤ 1) = 0.6827", () => {
    const rng = Xoshiro128StarStar.fromSeed(403);
    let below = 0;
    for (let i = 0; i < N; i++) if (gamma(rng, 0.5, 0.5) <= 1) below++;
    const p = 0.6826894921370859;
    expect(Math.abs(below / N - p)).toBeLessThan(5 * Math.sqrt((p * (1 - p)) / N));
  });

  it("never returns a negative or non-finite value, and the default rate is 1", () => {
    const rng = Xoshiro128StarStar.fromSeed(404);
    let bad = 0;
    for (const shape of [0.05, 0.7, 1.5, 40]) {
      for (let i = 0; i < 20_000; i++) {
        const x = gamma(rng, shape);
        if (!(x >= 0 && Number.isFinite(x))) bad++;
      }
    }
    expect(bad).toBe(0);
    const a = Xoshiro128StarStar.fromSeed(405);
    const b = a.clone();
    expect(gamma(a, 3)).toBe(gamma(b, 3, 1));
  });

  it("refuses shapes and rates that are not finite numbers > 0", () => {
    const rng = Xoshiro128StarStar.fromSeed(406);
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => gamma(rng, bad, 1)).toThrow(RangeError);
      expect(() => gamma(rng, 1, bad)).toThrow(RangeError);
    }
    expect(() => gamma(rng, 0, 1)).toThrow("gamma: shape must be a finite number > 0, got 0");
    expect(() => gamma(rng, 2, -1)).toThrow("gamma: rate must be a finite number > 0, got -1");
  });
});
