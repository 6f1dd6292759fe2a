import { parseReport } from "@svc/report-model";
import { beforeAll, describe, expect, it } from "vitest";
import { referenceForecastHits } from "../../bench/reference.mjs";
import { COMPARISON_OPERATORS } from "../exact/poisson-binomial.js";
import { InputError } from "../inputs/input-error.js";
import { Xoshiro128StarStar } from "../rng/xoshiro128.js";
import { deriveSeed } from "../seed/derive-seed.js";
import { syntheticHistory, syntheticProcess } from "../test-support/growth-fixtures.js";
import { address, LISTED, randomMetadata, sampleContext } from "../test-support/portfolios.js";
import { forecastExposure } from "./forecast.js";
import type { ExposureContext } from "./portfolio.js";

let ctx: ExposureContext;
beforeAll(async () => {
  ctx = await sampleContext();
});

/** A random request: 1 to 60 wallets, some listed, metadata on some, a random target. */
function randomRequest(rng: Xoshiro128StarStar) {
  const n = 1 + Math.floor(rng.nextFloat() * 60);
  const addresses = Array.from({ length: n }, (_, i) => address(i + 1));
  if (rng.nextFloat() < 0.5) addresses[0] = LISTED[0] as string;
  const address_metadata = addresses
    .filter(() => rng.nextFloat() < 0.7)
    .map((a) => randomMetadata(rng, a));
  return {
    addresses,
    address_metadata,
    horizon_days: 7 + Math.floor(rng.nextFloat() * 359),
    iterations: 5000,
    target: {
      operator: COMPARISON_OPERATORS[Math.floor(rng.nextFloat() * 5)] as ">=",
      k: Math.floor(rng.nextFloat() * 6),
    },
    tier_weights: { critical: 4 + rng.nextFloat() * 30 },
  };
}

describe("forecastExposure: Monte Carlo against the exact model", () => {
  it("the estimate lies within 4 standard errors of the exact value in 80 random cases", () => {
    const rng = Xoshiro128StarStar.fromSeed(2026);
    const deviations: number[] = [];
    for (let c = 0; c < 80; c++) {
      const f = forecastExposure(randomRequest(rng), ctx);
      const { probability: estimate, standard_error: standardError, exact } = f.target;
      const slack = Math.max(4 * standardError, 1 / 5000);
      expect(Math.abs(estimate - exact), `case ${c}`).toBeLessThanOrEqual(slack);
      expect(f.exact.error_bound).toBeLessThan(1e-5);
      if (standardError > 0) deviations.push(Math.abs(estimate - exact) / standardError);
    }
    // Not biased one way: about 95% within 2 standard errors.
    const within2 = deviations.filter((d) => d <= 2).length / deviations.length;
    expect(within2).toBeGreaterThan(0.85);
  });

  it("agrees with the straightforward simulation (Gamma rate, Poisson events, a Bernoulli per wallet)", () => {
    const rng = Xoshiro128StarStar.fromSeed(7);
    const metadata = Array.from({ length: 40 }, (_, i) => randomMetadata(rng, address(i + 1)));
    const request = {
      addresses: [...metadata.map((m) => m.address), LISTED[0] as string],
      address_metadata: metadata,
      horizon_days: 180,
      iterations: 20_000,
      target: { operator: ">=" as const, k: 2 },
    };
    const f = forecastExposure(request, ctx);
    const clear = f.per_wallet.filter((w) => w.screening_status === "clear");
    const hazards = clear.map((w) => f.forecast_model.base_hazard * w.hazard_multiplier);
    const ref = referenceForecastHits(
      hazards,
      1,
      syntheticProcess(),
      180,
      20_000,
      Xoshiro128StarStar.fromSeed(99),
    );
    const refP = ref.filter((x: number) => x >= 2).length / ref.length;
    const se = Math.sqrt((refP * (1 - refP)) / ref.length + f.target.standard_error ** 2);
    expect(Math.abs(refP - f.target.probability)).toBeLessThan(4 * se);
    expect(Math.abs(refP - f.exact.target_probability)).toBeLessThan(
      4 * Math.sqrt((refP * (1 - refP)) / ref.length),
    );
  });

  it("per-wallet probabilities sum to the expected hits of the exact distribution", () => {
    const f = forecastExposure(randomRequest(Xoshiro128StarStar.fromSeed(3)), ctx);
    const sum = f.per_wallet.reduce((s, w) => s + w.future_hit_probability, 0);
    expect(Math.abs(sum - f.exact.expected_hits)).toBeLessThan(1e-4);
  });
});

