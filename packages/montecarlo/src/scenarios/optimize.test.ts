import { describe, expect, it } from "vitest";
import { analyze, randomScenarios } from "./test-support/helpers.js";

type Candidate = {
  values: Record<string, number>;
  probability: number;
  exact_probability: number;
  mean_score: number;
};

const inside = (
  values: Record<string, number>,
  bounds: Record<string, { min: number; max: number }>,
) => Object.entries(values).every(([name, x]) => bounds[name]!.min <= x && x <= bounds[name]!.max);

describe("optimize", () => {
  it("finds a point at least as good as the baseline, inside the bounds, over 30 random scenarios", () => {
    randomScenarios(99, 30).forEach((scenario, i) => {
      const names = Object.keys(scenario.parameters);
      // Bounds around the baseline value of up to two parameters (so the baseline is inside).
      const bounds = Object.fromEntries(
        names
          .slice(0, 2)
          .map((n) => [n, { min: scenario.parameters[n]! - 2, max: scenario.parameters[n]! + 3 }]),
      );
      const { result, decision } = analyze("optimize", {
        scenario,
        bounds,
        iterations: 60,
        sims: 2000,
        seed: i,
      });
      const best = result.best as Candidate;
      const baseline = result.baseline as { probability: number; exact_probability: number };
      expect(best.probability).toBeGreaterThanOrEqual(baseline.probability);
      expect(decision.uplift).toBe(best.probability - baseline.probability);
      expect(inside(best.values, bounds)).toBe(true);
      // Parameters without bounds keep their values.
      const all = result.best_parameters as Record<string, number>;
      for (const n of names.slice(2)) expect(all[n]).toBe(scenario.parameters[n]);
      // Never better than the exact optimum, a corner of the box.
      const optimum = result.exact_optimum as Candidate;
      expect(best.exact_probability).toBeLessThanOrEqual(optimum.exact_probability + 1e-15);
      const top = result.top_candidates as Candidate[];
      expect(top.length).toBeLessThanOrEqual(10);
      expect(top[0]).toEqual(best);
      for (const c of top) expect(inside(c.values, bounds)).toBe(true);
      for (let k = 1; k < top.length; k++)
        expect(top[k]!.probability).toBeLessThanOrEqual(top[k - 1]!.probability);
    });
  });

  it("moves each parameter toward the bound its weight favours", () => {
    const scenario = {
      parameters: { gain: 1, cost: 5, other: 2 },
      weights: { gain: 2, cost: -1 },
      uncertainty: { gain: 0.5, cost: 0.5 },
      outcome_noise: 1,
      threshold: 4,
    };
    const bounds = { gain: { min: 0, max: 3 }, cost: { min: 2, max: 6 } };
    const { result, decision } = analyze("optimize", {
      scenario,
      bounds,
      iterations: 200,
      seed: 1,
    });
    const best = result.best as Candidate;
    expect(best.values.gain).toBeGreaterThan(2.9);
    expect(best.values.cost).toBeLessThan(2.1);
    expect((result.exact_optimum as Candidate).values).toEqual({ gain: 3, cost: 2 });
    expect(best.exact_probability).toBeGreaterThan(
      0.99 * (result.exact_optimum as Candidate).exact_probability,
    );
    expect(decision.preferred_option).toBe("optimized");
    expect(decision.expected_gap).toBeGreaterThan(0);
    expect(result.candidates_evaluated).toBe(200);
  });

  it("searches only inside the bounds when the baseline lies outside them", () => {
    const scenario = { parameters: { x: 10 }, uncertainty: { x: 1 }, threshold: 9 };
    const bounds = { x: { min: 0, max: 5 } };
    const { result, decision } = analyze("optimize", {
      scenario,
      bounds,
      iterations: 10,
      sims: 500,
    });
    expect((result.best as Candidate).values.x).toBe(5);
    expect(decision.preferred_option).toBe("baseline");
    expect(decision.uplift).toBeLessThan(0);
  });
});
