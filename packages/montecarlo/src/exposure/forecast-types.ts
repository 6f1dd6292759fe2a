import type { ProbabilityEstimate } from "../estimate/proportion.js";
import type { AdditionsSummary } from "./additions-summary.js";
import type { GrowthChoice } from "./growth-basis.js";
import type { TierWeights } from "./hazard.js";
import type { Target } from "./hits-outlook.js";
import type { SensitivityRow } from "./sensitivity.js";

// The shape of an exposure forecast, apart from forecast.ts (which computes it) so that
// forecast-report.ts (which forecast.ts calls) can use it without an import cycle.

export interface ForecastModelInfo {
  readonly history_basis: GrowthChoice["basis"];
  readonly model_confidence: GrowthChoice["modelConfidence"];
  /** Why, in a short sentence: e.g. "fitted to 43 addition events over 1,173 days". */
  readonly model_confidence_reason: string;
  readonly model_version: string;
  /** Addition events per day (posterior mean) and expected addresses added per day. */
  readonly addition_events_per_day: number | null;
  readonly list_add_rate_per_day: number;
  readonly history: {
    readonly from: string;
    readonly to: string;
    readonly span_days: number;
    readonly addition_events: number;
    readonly removal_events: number;
  } | null;
  readonly batch_sizes: {
    readonly source: string;
    readonly mean: number;
    readonly max: number;
  } | null;
  readonly base_hazard: number;
  readonly tier_weights: TierWeights;
  readonly horizon_days: number;
  readonly iterations: number;
  readonly seed: number;
}

export interface PerWalletExposure {
  readonly address: string;
  readonly screening_status: "match" | "clear";
  readonly future_hit_probability: number;
  readonly relationship_tier: string;
  readonly hazard_multiplier: number;
  readonly has_metadata: boolean;
  readonly matched_entities: readonly string[];
  /** For a clear wallet, the listed addresses near it, described; present only when there are some. */
  readonly near_listed_addresses?: readonly string[];
  /** `linked_party`: the hazard comes from the party of its `linked_sdn_entry` (see the README). */
  readonly hazard_source: "base_hazard" | "linked_party";
  /** The party the caller links the wallet to, or null. */
  readonly linked_party: {
    readonly entry_id: string;
    readonly profile_id: string;
    readonly name: string | null;
    /** Its listed addresses today (0: listed without addresses). */
    readonly listed_addresses: number;
    /** Its addition events a year: the posterior mean of its rate. */
    readonly party_events_per_year: number;
    /** The probability the wallet is listed at one event of its party (θ). */
    readonly listing_probability_per_event: number;
  } | null;
}

export interface ExposureForecast {
  readonly summary: {
    readonly target_probability: number;
    readonly p50_expected_hits: number;
    readonly p90_expected_hits: number;
    readonly metadata_coverage_percent: number;
    readonly expected_hits: number;
    readonly current_matches: number;
    readonly wallets: number;
    readonly horizon_days: number;
    readonly target: Target;
  };
  /** The Monte Carlo estimate of P(hits op k) with its standard error, beside the exact value. */
  readonly target: Target &
    ProbabilityEstimate & {
      readonly exact: number;
      /** |estimate − exact| / standard error; null when the estimate has no spread (p̂ 0 or 1). */
      readonly deviation_in_standard_errors: number | null;
    };
  readonly exact: {
    readonly target_probability: number;
    readonly expected_hits: number;
    readonly p50_hits: number;
    readonly p90_hits: number;
    readonly error_bound: number;
  };
  readonly forecast_model: ForecastModelInfo;
  readonly list_growth: AdditionsSummary;
  readonly hits_distribution: readonly {
    readonly hits: number;
    readonly probability: number;
    readonly simulated_share: number;
  }[];
  readonly per_wallet: readonly PerWalletExposure[];
  readonly sensitivity: readonly SensitivityRow[];
  readonly limitations: readonly string[];
}