describe("forecastExposure: what it reports", () => {
  const base = {
    addresses: [LISTED[0] as string, address(1), address(2), address(3), address(4)],
    address_metadata: [
      { address: address(1), relationship_tier: "critical" as const, exposure_usd: 2_000_000 },
      { address: address(2), relationship_tier: "low" as const },
    ],
  };

  it("counts a current match as a certain hit and says it needs immediate review", () => {
    const f = forecastExposure(base, ctx);
    const listed = f.per_wallet[0];
    expect(listed?.screening_status).toBe("match");
    expect(listed?.future_hit_probability).toBe(1);
    expect(listed?.matched_entities).toEqual(["Lazarus Group"]);
    expect(f.summary.current_matches).toBe(1);
    // Second, after the base-hazard assumption every figure rests on.
    expect(f.limitations[1]).toMatch(/exact OFAC match today.*immediate manual review/);
    // Default target: at least one hit, certain with a match.
    expect(f.summary.target).toEqual({ operator: ">=", k: 1 });
    expect(f.summary.target_probability).toBe(1);
    expect(f.exact.target_probability).toBe(1);
  });

  it("ranks wallets by their metadata: critical above standard above low", () => {
    const f = forecastExposure(base, ctx);
    const p = (a: string) => f.per_wallet.find((w) => w.address === a)?.future_hit_probability ?? 0;
    expect(p(address(1))).toBeGreaterThan(p(address(3)));
    expect(p(address(3))).toBeGreaterThan(p(address(2)));
    expect(p(address(3))).toBe(p(address(4)));
  });

  it("reports metadata coverage as the share of wallets with metadata", () => {
    expect(forecastExposure(base, ctx).summary.metadata_coverage_percent).toBe(40);
  });

  it("handles k above the number of wallets exactly", () => {
    for (const [operator, expected] of [
      [">=", 0],
      [">", 0],
      ["==", 0],
      ["<=", 1],
      ["<", 1],
    ] as const) {
      const f = forecastExposure({ ...base, target: { operator, k: 9 } }, ctx);
      expect(f.target.probability).toBe(expected);
      expect(f.exact.target_probability).toBe(expected);
    }
  });

  it("is reproducible: the same request gives the same output, with the seed it used", () => {
    const a = forecastExposure(base, ctx);
    const b = forecastExposure(base, ctx);
    expect(a).toEqual(b);
    expect(a.forecast_model.seed).toBe(deriveSeed(base));
    const other = forecastExposure(base, { ...ctx, seed: 12345 });
    expect(other.forecast_model.seed).toBe(12345);
    expect(other.list_growth).not.toEqual(a.list_growth);
  });

  it("fits the history it is given, with its basis and confidence", () => {
    const f = forecastExposure(base, ctx);
    expect(f.forecast_model.history_basis).toBe("snapshot_diff");
    expect(f.forecast_model.model_confidence).toBe("standard");
    // 2022-09-03 to 2025-08-30: 1,092 days.
    expect(f.forecast_model.model_confidence_reason).toBe(
      "fitted to 36 addition events over 1,092 days",
    );
    expect(f.forecast_model.history?.addition_events).toBe(syntheticHistory().events.length);
  });

  it("uses the caller's prior rate when given, with low confidence; a rate of 0 adds nothing", () => {
    const prior = forecastExposure({ ...base, priors: { list_add_rate_override_per_day: 2 } }, ctx);
    expect(prior.forecast_model.history_basis).toBe("caller_prior");
    expect(prior.forecast_model.model_confidence).toBe("low");
    expect(prior.forecast_model.model_confidence_reason).toBe(
      "rests on the caller's prior rate, not on data",
    );
    expect(prior.forecast_model.list_add_rate_per_day).toBe(2);
    expect(prior.list_growth.mean / (2 * 90)).toBeGreaterThan(0.9);
    const none = forecastExposure({ ...base, priors: { list_add_rate_override_per_day: 0 } }, ctx);
    expect(none.exact.expected_hits).toBe(1);
    expect(none.per_wallet.slice(1).every((w) => w.future_hit_probability === 0)).toBe(true);
    expect(none.list_growth.p_no_addition).toBe(1);
  });

  it("the sensitivity table moves the way its variations say", () => {
    const rows = Object.fromEntries(
      forecastExposure(base, ctx).sensitivity.map((r) => [r.scenario, r]),
    );
    const e = (s: string) => rows[s]?.expected_hits ?? Number.NaN;
    expect(e("list_rate_x2")).toBeGreaterThan(e("baseline"));
    expect(e("list_rate_x0.5")).toBeLessThan(e("baseline"));
    expect(e("high_tiers_x2")).toBeGreaterThan(e("baseline"));
    expect(e("high_tiers_x0.5")).toBeLessThan(e("baseline"));
    expect(rows.baseline?.expected_hits_change_percent).toBe(0);
    expect(rows.list_rate_x2?.probability_of_new_hit).toBeGreaterThan(
      rows.baseline?.probability_of_new_hit ?? 1,
    );
  });

  it("fails closed: no screening answer, no forecast", () => {
    const broken = { ...ctx, screen: () => ({ status: "unknown" }) as never };
    expect(() => forecastExposure(base, broken)).toThrow(/must return a status/);
  });

  it("needs a history or a prior rate", () => {
    expect(() => forecastExposure(base, { screen: ctx.screen })).toThrow(/history or a prior/);
  });

  it("refuses bad input with the field path", () => {
    const cases: [unknown, string][] = [
      [{ ...base, iterations: 999 }, "iterations"],
      [{ ...base, horizon_days: 366 }, "horizon_days"],
      [
        { ...base, address_metadata: [{ address: "0xnot-in-addresses" }] },
        "address_metadata[0].address",
      ],
      [
        { ...base, address_metadata: [{ address: address(1), exposure_usd: Number.NaN }] },
        "address_metadata[0].exposure_usd",
      ],
      [
        { ...base, address_metadata: [{ address: address(1), exposure_usd: -5 }] },
        "address_metadata[0].exposure_usd",
      ],
      [{ ...base, extra: 1 }, "extra"],
    ];
    for (const [request, path] of cases) {
      try {
        forecastExposure(request, ctx);
        expect.unreachable(`accepted ${path}`);
      } catch (e) {
        expect(e).toBeInstanceOf(InputError);
        expect((e as InputError).issues.map((i) => i.path)).toContain(path);
      }
    }
  });
});

