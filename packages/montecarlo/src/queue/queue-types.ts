import type { ProbabilityEstimate } from "../estimate/proportion.js";
import type { GrowthChoice } from "../exposure/growth-basis.js";
import type { QueueInput } from "../inputs/queue-input.js";

// The shape of a queue optimization, apart from optimize-queue.ts (which computes it) so that
// queue-report.ts (which optimize-queue.ts calls) can use it without an import cycle.

/** Caught hits of one order within the budget: exact expectation and simulated spread. */
export interface OrderOutcome {
  readonly expected_caught_hits: number;
  readonly simulated_mean_caught_hits: number;
  readonly p50_caught_hits: number;
  readonly p90_caught_hits: number;
  /** Expected caught hits over expected total hits (both exact), in percent. */
  readonly expected_recall_percent: number;
  /** Σ P(hit)·exposure_usd over the items left unreviewed (exact). */
  readonly expected_residual_risk_usd: number;
}

export interface QueueRow {
  readonly rank: number;
  readonly address: string;
  readonly label: string | null;
  readonly screening_status: "match" | "clear";
  /** For a clear item, the listed addresses near it, described; present only when there are some. */
  readonly near_listed_addresses?: readonly string[];
  readonly future_hit_probability: number;
  readonly risk_weighted_exposure_usd: number;
  /** The product of the item's hazard multipliers (1 for a standard wallet). */
  readonly hazard_multiplier: number;
  readonly within_budget: boolean;
  /** The item's rank in the naive order. */
  readonly naive_rank: number;
  /** The party of the item's `linked_sdn_entry`, whose events its probability comes from, or null. */
  readonly linked_party: {
    readonly entry_id: string;
    readonly profile_id: string;
    readonly name: string | null;
  } | null;
  readonly rationale: string;
}

export interface QueueOptimization {
  readonly summary: {
    readonly expected_caught_hits_under_optimized_order: number;
    readonly expected_caught_hits_under_naive_order: number;
    /** (optimized − naive)/naive in percent; null when the naive order expects no hit. */
    readonly lift_percent: number | null;
    readonly metadata_coverage_percent: number;
    readonly review_budget: number;
    readonly items: number;
    readonly current_matches: number;
    readonly objective: QueueInput["objective"];
    readonly horizon_days: number;
  };
  readonly optimized: OrderOutcome;
  readonly naive: OrderOutcome;
  /** Paired simulation of the two orders (the same futures). */
  readonly comparison: {
    readonly probability_optimized_catches_more: ProbabilityEstimate;
    readonly probability_naive_catches_more: ProbabilityEstimate;
    readonly expected_extra_caught_hits: number;
  };
  readonly review_queue: readonly QueueRow[];
  readonly forecast_model: {
    readonly history_basis: GrowthChoice["basis"];
    readonly model_confidence: GrowthChoice["modelConfidence"];
    readonly list_add_rate_per_day: number;
    readonly base_hazard: number;
    readonly horizon_days: number;
    readonly iterations: number;
    readonly seed: number;
  };
  readonly limitations: readonly string[];
}
