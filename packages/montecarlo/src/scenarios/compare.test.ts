import { describe, expect, it } from "vitest";
import { normalCdf } from "./normal-cdf.js";
import { analyze, expectNear, randomScenarios } from "./test-support/helpers.js";

type Measure = {
  probability?: number;
  mean?: number;
  uplift?: number;
  standard_error: number;
  exact: number;
};

describe("compare", () => {
  it("outperformance matches the difference of two normals, over 40 random pairs", () => {
    const scenarios = randomScenarios(777, 80);
    for (let i = 0; i < 40; i++) {
      const baseline = scenarios[2 * i]!;
      const candidate = scenarios[2 * i + 1]!;
      const { result } = analyze("compare", { baseline, candidate, sims: 5000, seed: i });
      const out = result.outperformance_probability as Measure;
      const gap = result.expected_score_gap as Measure;
      const b = result.baseline as { mean_score: number; score_sd: number };
      const c = result.candidate as { mean_score: number; score_sd: number };
      const sd = Math.hypot(b.score_sd, c.score_sd);
      const analytic =
        sd === 0
          ? Number(c.mean_score > b.mean_score)
          : normalCdf((c.mean_score - b.mean_score) / sd);
      expect(out.exact).toBeCloseTo(analytic, 14);
      expectNear(out.probability!, analytic, 5000, `pair ${i}`);
      // The gap is normal with sd √(sd_b² + sd_c²): its mean within 4 SE.
      expect(Math.abs(gap.mean! - gap.exact)).toBeLessThanOrEqual(
        4 * (sd / Math.sqrt(5000)) + 1e-9,
      );
      const uplift = result.probability_uplift as Measure;
      expect(Math.abs(uplift.uplift! - uplift.exact)).toBeLessThanOrEqual(
        4 * uplift.standard_error + 1e-9,
      );
    }
  });

  it("a known case: P(N(1, 1) > N(0, 1)) = Φ(1/√2) = 0.76025", () => {
    const baseline = { parameters: { x: 0 }, uncertainty: { x: 1 }, threshold: 0.5 };
    const candidate = { parameters: { x: 1 }, uncertainty: { x: 1 }, threshold: 0.5 };
    const out = analyze("compare", { baseline, candidate, sims: 100_000, seed: 3 });
    const o = out.result.outperformance_probability as Measure;
    expect(o.exact).toBeCloseTo(0.7602499389065233, 12);
    expectNear(o.probability!, o.exact, 100_000, "outperformance");
    expect(out.decision.preferred_option).toBe("candidate");
    expect(out.decision.outperformance_probability).toBe(o.probability);
    expect(out.decision.uplift).toBeGreaterThan(0);
    // Swapped, the baseline is preferred.
    const swapped = analyze("compare", {
      baseline: candidate,
      candidate: baseline,
      sims: 100_000,
      seed: 3,
    });
    expect(swapped.decision.preferred_option).toBe("baseline");
    expect(swapped.decision.expected_gap).toBeLessThan(0);
  });

  it("identical deterministic scenarios tie", () => {
    const s = { parameters: { x: 1 }, threshold: 0 };
    const out = analyze("compare", { baseline: s, candidate: s, sims: 100 });
    expect(out.decision).toMatchObject({
      preferred_option: "tie",
      outperformance_probability: 0,
      expected_gap: 0,
      uplift: 0,
    });
  });
});
