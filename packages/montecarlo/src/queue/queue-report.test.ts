import { beforeAll, describe, expect, it } from "vitest";
import type { ExposureContext } from "../exposure/portfolio.js";
import { QUEUE_OBJECTIVES } from "../inputs/queue-input.js";
import { Xoshiro128StarStar } from "../rng/xoshiro128.js";
import { documentTexts, overPrecise } from "../test-support/document-text.js";
import { address, LISTED, randomMetadata, sampleContext } from "../test-support/portfolios.js";
import { optimizeQueue } from "./optimize-queue.js";

let ctx: ExposureContext;
beforeAll(async () => {
  ctx = await sampleContext();
});

function queue(seed: number, objective: (typeof QUEUE_OBJECTIVES)[number], horizon: number) {
  const rng = Xoshiro128StarStar.fromSeed(seed);
  const review_items = Array.from({ length: 25 }, (_, i) => {
    const { address: a, ...meta } = randomMetadata(
      rng,
      i < 2 ? (LISTED[i] as string) : address(i + 1),
    );
    return { address: a, ...meta, current_queue_position: 25 - i };
  });
  return optimizeQueue(
    { review_items, review_budget: 8, objective, horizon_days: horizon, iterations: 2000 },
    ctx,
  );
}

describe("the queue's report: the precision it has", () => {
  it("shows no probability with more than two significant digits: rationales, summary, tables", () => {
    QUEUE_OBJECTIVES.forEach((objective, i) => {
      for (const horizon of [7, 90, 365]) {
        const q = queue(i + horizon, objective, horizon);
        const texts = documentTexts(q.report);
        expect(texts.some((t) => /chance of an exact OFAC match/.test(t))).toBe(true);
        expect(overPrecise(texts)).toEqual([]);
        expect(overPrecise(q.review_queue.map((r) => r.rationale))).toEqual([]);
      }
    });
  });

  it("carries the probabilities of its detail table to two significant digits; the raw rows keep them whole", () => {
    const q = queue(5, "maximize_caught_hits", 180);
    const detail = q.report.tables?.queue_detail?.rows ?? [];
    q.review_queue.forEach((row, i) => {
      const shown = detail[i]?.future_hit_probability;
      expect(shown).toBe(
        row.screening_status === "match" ? null : Number(row.future_hit_probability.toPrecision(2)),
      );
    });
  });

  it("names the base hazard first in its limitations and claims nothing conservative", () => {
    const q = queue(7, "minimize_residual_risk", 90);
    const limitations = q.report.tables?.limitations?.rows.map((r) => String(r.limitation));
    expect(limitations?.[0]).toMatch(
      /^Every probability rests on an assumed base hazard, 1 in 20,000/,
    );
    expect(documentTexts(q.report).join(" ")).not.toMatch(/conservative/i);
  });
});

describe("the queue's report: the reviewer's own names for the wallets", () => {
  const labelled = (withLabels: boolean) =>
    optimizeQueue(
      {
        review_items: [LISTED[0] as string, address(2), address(3)].map((a, i) => ({
          address: a,
          exposure_usd: 1000 * (i + 1),
          relationship_tier: "standard",
          ...(withLabels ? { label: `Customer ${i + 1}` } : {}),
        })),
        review_budget: 2,
        iterations: 1000,
      },
      ctx,
    );

  it("names each wallet's label beside its address in the main table", () => {
    const q = labelled(true);
    const table = q.report.tables?.review_queue;
    expect(table?.columns).toEqual(["rank", "address", "label", "screening_status", "rationale"]);
    for (const row of table?.rows ?? []) {
      const item = q.review_queue.find((r) => r.address === row.address);
      expect(row.label).toBe(item?.label);
      expect(row.label).toMatch(/^Customer \d$/);
    }
  });

  it("spends no column on labels nobody gave", () => {
    const q = labelled(false);
    expect(q.report.tables?.review_queue?.columns).toEqual([
      "rank",
      "address",
      "screening_status",
      "rationale",
    ]);
  });
});
