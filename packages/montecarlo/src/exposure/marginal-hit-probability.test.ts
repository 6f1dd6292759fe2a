import { describe, expect, it } from "vitest";
import { syntheticProcess } from "../test-support/growth-fixtures.js";
import { additionsPmf } from "./additions-pmf.js";
import { hitProbabilityOfLogSurvival, marginalHitProbability } from "./marginal-hit-probability.js";

/** 1 − Σₐ P(A = a)·(1 − h)^a from the tabulated law of the additions. */
const bySum = (h: number, horizon: number, scale = 1) => {
  const { pmf } = additionsPmf(syntheticProcess(), horizon, scale);
  let survive = 0;
  pmf.forEach((p, a) => {
    survive += p * (1 - h) ** a;
  });
  return 1 - survive;
};

describe("marginalHitProbability (closed form through generating functions)", () => {
  it("equals the sum over the tabulated additions, for tiny to large hazards", () => {
    for (const h of [1e-7, 5e-5, 1e-3, 0.05, 0.5]) {
      for (const horizon of [7, 90, 365]) {
        const closed = marginalHitProbability(syntheticProcess(), horizon, h);
        expect(Math.abs(closed - bySum(h, horizon))).toBeLessThan(1e-9);
      }
    }
  });

  it("keeps its relative precision for tiny hazards (no cancellation)", () => {
    const p = marginalHitProbability(syntheticProcess(), 90, 1e-12);
    const q = marginalHitProbability(syntheticProcess(), 90, 2e-12);
    expect(p).toBeGreaterThan(0);
    expect(q / p).toBeCloseTo(2, 6);
  });

  it("grows with the rate scale and the horizon; is 0 with no process or no hazard", () => {
    const p = syntheticProcess();
    expect(marginalHitProbability(p, 90, 1e-3, 2)).toBeCloseTo(bySum(1e-3, 90, 2), 9);
    expect(marginalHitProbability(p, 180, 1e-3)).toBeGreaterThan(
      marginalHitProbability(p, 90, 1e-3),
    );
    expect(marginalHitProbability(null, 90, 0.1)).toBe(0);
    expect(marginalHitProbability(p, 90, 0)).toBe(0);
  });

  it("gives P(at least one of several wallets is hit) from the summed log-survivals", () => {
    const hs = [1e-3, 2e-3, 5e-4];
    const logNone = hs.reduce((s, h) => s + Math.log1p(-h), 0);
    const { pmf } = additionsPmf(syntheticProcess(), 90);
    let none = 0;
    pmf.forEach((p, a) => {
      none += p * Math.exp(a * logNone);
    });
    expect(hitProbabilityOfLogSurvival(syntheticProcess(), 90, logNone)).toBeCloseTo(1 - none, 9);
  });
});
