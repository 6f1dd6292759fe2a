import { parseReport } from "@svc/report-model";
import { beforeAll, describe, expect, it } from "vitest";
import { referenceQueueCaught } from "../../bench/reference.mjs";
import type { ExposureContext } from "../exposure/portfolio.js";
import { QUEUE_OBJECTIVES } from "../inputs/queue-input.js";
import { Xoshiro128StarStar } from "../rng/xoshiro128.js";
import { syntheticProcess } from "../test-support/growth-fixtures.js";
import { address, LISTED, randomMetadata, sampleContext } from "../test-support/portfolios.js";
import { optimizeQueue } from "./optimize-queue.js";

let ctx: ExposureContext;
beforeAll(async () => {
  ctx = await sampleContext();
});

/** n random items with positions 1..n; `listed` of them are real SDN addresses. */
function randomItems(rng: Xoshiro128StarStar, n: number, listed = 0) {
  return Array.from({ length: n }, (_, i) => {
    const { address: a, ...meta } = randomMetadata(
      rng,
      i < listed ? (LISTED[i] as string) : address(i + 1),
    );
    return { address: a, ...meta, current_queue_position: n - i };
  });
}

/** The best sum of `score` over any `budget` items, by enumerating every subset (n ≤ 10). */
function bestSubset(scores: number[], budget: number): number {
  let best = Number.NEGATIVE_INFINITY;
  for (let mask = 0; mask < 2 ** scores.length; mask++) {
    let count = 0;
    let sum = 0;
    scores.forEach((s, i) => {
      if ((mask >>> i) & 1) {
        count++;
        sum += s;
      }
    });
    if (count === budget) best = Math.max(best, sum);
  }
  return best;
}

describe("optimizeQueue: the order", () => {
  it("places current exact matches first whatever the objective and their exposure", () => {
    const rng = Xoshiro128StarStar.fromSeed(1);
    const items = randomItems(rng, 30, 2).map((it, i) => (i < 2 ? { ...it, exposure_usd: 0 } : it));
    for (const objective of QUEUE_OBJECTIVES) {
      const q = optimizeQueue({ review_items: items, review_budget: 5, objective }, ctx);
      expect(q.review_queue.slice(0, 2).map((r) => r.screening_status)).toEqual(["match", "match"]);
      expect(q.review_queue[0]?.rationale).toMatch(/^Exact OFAC SDN match today \(Lazarus Group\)/);
      expect(q.summary.current_matches).toBe(2);
    }
  });

  it("is optimal for each objective's expectation (checked against every subset)", () => {
    const rng = Xoshiro128StarStar.fromSeed(2);
    for (let c = 0; c < 12; c++) {
      const items = randomItems(rng, 9);
      const budget = 1 + (c % 5);
      const q = optimizeQueue(
        { review_items: items, review_budget: budget, objective: "maximize_caught_hits" },
        ctx,
      );
      const p = new Map(q.review_queue.map((r) => [r.address, r.future_hit_probability]));
      const scores = items.map((it) => p.get(it.address) as number);
      expect(q.optimized.expected_caught_hits).toBeCloseTo(bestSubset(scores, budget), 12);
      const r = optimizeQueue(
        { review_items: items, review_budget: budget, objective: "minimize_residual_risk" },
        ctx,
      );
      const risk = items.map((it) => (p.get(it.address) as number) * it.exposure_usd);
      const total = risk.reduce((s, x) => s + x, 0);
      expect(r.optimized.expected_residual_risk_usd).toBeCloseTo(
        total - bestSubset(risk, budget),
        6,
      );
      expect(r.optimized.expected_residual_risk_usd).toBeLessThanOrEqual(
        r.naive.expected_residual_risk_usd + 1e-9,
      );
    }
  });

  it("takes the naive order from current_queue_position, else from the input order", () => {
    const rng = Xoshiro128StarStar.fromSeed(3);
    const items = randomItems(rng, 6);
    const q = optimizeQueue({ review_items: items, review_budget: 2 }, ctx);
    const byNaive = [...q.review_queue].sort((a, b) => a.naive_rank - b.naive_rank);
    expect(byNaive.map((r) => r.address)).toEqual([...items].reverse().map((i) => i.address));
    const unpositioned = items.map(({ current_queue_position: _, ...rest }) => rest);
    const u = optimizeQueue({ review_items: unpositioned, review_budget: 2 }, ctx);
    const inputOrder = [...u.review_queue].sort((a, b) => a.naive_rank - b.naive_rank);
    expect(inputOrder.map((r) => r.address)).toEqual(items.map((i) => i.address));
  });

  it("with a budget covering every item, both orders catch the same", () => {
    const items = randomItems(Xoshiro128StarStar.fromSeed(4), 8);
    const q = optimizeQueue({ review_items: items, review_budget: 50 }, ctx);
    expect(q.summary.review_budget).toBe(8);
    expect(q.summary.lift_percent).toBeCloseTo(0, 12);
    expect(q.review_queue.every((r) => r.within_budget)).toBe(true);
  });
});

