import { describe, expect, it } from "vitest";
import { analyze, expectNear } from "./test-support/helpers.js";

type Period = {
  period: number;
  values: Record<string, number>;
  mean_score: number;
  score_sd: number;
  probability: number;
  exact_probability: number;
};

const SCENARIO = {
  parameters: { a: 2, b: 5 },
  weights: { b: 0.5 },
  uncertainty: { a: 1, b: 2 },
  outcome_noise: 1,
  threshold: 5,
};
const periodsOf = (request: Record<string, unknown>) =>
  analyze("forecast", { scenario: SCENARIO, sims: 20_000, seed: 4, ...request }).result
    .periods as Period[];

describe("forecast", () => {
  it("additive: value + drift·t, sd·(1 + growth·t), each period within 4 SE of exact", () => {
    const periods = periodsOf({ drift: { a: 0.5 }, periods: 4, uncertainty_growth: 0.1 });
    expect(periods.map((p) => p.period)).toEqual([0, 1, 2, 3, 4]);
    expect(periods.map((p) => p.values.a)).toEqual([2, 2.5, 3, 3.5, 4]);
    expect(periods.map((p) => p.values.b)).toEqual([5, 5, 5, 5, 5]);
    periods.forEach((p, t) => {
      expect(p.mean_score).toBeCloseTo(4.5 + 0.5 * t, 12);
      expect(p.score_sd).toBeCloseTo(Math.SQRT2 * (1 + 0.1 * t), 12);
      expectNear(p.probability, p.exact_probability, 20_000, `period ${t}`);
    });
    // The probability rises with a, period after period (the runs are shared).
    for (let t = 1; t < 5; t++)
      expect(periods[t]!.probability).toBeGreaterThan(periods[t - 1]!.probability);
  });

  it("multiplicative: value·(1 + drift)^t, sd·(1 + growth)^t", () => {
    const periods = periodsOf({
      drift: { b: -0.5 },
      periods: 3,
      growth_mode: "multiplicative",
      uncertainty_growth: 1,
    });
    expect(periods.map((p) => p.values.b)).toEqual([5, 2.5, 1.25, 0.625]);
    periods.forEach((p, t) => {
      expect(p.score_sd).toBeCloseTo(Math.SQRT2 * 2 ** t, 12);
      expectNear(p.probability, p.exact_probability, 20_000, `period ${t}`);
    });
  });

  it("period 0 is the scenario as given, with the probability analysis's estimate", () => {
    const p0 = periodsOf({ drift: { a: 1 } })[0]!;
    const alone = analyze("probability", { scenario: SCENARIO, sims: 20_000, seed: 4 }).result
      .scenario as {
      probability: number;
    };
    expect(p0.probability).toBe(alone.probability);
    expect(periodsOf({})).toHaveLength(7);
  });
});
