import { describe, expect, it } from "vitest";
import { analyze } from "./test-support/helpers.js";

type Point = { point: string; value: number; probability: number; exact_probability: number };
type Tornado = { parameter: string; swing: number; low: Point; high: Point };

const SCENARIO = {
  parameters: { up: 4, down: 2, flat: 3, zero: 0 },
  weights: { up: 1, down: -2, flat: 0 },
  uncertainty: { up: 1, down: 0.5 },
  outcome_noise: 1,
  threshold: 1,
};
const run = (request: Record<string, unknown>) =>
  analyze("sensitivity", { scenario: SCENARIO, sims: 20_000, seed: 9, ...request }).result;

describe("sensitivity", () => {
  it("the slope has the sign of the weight, exact and simulated", () => {
    for (const [parameter, sign] of [
      ["up", 1],
      ["down", -1],
    ] as const) {
      const r = run({ parameter });
      expect(Math.sign(r.slope as number)).toBe(sign);
      expect(Math.sign(r.exact_slope as number)).toBe(sign);
      const [lo, base, hi] = r.points as Point[];
      expect(sign * (hi!.probability - base!.probability)).toBeGreaterThan(0);
      expect(sign * (base!.probability - lo!.probability)).toBeGreaterThan(0);
      expect(Math.abs((r.slope as number) - (r.exact_slope as number))).toBeLessThan(0.02);
    }
  });

  it("relative mode multiplies by 1 ∓ delta, absolute mode adds ∓ delta", () => {
    const rel = run({ parameter: "up", delta: 0.25 }).points as Point[];
    expect(rel.map((p) => p.value)).toEqual([3, 4, 5]);
    const abs = run({ parameter: "up", delta: 0.5, mode: "absolute" }).points as Point[];
    expect(abs.map((p) => p.value)).toEqual([3.5, 4, 4.5]);
  });

  it("a weight of 0, or a relative change of a value 0, changes nothing (slope 0 or null)", () => {
    expect(run({ parameter: "flat" }).slope).toBe(0);
    expect(run({ parameter: "zero" }).slope).toBeNull();
    expect(run({ parameter: "zero", mode: "absolute" }).slope).toBeGreaterThan(0);
  });

  it("the tornado lists every parameter by the size of its swing", () => {
    const tornado = run({ parameter: "up", mode: "absolute", delta: 1 }).tornado as Tornado[];
    // up and zero (weight 1 by default) swing alike and keep the request order.
    expect(tornado.map((t) => t.parameter)).toEqual(["down", "up", "zero", "flat"]);
    const swings = tornado.map((t) => Math.abs(t.swing));
    expect([...swings].sort((a, b) => b - a)).toEqual(swings);
    expect(tornado[0]!.swing).toBeLessThan(0);
  });
});
