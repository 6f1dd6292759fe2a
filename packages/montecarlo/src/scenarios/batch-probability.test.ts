import { describe, expect, it } from "vitest";
import { analyze, expectNear, randomScenarios } from "./test-support/helpers.js";

type Ranked = { rank: number; label: string; probability: number; exact_probability: number };

describe("batch-probability", () => {
  it("ranks 50 scenarios by simulated probability, each within 4 SE of exact", () => {
    const scenarios = randomScenarios(123, 50).map((s, i) => ({ label: `s${i}`, ...s }));
    const { result, decision, simulations_run } = analyze("batch-probability", {
      scenarios,
      sims: 3000,
      seed: 6,
    });
    const ranking = result.ranking as Ranked[];
    expect(ranking.map((r) => r.rank)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(ranking.map((r) => r.label)).size).toBe(50);
    for (let i = 1; i < 50; i++)
      expect(ranking[i]!.probability).toBeLessThanOrEqual(ranking[i - 1]!.probability);
    for (const r of ranking) expectNear(r.probability, r.exact_probability, 3000, r.label);
    expect(decision.preferred_option).toBe(ranking[0]!.label);
    expect(decision.uplift).toBe(ranking[0]!.probability - ranking[1]!.probability);
    expect(simulations_run).toBe(150_000);
  });

  it("keeps the request order among ties, and has no uplift with one scenario", () => {
    const sure = { parameters: { x: 1 }, threshold: 0 };
    const { result } = analyze("batch-probability", {
      scenarios: [
        { label: "b", ...sure },
        { label: "a", ...sure },
      ],
      sims: 100,
    });
    expect((result.ranking as Ranked[]).map((r) => r.label)).toEqual(["b", "a"]);
    const one = analyze("batch-probability", {
      scenarios: [{ label: "only", ...sure }],
      sims: 100,
    });
    expect(one.decision.uplift).toBeNull();
  });

  it("simulates each scenario on its own stream: identical scenarios get different draws", () => {
    const s = { parameters: { x: 0 }, uncertainty: { x: 1 }, threshold: 0 };
    const { result } = analyze("batch-probability", {
      scenarios: [
        { label: "a", ...s },
        { label: "b", ...s },
      ],
      sims: 10_000,
      seed: 2,
    });
    const [first, second] = result.ranking as Ranked[];
    expect(first!.probability).not.toBe(second!.probability);
  });
});
