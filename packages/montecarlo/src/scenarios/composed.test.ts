import { describe, expect, it } from "vitest";
import { analyze, expectNear, randomScenarios } from "./test-support/helpers.js";

type Estimate = { probability: number; exact_probability: number; weight: number; share: number };
type Combined = { probability: number; standard_error: number; exact: number };

describe("composed", () => {
  it("the composite and the weighted majority agree with the exact values", () => {
    const scenarios = randomScenarios(55, 5);
    const components = scenarios.map((scenario, i) => ({
      label: `c${i}`,
      weight: i + 1,
      scenario,
    }));
    const { result } = analyze("composed", { components, sims: 20_000, seed: 8 });
    const parts = result.components as Estimate[];
    expect(parts.map((c) => c.share)).toEqual([1, 2, 3, 4, 5].map((w) => w / 15));
    for (const [i, c] of parts.entries()) {
      expectNear(c.probability, c.exact_probability, 20_000, `component ${i}`);
    }
    const composite = result.composite as Combined;
    expect(composite.probability).toBeCloseTo(
      parts.reduce((a, c) => a + c.share * c.probability, 0),
      14,
    );
    expect(composite.exact).toBeCloseTo(
      parts.reduce((a, c) => a + c.share * c.exact_probability, 0),
      14,
    );
    expect(Math.abs(composite.probability - composite.exact)).toBeLessThanOrEqual(
      4 * composite.standard_error,
    );
    const majority = result.weighted_majority as Combined;
    expectNear(majority.probability, majority.exact, 20_000, "weighted majority");
  });

  it("one component is its own composite and majority", () => {
    const scenario = { parameters: { x: 1 }, uncertainty: { x: 1 }, threshold: 1.5 };
    const { result } = analyze("composed", {
      components: [{ label: "only", weight: 3, scenario }],
      sims: 1000,
    });
    const [only] = result.components as Estimate[];
    expect((result.composite as Combined).probability).toBe(only!.probability);
    expect((result.weighted_majority as Combined).probability).toBe(only!.probability);
  });
});
