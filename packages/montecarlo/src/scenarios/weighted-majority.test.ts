import { describe, expect, it } from "vitest";
import { Xoshiro128StarStar } from "../rng/xoshiro128.js";
import { weightedMajorityProbability } from "./weighted-majority.js";

/** The sum over every outcome, written out directly. */
function bruteForce(w: number[], p: number[]): number {
  const total = w.reduce((a, b) => a + b, 0);
  let out = 0;
  for (let mask = 0; mask < 2 ** w.length; mask++) {
    let weight = 0;
    let prob = 1;
    for (let i = 0; i < w.length; i++) {
      const on = (mask >> i) & 1;
      if (on) weight += w[i]!;
      prob *= on ? p[i]! : 1 - p[i]!;
    }
    if (weight >= total / 2) out += prob;
  }
  return out;
}

describe("weightedMajorityProbability", () => {
  it("three equal components: P(at least 2 of 3) = 3p² − 2p³", () => {
    const p = 0.3;
    expect(
      weightedMajorityProbability(Float64Array.of(1, 1, 1), Float64Array.of(p, p, p)),
    ).toBeCloseTo(3 * p * p - 2 * p ** 3, 15);
  });

  it("a tie at exactly half counts as a majority; one heavy component decides alone", () => {
    expect(
      weightedMajorityProbability(Float64Array.of(1, 1), Float64Array.of(0.5, 0.5)),
    ).toBeCloseTo(0.75, 15);
    expect(
      weightedMajorityProbability(Float64Array.of(10, 1, 1), Float64Array.of(0.2, 0.9, 0.9)),
    ).toBeCloseTo(0.2, 15);
  });

  it("matches the sum written out for random weights and probabilities", () => {
    const rng = Xoshiro128StarStar.fromSeed(31);
    for (let trial = 0; trial < 50; trial++) {
      const n = 1 + (rng.nextUint32() % 10);
      const w = Array.from({ length: n }, () => 0.1 + rng.nextFloat() * 5);
      const p = Array.from({ length: n }, () => rng.nextFloat());
      expect(weightedMajorityProbability(Float64Array.from(w), Float64Array.from(p))).toBeCloseTo(
        bruteForce(w, p),
        12,
      );
    }
  });
});
