import type { ReportModelInput } from "@svc/report-model";
import { empiricalPmf, quantileOf } from "../estimate/integer-distribution.js";
import { proportion } from "../estimate/proportion.js";
import { additionsPmf } from "../exposure/additions-pmf.js";
import { ConditionalHits } from "../exposure/conditional-hits.js";
import { chooseGrowth } from "../exposure/growth-basis.js";
import { DEFAULT_BASE_HAZARD } from "../exposure/hazard.js";
import { forecastLimitations } from "../exposure/limitations.js";
import { checkedQueueRequest } from "../exposure/linked/checked-requests.js";
import { LinkedHits } from "../exposure/linked/party-hits.js";
import {
  assessWallets,
  type ExposureContext,
  linkedParties,
  tierWeightsOf,
} from "../exposure/portfolio.js";
import { simulateHits, tabulationCutoff } from "../exposure/simulate-hits.js";
import { AdditionsSampler } from "../growth/additions-sampler.js";
import type { QueueInput } from "../inputs/queue-input.js";
import { Xoshiro128StarStar } from "../rng/xoshiro128.js";
import { deriveSeed } from "../seed/derive-seed.js";
import { queueReport } from "./queue-report.js";
import type { OrderOutcome, QueueOptimization, QueueRow } from "./queue-types.js";
import { naiveOrder, optimizedOrder, type RankedItem } from "./rank-items.js";
import { rationale } from "./rationale.js";

export type QueueOptimizationResult = QueueOptimization & { readonly report: ReportModelInput };

/** The disjoint groups of clear items reviewed within the budget: by both orders, or by one. */
const BOTH = 0;
const ONLY_OPTIMIZED = 1;
const ONLY_NAIVE = 2;

/**
 * The review-queue optimizer (POST /api/workflows/compliance/queue-optimize): current exact matches first, then the order that
 * is optimal for the objective's expectation within `review_budget` (see `optimizedOrder`),
 * compared with the naive order (`current_queue_position`, else input order). Expectations are
 * exact; the spread of caught hits and the chance that one order catches more than the other come
 * from a paired simulation of the same futures. Throws `InputError` for a bad request.
 */
