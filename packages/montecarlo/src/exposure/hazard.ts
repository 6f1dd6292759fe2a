import type { RelationshipTier } from "../inputs/fields.js";

/**
 * The per-wallet hazard: the probability that one address newly added to the list is this
 * wallet. A base hazard (for a `standard` wallet with no other metadata) is scaled by one
 * multiplier per metadata member; a missing member has the neutral multiplier 1.
 */

/** The relationship-tier multipliers (overridable per request by `tier_weights`). */
export type TierWeights = Readonly<Record<RelationshipTier, number>>;

const DEFAULT_TIER_WEIGHTS: TierWeights = { low: 0.5, standard: 1, high: 2, critical: 4 };

/**
 * The hazard of a `standard` wallet with no metadata: 1 in 20,000 per address the list adds.
 * An assumption, not an estimate (nothing public says which of a customer's counterparties OFAC
 * will designate next): with ~37 addresses added in a typical quarter it gives a standard wallet
 * ~0.2% a quarter and a critical, high-exposure, high-priority one a few percent. The model's
 * figures are best read relative to each other; library callers can set their own base.
 */
export const DEFAULT_BASE_HAZARD = 1 / 20_000;

/** No wallet takes more than this share of one added address, whatever its multipliers. */
export const MAX_HAZARD = 0.5;

/** The metadata that scales a wallet's hazard (members of the exposure forecast and review-queue optimizer bodies). */
export interface WalletMetadata {
  readonly exposure_usd?: number | undefined;
  readonly relationship_tier?: RelationshipTier | undefined;
  readonly last_activity_days?: number | undefined;
  readonly transaction_count_30d?: number | undefined;
  readonly policy_priority?: number | undefined;
}

/** Each multiplier of one wallet and their product with the base, capped at `MAX_HAZARD`. */
export interface HazardBreakdown {
  readonly tier: number;
  readonly exposure: number;
  readonly activity: number;
  readonly transactions: number;
  readonly priority: number;
  /** The product of the five multipliers. */
  readonly multiplier: number;
  /** base × multiplier, capped at `MAX_HAZARD`. */
  readonly hazard: number;
}

/** 1 + 0.25·log10(1 + exposure/$1,000): $0 → 1, $100k → 1.5, $10M → 2.0, $1B → 2.75. */
const exposureMultiplier = (usd: number | undefined): number =>
  usd === undefined ? 1 : 1 + 0.25 * Math.log10(1 + usd / 1000);

/** 0.5 + e^(−days/90): active today → 1.5, a month → 1.22, a quarter → 0.87, a year → 0.52. */
const activityMultiplier = (days: number | undefined): number =>
  days === undefined ? 1 : 0.5 + Math.exp(-days / 90);

/** 1 + 0.15·log10(1 + n): none → 1, 9 → 1.15, 99 → 1.3, 9,999 → 1.6. */
const transactionsMultiplier = (count: number | undefined): number =>
  count === undefined ? 1 : 1 + 0.15 * Math.log10(1 + count);

/** 1 + priority/10: 0 → 1, 5 → 1.5, 10 → 2. */
const priorityMultiplier = (priority: number | undefined): number =>
  priority === undefined ? 1 : 1 + priority / 10;

/** The hazard of one wallet; no metadata at all gives exactly `base`. */
export function hazardOf(
  meta: WalletMetadata | undefined,
  tierWeights: TierWeights = DEFAULT_TIER_WEIGHTS,
  base: number = DEFAULT_BASE_HAZARD,
): HazardBreakdown {
  const tier = tierWeights[meta?.relationship_tier ?? "standard"];
  const exposure = exposureMultiplier(meta?.exposure_usd);
  const activity = activityMultiplier(meta?.last_activity_days);
  const transactions = transactionsMultiplier(meta?.transaction_count_30d);
  const priority = priorityMultiplier(meta?.policy_priority);
  const multiplier = tier * exposure * activity * transactions * priority;
  return {
    tier,
    exposure,
    activity,
    transactions,
    priority,
    multiplier,
    hazard: Math.min(MAX_HAZARD, base * multiplier),
  };
}

/** Tier weights with a request's overrides applied. */
export const withTierOverrides = (overrides: Partial<TierWeights> | undefined): TierWeights => ({
  ...DEFAULT_TIER_WEIGHTS,
  ...overrides,
});
