import { describe, expect, it } from "vitest";
import type { ScenarioEstimate } from "./estimate.js";
import { analyze, expectNear, randomScenarios } from "./test-support/helpers.js";

const SIMS = 4000;

describe("probability", () => {
  it("is within 4 standard errors of the exact normal probability over 150 random scenarios", () => {
    let interval = 0;
    randomScenarios(4242, 150).forEach((scenario, i) => {
      const { result } = analyze("probability", { scenario, sims: SIMS, seed: 1000 + i });
      const e = result.scenario as ScenarioEstimate;
      expectNear(e.probability, e.exact_probability, SIMS, `scenario ${i}`);
      if (e.interval.low <= e.exact_probability && e.exact_probability <= e.interval.high)
        interval++;
    });
    // The 95% Wilson interval covers the exact value about 95% of the time (≥ 88% of 150).
    expect(interval).toBeGreaterThanOrEqual(132);
  });

  it("the exact probability is Φ((mean − threshold)/sd)", () => {
    const scenario = {
      parameters: { a: 2, b: 1 },
      weights: { a: 3 },
      uncertainty: { a: 1, b: 2 },
      outcome_noise: 2,
      bias: -1,
      threshold: 4,
    };
    // mean 3·2 + 1 − 1 = 6; variance 9·1 + 4 + 4 = 17: P = Φ(2/√17) = 0.686187097485820 (mpmath).
    const e = analyze("probability", { scenario }).result.scenario as ScenarioEstimate;
    expect(e.mean_score).toBe(6);
    expect(e.outcome_sd).toBeCloseTo(Math.sqrt(17), 14);
    expect(e.score_sd).toBeCloseTo(Math.sqrt(13), 14);
    expect(e.exact_probability).toBeCloseTo(0.68618709748582, 13);
    expectNear(e.probability, e.exact_probability, 10_000, "default sims");
  });

  it("without uncertainty the outcome is a step: exactly 0 or 1, also by simulation", () => {
    for (const [threshold, p] of [
      [5, 1],
      [5.0000001, 0],
    ] as const) {
      const out = analyze("probability", {
        scenario: { parameters: { a: 2, b: 3 }, threshold },
        sims: 100,
      });
      const e = out.result.scenario as ScenarioEstimate;
      expect([e.probability, e.exact_probability, e.standard_error]).toEqual([p, p, 0]);
    }
  });

  it("the score distribution matches the normal's mean, median and 5%/95% points", () => {
    const scenario = {
      parameters: { a: 10 },
      uncertainty: { a: 2 },
      outcome_noise: 5,
      threshold: 0,
    };
    const scores = analyze("probability", { scenario, sims: 100_000, seed: 5 }).result
      .score_distribution as Record<string, number>;
    expect(Math.abs(scores.mean! - 10)).toBeLessThan(4 * (2 / Math.sqrt(100_000)));
    expect(scores.p50).toBeCloseTo(10, 1);
    expect(scores.p5).toBeCloseTo(10 - 1.6449 * 2, 1);
    expect(scores.p95).toBeCloseTo(10 + 1.6449 * 2, 1);
  });
});
