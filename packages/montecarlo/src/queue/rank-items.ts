import type { AssessedWallet } from "../exposure/portfolio.js";
import type { QueueObjective, ReviewItem } from "../inputs/queue-input.js";

/** An item with what ranking needs: its wallet, its exposure and its position in the input. */
export interface RankedItem {
  readonly index: number;
  readonly item: ReviewItem;
  readonly wallet: AssessedWallet;
  /** P(hit) × exposure_usd: the exposure expected to turn out sanctioned. */
  readonly riskWeightedExposure: number;
}

/** The objective's score of an item (higher is reviewed earlier), after current matches. */
function objectiveScore(objective: QueueObjective, r: RankedItem): number {
  return objective === "minimize_residual_risk"
    ? r.riskWeightedExposure
    : r.wallet.futureHitProbability;
}

/**
 * The optimized order: current exact matches first (largest exposure first), then by the
 * objective's score, ties broken by hit probability, then exposure, then input order. With
 * unit review cost, taking the items of highest score first maximizes the expected sum of the
 * scores within any budget, so this order is optimal for each objective's expectation:
 * - maximize_caught_hits: Σ P(hit) over the reviewed items;
 * - maximize_expected_recall: the same sum over the (order-independent) expected total hits;
 * - minimize_residual_risk: Σ P(hit)·exposure over the items left unreviewed.
 */
export function optimizedOrder(
  items: readonly RankedItem[],
  objective: QueueObjective,
): RankedItem[] {
  const match = (r: RankedItem) => (r.wallet.status === "match" ? 1 : 0);
  return [...items].sort(
    (a, b) =>
      match(b) - match(a) ||
      (match(a) === 1 ? b.item.exposure_usd - a.item.exposure_usd : 0) ||
      objectiveScore(objective, b) - objectiveScore(objective, a) ||
      b.wallet.futureHitProbability - a.wallet.futureHitProbability ||
      b.item.exposure_usd - a.item.exposure_usd ||
      a.index - b.index,
  );
}

/**
 * The naive baseline: `current_queue_position` ascending; items without a position follow, in
 * input order (the input order alone when no item has one).
 */
export function naiveOrder(items: readonly RankedItem[]): RankedItem[] {
  const position = (r: RankedItem) => r.item.current_queue_position ?? Number.POSITIVE_INFINITY;
  return [...items].sort((a, b) => position(a) - position(b) || a.index - b.index);
}
