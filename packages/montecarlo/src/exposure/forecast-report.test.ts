import { parseReport } from "@svc/report-model";
import { beforeAll, describe, expect, it } from "vitest";
import { Xoshiro128StarStar } from "../rng/xoshiro128.js";
import { documentTexts, overPrecise } from "../test-support/document-text.js";
import { address, LISTED, randomMetadata, sampleContext } from "../test-support/portfolios.js";
import { forecastExposure } from "./forecast.js";
import type { ExposureContext } from "./portfolio.js";

let ctx: ExposureContext;
beforeAll(async () => {
  ctx = await sampleContext();
});

/** Forecasts across horizons, tiers and sizes: tiny probabilities and large ones. */
function forecasts(count: number) {
  const rng = Xoshiro128StarStar.fromSeed(18);
  return Array.from({ length: count }, (_, c) => {
    const n = 1 + Math.floor(rng.nextFloat() * 40);
    const addresses = Array.from({ length: n }, (_, i) => address(i + 1));
    if (c % 2 === 0) addresses[0] = LISTED[0] as string;
    return forecastExposure(
      {
        addresses,
        address_metadata: addresses.slice(1).map((a) => randomMetadata(rng, a)),
        horizon_days: [7, 30, 90, 365][c % 4],
        iterations: 2000,
        target: { operator: ">=", k: 1 + (c % 3) },
      },
      ctx,
    );
  });
}

describe("the forecast's report: the precision it has", () => {
  it("shows no probability with more than two significant digits, in any text of the document", () => {
    for (const f of forecasts(12)) {
      const texts = documentTexts(f.report);
      expect(texts.length).toBeGreaterThan(20);
      expect(overPrecise(texts)).toEqual([]);
    }
  });

  it("carries probabilities to two significant digits; the raw per-wallet data keep full values", () => {
    const f = forecastExposure(
      {
        addresses: [address(1), address(2)],
        address_metadata: [{ address: address(1), relationship_tier: "critical" }],
        horizon_days: 180,
      },
      ctx,
    );
    const raw = f.per_wallet.map((w) => w.future_hit_probability);
    const shown = f.report.tables?.per_wallet_exposure?.rows.map((r) => r.future_hit_probability);
    expect(shown).toEqual(raw.map((p) => Number(p.toPrecision(2))));
    expect(raw.some((p) => p !== Number(p.toPrecision(2)))).toBe(true);
    const distribution = f.report.tables?.hits_distribution?.rows ?? [];
    for (const row of distribution) {
      expect(row.probability).toBe(Number(Number(row.probability).toPrecision(2)));
    }
  });

  it("states the model's exact values; the standard error only in the numerical checks, as the simulation's", () => {
    const f = forecastExposure(
      {
        addresses: [LISTED[0] as string, address(1), address(2)],
        target: { operator: ">=", k: 2 },
      },
      ctx,
    );
    const r = parseReport(f.report);
    const withoutChecks = r.tables.filter((t) => t.key !== "numerical_checks");
    const text = [
      ...r.summary,
      ...r.metrics.map((m) => m.label),
      ...withoutChecks.flatMap((t) => [
        ...(t.columnLabels ?? []),
        ...t.rows.flat().map((v) => String(v)),
      ]),
    ].join(" ");
    expect(text).not.toMatch(/standard error/i);
    expect(r.summary.join(" ")).toContain(
      `is ${Number((100 * f.exact.target_probability).toPrecision(2))}%.`,
    );
    const checks = r.tables.find((t) => t.key === "numerical_checks");
    expect(checks?.rows.map((row) => row[0])).toEqual([
      "Monte Carlo iterations",
      "Seed",
      "Simulated probability of the target",
      "Simulation's standard error of that probability",
      "Exact probability of the target (the model's)",
      "Error bound of the exact computation",
    ]);
  });

  it("names the base hazard as an assumption in the model's parameters", () => {
    const f = forecastExposure({ addresses: [address(1)] }, ctx);
    const model = f.report.tables?.forecast_model?.rows ?? [];
    expect(model).toContainEqual({
      parameter: "Base hazard (assumed)",
      value: "1 in 20,000 per added address for a standard wallet (assumed)",
    });
  });

  it("claims nothing conservative", () => {
    for (const f of forecasts(4)) {
      expect(documentTexts(f.report).join(" ")).not.toMatch(/conservative/i);
      expect(JSON.stringify(f)).not.toMatch(/conservative/i);
    }
  });
});