export function optimizeQueue(request: unknown, context: ExposureContext): QueueOptimizationResult {
  // Every refusal of the input first, before anything is computed.
  const { input, links } = checkedQueueRequest(request, context.linkedParty);
  const growth = chooseGrowth(context.history, input.priors?.list_add_rate_override_per_day);
  const horizon = input.horizon_days;
  const wallets = assessWallets(
    input.review_items.map((item, i) => ({ address: item.address, meta: item, party: links[i] })),
    context,
    input.asset,
    tierWeightsOf(input.tier_weights),
    growth,
    horizon,
  );
  const items: RankedItem[] = input.review_items.map((item, index) => {
    const wallet = wallets[index] as (typeof wallets)[number];
    return {
      index,
      item,
      wallet,
      riskWeightedExposure: wallet.futureHitProbability * item.exposure_usd,
    };
  });
  const budget = input.review_budget;
  const optimized = optimizedOrder(items, input.objective);
  const naive = naiveOrder(items);
  const inOptimized = new Set(optimized.slice(0, budget).map((r) => r.index));
  const inNaive = new Set(naive.slice(0, budget).map((r) => r.index));
  const seed = context.seed ?? deriveSeed(request);

  // The clear items of each group; matches are certain hits, counted apart, and items neither
  // order reviews do not change what either catches.
  const groups: RankedItem[][] = [[], [], []];
  for (const r of items) {
    const o = inOptimized.has(r.index);
    const n = inNaive.has(r.index);
    if (r.wallet.status === "match" || !(o || n)) continue;
    (groups[o && n ? BOTH : o ? ONLY_OPTIMIZED : ONLY_NAIVE] as RankedItem[]).push(r);
  }
  const matchesIn = (set: Set<number>) =>
    items.filter((r) => r.wallet.status === "match" && set.has(r.index)).length;
  const matches = items.filter((r) => r.wallet.status === "match").length;
  const process = growth.model?.additions ?? null;
  // Unlinked items by the list's additions; linked ones by their parties' events, which the
  // groups share (two items of one party are listed together, whichever order reviews them).
  const hits = new ConditionalHits(
    groups.map((g) =>
      Float64Array.from(g.filter((r) => r.wallet.link === null).map((r) => r.wallet.hazard.hazard)),
    ),
  );
  const groupOf = new Map(groups.flatMap((g, i) => g.map((r) => [r.index, i] as const)));
  const linked = new LinkedHits(
    linkedParties(wallets, (_, index) => groupOf.get(index)),
    groups.length,
    horizon,
  );
  const sampler = process === null ? null : new AdditionsSampler(process, horizon);
  const cutoff = tabulationCutoff(additionsPmf(process, horizon));
  const sim = simulateHits(
    sampler,
    input.iterations,
    hits,
    cutoff,
    Xoshiro128StarStar.fromSeed(seed),
    linked,
  );
  const [both, onlyO, onlyN] = sim.hits as [Int32Array, Int32Array, Int32Array];
  const caughtO = new Int32Array(input.iterations);
  const caughtN = new Int32Array(input.iterations);
  let more = 0;
  let fewer = 0;
  const mO = matchesIn(inOptimized);
  const mN = matchesIn(inNaive);
  for (let i = 0; i < input.iterations; i++) {
    caughtO[i] = mO + (both[i] as number) + (onlyO[i] as number);
    caughtN[i] = mN + (both[i] as number) + (onlyN[i] as number);
    if ((caughtO[i] as number) > (caughtN[i] as number)) more++;
    else if ((caughtO[i] as number) < (caughtN[i] as number)) fewer++;
  }

  const expectedTotal = items.reduce((s, r) => s + r.wallet.futureHitProbability, 0);
  const outcome = (reviewed: Set<number>, caught: Int32Array): OrderOutcome => {
    let expected = 0;
    let residual = 0;
    for (const r of items) {
      if (reviewed.has(r.index)) expected += r.wallet.futureHitProbability;
      else residual += r.riskWeightedExposure;
    }
    const pmf = empiricalPmf(caught);
    let mean = 0;
    for (const c of caught) mean += c;
    return {
      expected_caught_hits: expected,
      simulated_mean_caught_hits: mean / caught.length,
      p50_caught_hits: quantileOf(pmf, 0.5),
      p90_caught_hits: quantileOf(pmf, 0.9),
      expected_recall_percent: expectedTotal === 0 ? 0 : (100 * expected) / expectedTotal,
      expected_residual_risk_usd: residual,
    };
  };
  const o = outcome(inOptimized, caughtO);
  const n = outcome(inNaive, caughtN);
  const naiveRank = new Map(naive.map((r, i) => [r.index, i + 1]));
  const queue: QueueRow[] = optimized.map((r, i) => {
    const within = i < budget;
    return {
      rank: i + 1,
      address: r.item.address,
      label: r.item.label ?? null,
      screening_status: r.wallet.status,
      ...(r.wallet.near.length === 0 ? {} : { near_listed_addresses: r.wallet.near }),
      future_hit_probability: r.wallet.futureHitProbability,
      risk_weighted_exposure_usd: r.riskWeightedExposure,
      hazard_multiplier: r.wallet.hazard.multiplier,
      within_budget: within,
      naive_rank: naiveRank.get(r.index) as number,
      linked_party:
        r.wallet.link === null
          ? null
          : {
              entry_id: r.wallet.link.party.entryId,
              profile_id: r.wallet.link.party.profileId,
              name: r.wallet.link.party.name,
            },
      rationale: rationale(r, {
        rank: i + 1,
        naiveRank: naiveRank.get(r.index) as number,
        within,
        horizonDays: horizon,
        objective: input.objective,
      }),
    };
  });
  const result: QueueOptimization = {
    summary: {
      expected_caught_hits_under_optimized_order: o.expected_caught_hits,
      expected_caught_hits_under_naive_order: n.expected_caught_hits,
      lift_percent:
        n.expected_caught_hits === 0
          ? o.expected_caught_hits === 0
            ? 0
            : null
          : (100 * (o.expected_caught_hits - n.expected_caught_hits)) / n.expected_caught_hits,
      metadata_coverage_percent: queueMetadataCoverage(input),
      review_budget: budget,
      items: items.length,
      current_matches: matches,
      objective: input.objective,
      horizon_days: horizon,
    },
    optimized: o,
    naive: n,
    comparison: {
      probability_optimized_catches_more: proportion(more, input.iterations),
      probability_naive_catches_more: proportion(fewer, input.iterations),
      expected_extra_caught_hits: o.expected_caught_hits - n.expected_caught_hits,
    },
    review_queue: queue,
    forecast_model: {
      history_basis: growth.basis,
      model_confidence: growth.modelConfidence,
      list_add_rate_per_day: growth.addressesPerDay,
      base_hazard: context.baseHazard ?? DEFAULT_BASE_HAZARD,
      horizon_days: horizon,
      iterations: input.iterations,
      seed,
    },
    limitations: [
      ...forecastLimitations(growth, matches, context.baseHazard ?? DEFAULT_BASE_HAZARD, "queue"),
      "The optimized order is optimal for the objective's expectation with one unit of review effort per item; items that take longer to review are not weighted.",
    ],
  };
  return { ...result, report: queueReport(result, input) };
}

/**
 * The share of items carrying any optional metadata (last_activity_days,
 * transaction_count_30d, policy_priority or linked_sdn_entry), in percent; exposure and tier are required.
 */
function queueMetadataCoverage(input: QueueInput): number {
  const described = input.review_items.filter(
    (i) =>
      i.last_activity_days !== undefined ||
      i.transaction_count_30d !== undefined ||
      i.policy_priority !== undefined ||
      i.linked_sdn_entry !== undefined,
  ).length;
  return (100 * described) / input.review_items.length;
}