describe("forecastExposure: the report", () => {
  it("says a target the current matches settle is met, never a forecast of 100%", () => {
    const f = forecastExposure(
      { addresses: [LISTED[0] as string, address(1)], target: { operator: ">=", k: 1 } },
      ctx,
    );
    expect(f.target.probability).toBe(1);
    const metrics = (f.report.headline_metrics ?? []).map((m) => [m.label, m.value]);
    expect(metrics).toContainEqual(["Target: hits ≥ 1", "Met by the current matches"]);
    expect(metrics.filter(([, value]) => value === 1 || value === 100)).toEqual([
      ["Current matches (listed today)", 1],
      ["Wallets not yet listed", 1],
    ]);
    expect(f.report.executive_summary?.join(" ")).toMatch(/met today by the 1 current match alone/);
    expect(f.report).not.toHaveProperty("result");
  });

  it("forecasts a target left open as new hits among the wallets not yet listed", () => {
    const f = forecastExposure(
      {
        addresses: [LISTED[0] as string, address(1), address(2)],
        target: { operator: ">=", k: 2 },
      },
      ctx,
    );
    const target = (f.report.headline_metrics ?? []).find((m) =>
      m.label.startsWith("P(new hits ≥ 1"),
    );
    expect(target).toMatchObject({
      label: "P(new hits ≥ 1, of the 2 wallets not yet listed)",
      kind: "probability",
    });
    // The model's exact value, to the two significant digits it has.
    expect(target?.value).toBe(Number(f.exact.target_probability.toPrecision(2)));
  });

  it("is a shared report model of type compliance-exposure-forecast, with its table and columns", () => {
    const f = forecastExposure(
      {
        addresses: [LISTED[0] as string, address(1)],
        title: "Q3 forecast",
        summary_focus: "exchanges",
      },
      ctx,
    );
    const r = f.report;
    expect(r.report_meta.report_type).toBe("compliance-exposure-forecast");
    expect(r.report_meta.title).toBe("Q3 forecast");
    // A wallet listed today is a current match, listed apart: never a forecast of 100%.
    expect(r.tables?.current_matches?.rows).toEqual([
      { address: LISTED[0], matched_entities: expect.any(String) },
    ]);
    const table = r.tables?.per_wallet_exposure;
    expect(table?.columns).toEqual(["address", "relationship_tier", "future_hit_probability"]);
    expect(table?.rows.map((row) => row.address)).toEqual([address(1)]);
    expect(table?.column_labels?.future_hit_probability).toBe("P(listed within 90 days)");
    const metrics = Object.fromEntries(
      (r.headline_metrics ?? []).map((m) => [m.label, { value: m.value, kind: m.kind }]),
    );
    expect(metrics["Current matches (listed today)"]).toEqual({ value: 1, kind: "count" });
    expect(metrics["Wallets not yet listed"]).toEqual({ value: 1, kind: "count" });
    // The distribution is of new hits: no row below the current matches.
    expect(r.tables?.hits_distribution?.rows.map((row) => row.new_hits)).toEqual([0, 1]);
    expect(r.executive_summary?.join(" ")).toMatch(/Focus: exchanges/);
    expect(r.chart_hints?.length).toBeGreaterThan(0);
    const parsed = parseReport(r);
    expect(parsed.tables.map((t) => t.key)).toContain("per_wallet_exposure");
    expect(parsed.charts.length).toBe(r.chart_hints?.length);
  });
});
