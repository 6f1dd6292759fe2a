import type { RelationshipTier } from "../inputs/fields.js";
import type { BasedHistory, GrowthChoice } from "./growth-basis.js";
import {
  DEFAULT_BASE_HAZARD,
  type HazardBreakdown,
  hazardOf,
  type TierWeights,
  type WalletMetadata,
  withTierOverrides,
} from "./hazard.js";
import { marginalHitProbability } from "./marginal-hit-probability.js";

/** An address's exact-match status on the list today, as the caller's screening found it. */
export interface ScreeningStatus {
  readonly status: "match" | "clear";
  /** The names of the matched designations (shown in rationales), when there are matches. */
  readonly entities?: readonly string[];
}

/**
 * What a forecast needs from outside, supplied by the caller (the service wires
 * @svc/ofac-index): the current screening, the list history and, optionally, a fixed seed and
 * another base hazard. Screening fails closed: there is no default `screen`.
 */
export interface ExposureContext {
  readonly screen: (address: string, asset: string | undefined) => ScreeningStatus;
  /** Stored-edition differences or a listing-date backfill; may be omitted with a prior rate. */
  readonly history?: BasedHistory | null;
  /** The seed; by default one derived from the request, so a request always gives one answer. */
  readonly seed?: number;
  /** The hazard of a standard wallet with no metadata (default `DEFAULT_BASE_HAZARD`). */
  readonly baseHazard?: number;
}

/** One wallet as the models see it. */
export interface AssessedWallet {
  readonly address: string;
  readonly status: "match" | "clear";
  readonly entities: readonly string[];
  readonly hasMetadata: boolean;
  readonly tier: RelationshipTier;
  readonly hazard: HazardBreakdown;
  /** 1 for a current match; else the exact probability of a hit within the horizon. */
  readonly futureHitProbability: number;
}

export interface WalletEntry {
  readonly address: string;
  readonly meta?: (WalletMetadata & { readonly relationship_tier?: RelationshipTier }) | undefined;
}

/** Screens each wallet and gives it its hazard and its probability of a hit. */
export function assessWallets(
  entries: readonly WalletEntry[],
  context: ExposureContext,
  asset: string | undefined,
  tierWeights: TierWeights,
  growth: GrowthChoice,
  horizonDays: number,
): AssessedWallet[] {
  const base = context.baseHazard ?? DEFAULT_BASE_HAZARD;
  const process = growth.model?.additions ?? null;
  return entries.map(({ address, meta }) => {
    const screening = context.screen(address, asset);
    if (screening?.status !== "match" && screening?.status !== "clear") {
      throw new RangeError(`screen(${address}) must return a status of match or clear`);
    }
    const hazard = hazardOf(meta, tierWeights, base);
    const match = screening.status === "match";
    return {
      address,
      status: screening.status,
      entities: match ? (screening.entities ?? []) : [],
      hasMetadata: meta !== undefined,
      tier: meta?.relationship_tier ?? "standard",
      hazard,
      futureHitProbability: match ? 1 : marginalHitProbability(process, horizonDays, hazard.hazard),
    };
  });
}

/** Tier weights from a request's partial overrides (undefined members ignored). */
export function tierWeightsOf(
  overrides: Partial<Record<RelationshipTier, number | undefined>> | undefined,
): TierWeights {
  const defined = Object.fromEntries(
    Object.entries(overrides ?? {}).filter(([, v]) => v !== undefined),
  ) as Partial<TierWeights>;
  return withTierOverrides(defined);
}

/** The share of wallets with a metadata entry, in percent. */
export const metadataCoveragePercent = (wallets: readonly AssessedWallet[]): number =>
  wallets.length === 0 ? 0 : (100 * wallets.filter((w) => w.hasMetadata).length) / wallets.length;

/** The hazards of the wallets that are not matches today, in order. */
export const clearHazards = (wallets: readonly AssessedWallet[]): Float64Array =>
  Float64Array.from(wallets.filter((w) => w.status === "clear").map((w) => w.hazard.hazard));
