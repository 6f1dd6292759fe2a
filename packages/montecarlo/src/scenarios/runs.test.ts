import { describe, expect, it } from "vitest";
import { standardNormal } from "../random/normal.js";
import { Xoshiro128StarStar } from "../rng/xoshiro128.js";
import { compileScenario, meanScore } from "./model.js";
import { deviatesPerRun, probabilityAt, simulateRuns, streams } from "./runs.js";

const SCENARIO = compileScenario({
  parameters: { a: 1, b: 2, c: 3 },
  weights: { a: 2, c: -1 },
  uncertainty: { a: 1, c: 0.5 },
  outcome_noise: 0.7,
  threshold: 0.5,
});

describe("simulateRuns", () => {
  it("draws one normal per uncertain parameter and one for the noise, in that order", () => {
    expect(deviatesPerRun(SCENARIO)).toBe(3);
    const runs = simulateRuns(SCENARIO, 50, Xoshiro128StarStar.fromSeed(1));
    const rng = Xoshiro128StarStar.fromSeed(1);
    const outcomes: number[] = [];
    for (let s = 0; s < 50; s++) {
      const spread = 2 * 1 * standardNormal(rng) + -1 * 0.5 * standardNormal(rng);
      const noise = 0.7 * standardNormal(rng);
      expect([runs.spread[s], runs.noise[s]]).toEqual([spread, noise]);
      outcomes.push(spread + noise);
    }
    expect(Array.from(runs.sortedOutcome)).toEqual(outcomes.sort((x, y) => x - y));
  });

  it("shifting the mean on shared runs is the same as simulating the shifted scenario again", () => {
    const runs = simulateRuns(SCENARIO, 5000, Xoshiro128StarStar.fromSeed(7));
    for (const a of [-2, 0, 0.3, 1.7]) {
      const shifted = { ...SCENARIO, values: Float64Array.of(a, 2, 3) };
      const again = simulateRuns(shifted, 5000, Xoshiro128StarStar.fromSeed(7));
      const direct = probabilityAt(again, meanScore(shifted), SCENARIO.threshold);
      expect(probabilityAt(runs, meanScore(shifted), SCENARIO.threshold)).toEqual(direct);
    }
  });

  it("streams are independent copies jumped 2^64 draws apart", () => {
    const [a, b, c] = streams(5, 3);
    const jumped = Xoshiro128StarStar.fromSeed(5).jump();
    expect(b!.getState()).toEqual(jumped.getState());
    expect(c!.getState()).toEqual(jumped.jump().getState());
    expect(a!.nextUint32()).toBe(Xoshiro128StarStar.fromSeed(5).nextUint32());
  });
});
