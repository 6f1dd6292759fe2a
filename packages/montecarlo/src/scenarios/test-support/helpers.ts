/** Helpers of the scenario tests (not exported by the package). */
import { expect } from "vitest";
import { Xoshiro128StarStar } from "../../rng/xoshiro128.js";
import { runScenarioAnalysis } from "../run.js";
import type { Scenario } from "../scenario-schema.js";
import { parseMonteCarloReportInput } from "../tool-input.js";

/** Expects a simulated probability within `k` standard errors of the exact one (SE at p). */
export function expectNear(simulated: number, exact: number, sims: number, label: string, k = 4) {
  const se = Math.sqrt((exact * (1 - exact)) / sims);
  expect(
    Math.abs(simulated - exact),
    `${label}: ${simulated} vs exact ${exact}`,
  ).toBeLessThanOrEqual(k * se);
}

/** `count` random scenarios with 1 to 6 parameters, most with a success probability in (0, 1). */
export function randomScenarios(seed: number, count: number): Scenario[] {
  const rng = Xoshiro128StarStar.fromSeed(seed);
  const u = (lo: number, hi: number) => lo + (hi - lo) * rng.nextFloat();
  return Array.from({ length: count }, () => {
    const n = 1 + Math.floor(u(0, 6));
    const names = Array.from({ length: n }, (_, i) => `p${i}`);
    const pick = (f: () => number) => Object.fromEntries(names.map((name) => [name, f()]));
    const parameters = pick(() => u(-10, 10));
    const weights = pick(() => u(-2, 2));
    const uncertainty = pick(() => (rng.nextFloat() < 0.2 ? 0 : u(0, 3)));
    const bias = u(-5, 5);
    const mean = bias + names.reduce((a, name) => a + weights[name]! * parameters[name]!, 0);
    return {
      parameters,
      weights,
      uncertainty,
      outcome_noise: rng.nextFloat() < 0.3 ? 0 : u(0, 2),
      bias,
      threshold: mean + u(-4, 4),
    };
  });
}

/** Parses a tool body and runs it. */
export const analyze = (analysis_type: string, request: Record<string, unknown>) =>
  runScenarioAnalysis(parseMonteCarloReportInput({ analysis_type, request }));