describe("optimizeQueue: the figures", () => {
  it("simulated caught hits agree with the exact expectation and with a per-wallet simulation", () => {
    const rng = Xoshiro128StarStar.fromSeed(5);
    const items = randomItems(rng, 120, 1).map((it) => ({
      ...it,
      relationship_tier: "critical" as const,
    }));
    const request = {
      review_items: items,
      review_budget: 20,
      iterations: 20_000,
      horizon_days: 365,
    };
    const q = optimizeQueue(request, ctx);
    for (const o of [q.optimized, q.naive]) {
      // The caught count's variance is at most its mean plus the shared-additions spread: a
      // generous bound, 4 standard errors of a Poisson with twice the mean.
      const se = Math.sqrt((2 * o.expected_caught_hits + 1) / 20_000);
      expect(Math.abs(o.simulated_mean_caught_hits - o.expected_caught_hits)).toBeLessThan(4 * se);
    }
    const reviewed = (max: number, key: "rank" | "naive_rank") =>
      new Set(q.review_queue.filter((r) => r[key] <= max).map((r) => r.address));
    const opt = reviewed(20, "rank");
    const naive = reviewed(20, "naive_rank");
    const ref = referenceQueueCaught(
      q.review_queue.map((r) => ({
        hazard: q.forecast_model.base_hazard * r.hazard_multiplier,
        match: r.screening_status === "match",
        optimized: opt.has(r.address),
        naive: naive.has(r.address),
      })),
      syntheticProcess(),
      365,
      20_000,
      Xoshiro128StarStar.fromSeed(77),
    );
    let more = 0;
    ref.optimized.forEach((caught, i) => {
      if (caught > (ref.naive[i] ?? 0)) more++;
    });
    const pRef = more / ref.optimized.length;
    const pOurs = q.comparison.probability_optimized_catches_more.probability;
    const se = Math.sqrt((pRef * (1 - pRef) + pOurs * (1 - pOurs)) / 20_000);
    expect(Math.abs(pRef - pOurs)).toBeLessThan(4 * se);
  });

  it("reports lift as null when the naive order expects no hit and the optimized one does", () => {
    const items = [
      {
        address: address(1),
        exposure_usd: 10,
        relationship_tier: "low" as const,
        current_queue_position: 1,
      },
      {
        address: LISTED[0] as string,
        exposure_usd: 10,
        relationship_tier: "low" as const,
        current_queue_position: 2,
      },
    ];
    const q = optimizeQueue(
      { review_items: items, review_budget: 1, priors: { list_add_rate_override_per_day: 0 } },
      ctx,
    );
    expect(q.summary.expected_caught_hits_under_optimized_order).toBe(1);
    expect(q.summary.expected_caught_hits_under_naive_order).toBe(0);
    expect(q.summary.lift_percent).toBeNull();
  });

  it("explains each item in a sentence a reviewer can act on", () => {
    const items = randomItems(Xoshiro128StarStar.fromSeed(6), 12);
    const q = optimizeQueue({ review_items: items, review_budget: 3 }, ctx);
    expect(q.review_queue[0]?.rationale).toMatch(
      /^Review in this window: .*% chance of an exact OFAC match within 90 days/,
    );
    expect(q.review_queue[11]?.rationale).toMatch(/^Beyond this window's budget/);
    expect(q.review_queue.some((r) => /Moved up from position \d+/.test(r.rationale))).toBe(true);
  });

  it("is reproducible and reports its seed", () => {
    const request = {
      review_items: randomItems(Xoshiro128StarStar.fromSeed(8), 10),
      review_budget: 3,
    };
    expect(optimizeQueue(request, ctx)).toEqual(optimizeQueue(request, ctx));
  });

  it("builds the review-queue report model", () => {
    const items = randomItems(Xoshiro128StarStar.fromSeed(9), 10, 1);
    const q = optimizeQueue({ review_items: items, review_budget: 3, title: "Weekly queue" }, ctx);
    expect(q.report.report_meta).toMatchObject({
      report_type: "compliance-review-queue-optimizer",
      title: "Weekly queue",
    });
    expect(q.report.tables?.review_queue?.columns).toEqual([
      "rank",
      "address",
      "screening_status",
      "rationale",
    ]);
    expect(q.report.tables?.review_queue?.rows).toHaveLength(10);
    const parsed = parseReport(q.report);
    expect(parsed.degradations).toEqual([]);
    // Numbers a reader can trust: the lift as a multiplier beside its baseline, money as money,
    // a current match never as a 100% forecast, and no raw result or duplicated chart table.
    const metrics = Object.fromEntries((q.report.headline_metrics ?? []).map((m) => [m.label, m]));
    const naive = q.summary.expected_caught_hits_under_naive_order;
    expect(metrics["Expected caught hits (current) at 1 in 20,000"]?.value).toBeCloseTo(naive, 3);
    const lift = metrics["Lift over the current order"];
    expect(lift?.kind).toBe("ratio");
    expect(lift?.value).toBeCloseTo(
      q.summary.expected_caught_hits_under_optimized_order / naive,
      2,
    );
    expect(q.report.executive_summary?.join(" ")).toMatch(
      /left unreviewed \(on that hazard\): \$[\d,]+\.\d\d in the optimized order against \$[\d,]+\.\d\d/,
    );
    expect(q.report.executive_summary?.join(" ")).not.toMatch(/minimize_residual_risk/);
    const detail = q.report.tables?.queue_detail;
    expect(detail?.column_kinds?.risk_weighted_exposure_usd).toBe("money");
    const matches = detail?.rows.filter((_, i) => q.review_queue[i]?.screening_status === "match");
    expect(matches?.map((row) => row.future_hit_probability)).toEqual([null]);
    expect(Object.keys(q.report.tables ?? {})).not.toContain("caught_hits");
    expect(q.report).not.toHaveProperty("result");
  });

  it("refuses bad input with its path", () => {
    expect(() =>
      optimizeQueue(
        { review_items: [{ address: address(1), exposure_usd: 1 }], review_budget: 1 },
        ctx,
      ),
    ).toThrow(/relationship_tier/);
    expect(() =>
      optimizeQueue(
        { review_items: randomItems(Xoshiro128StarStar.fromSeed(1), 2), review_budget: 0 },
        ctx,
      ),
    ).toThrow(/review_budget/);
  });
});
