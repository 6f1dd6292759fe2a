import { beforeAll, describe, expect, it } from "vitest";
import { address, LISTED, sampleContext } from "../test-support/portfolios.js";
import { forecastExposure } from "./forecast.js";
import { DEFAULT_BASE_HAZARD } from "./hazard.js";
import type { ExposureContext } from "./portfolio.js";
import type { SensitivityRow } from "./sensitivity.js";

let ctx: ExposureContext;
beforeAll(async () => {
  ctx = await sampleContext();
});

const request = {
  addresses: [LISTED[0] as string, address(1), address(2), address(3)],
  address_metadata: [
    { address: address(1), relationship_tier: "critical" as const, exposure_usd: 2_000_000 },
    { address: address(2), relationship_tier: "low" as const },
  ],
  horizon_days: 180,
};

const byScenario = (rows: readonly SensitivityRow[]) =>
  Object.fromEntries(rows.map((r) => [r.scenario, r]));

describe("the sensitivity table: the base hazard, the assumption nothing here can check", () => {
  it("has rows for the base hazard ×0.1 and ×10 right after the baseline, said to be an assumption", () => {
    const rows = forecastExposure(request, ctx).sensitivity;
    expect(rows.slice(0, 3).map((r) => r.scenario)).toEqual([
      "baseline",
      "base_hazard_x0.1",
      "base_hazard_x10",
    ]);
    const [, low, high] = rows;
    expect(low?.description).toMatch(/^1 in 200,000 per added address for a standard wallet/);
    expect(high?.description).toMatch(/^1 in 2,000 per added address for a standard wallet/);
    for (const r of [low, high]) {
      expect(r?.description).toMatch(/assumed 1 in 20,000, which nothing here can check/);
    }
  });

  it("moves the probability the right way: ×0.1 lowers it, ×10 raises it", () => {
    const rows = byScenario(forecastExposure(request, ctx).sensitivity);
    const p = (s: string) => rows[s]?.probability_of_new_hit ?? Number.NaN;
    const e = (s: string) => rows[s]?.expected_hits ?? Number.NaN;
    expect(p("base_hazard_x0.1")).toBeLessThan(p("baseline"));
    expect(p("base_hazard_x10")).toBeGreaterThan(p("baseline"));
    expect(e("base_hazard_x0.1")).toBeLessThan(e("baseline"));
    expect(e("base_hazard_x10")).toBeGreaterThan(e("baseline"));
    expect(rows["base_hazard_x0.1"]?.expected_hits_change_percent).toBeLessThan(0);
    expect(rows.base_hazard_x10?.expected_hits_change_percent).toBeGreaterThan(0);
  });

  it("is computed exactly like the other rows: the ×10 row is the baseline of a forecast with ten times the base", () => {
    const rows = byScenario(forecastExposure(request, ctx).sensitivity);
    for (const [scenario, scale] of [
      ["base_hazard_x0.1", 0.1],
      ["base_hazard_x10", 10],
    ] as const) {
      const other = forecastExposure(request, {
        ...ctx,
        baseHazard: DEFAULT_BASE_HAZARD * scale,
      }).sensitivity[0];
      expect(rows[scenario]?.expected_hits).toBeCloseTo(other?.expected_hits ?? Number.NaN, 12);
      expect(rows[scenario]?.probability_of_new_hit).toBeCloseTo(
        other?.probability_of_new_hit ?? Number.NaN,
        12,
      );
    }
  });

  it("names the base a caller set, and is in the report as a row a reader sees as the assumption", () => {
    const f = forecastExposure(request, { ...ctx, baseHazard: 1 / 5000 });
    expect(byScenario(f.sensitivity).base_hazard_x10?.description).toMatch(
      /1 in 500 per added address for a standard wallet instead of the assumed 1 in 5,000/,
    );
    const scenarios = f.report.tables?.sensitivity?.rows.map((r) => r.scenario);
    expect(scenarios).toContain("Base hazard ×0.1");
    expect(scenarios).toContain("Base hazard ×10");
  });
});
