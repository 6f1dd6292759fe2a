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
import {
  type LinkedParty,
  type LinkedPartyLookup,
  linkProbability,
  type PartyRate,
  partyRate,
} from "./linked/linked-party.js";
import { linkedHitProbability, type PartyWallets } from "./linked/party-hits.js";
import { marginalHitProbability } from "./marginal-hit-probability.js";

/** An address's exact-match status on the list today, as the caller's screening found it. */
export interface ScreeningStatus {
  readonly status: "match" | "clear";
  /** The names of the matched designations (shown in rationales), when there are matches. */
  readonly entities?: readonly string[];
  /**
   * For a clear address, the listed addresses near it (a typo, a re-cased copy, a look-alike),
   * each described for a reviewer (`0x… (Lazarus Group; 1 character different)`). A near match
   * does not change the status or the hazard: it is shown so a reviewer compares the two.
   */
  readonly near?: readonly string[];
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
  /**
   * The SDN List party of an entry or profile id, with its addition history, or null when the
   * list does not know the id: needed only for requests that link wallets (`linked_sdn_entry`).
   */
  readonly linkedParty?: LinkedPartyLookup;
}

/** A wallet's link to a party and what its hazard takes from it. */
interface WalletLink {
  readonly party: LinkedParty;
  /** The party's event rate (Gamma posterior, per day). */
  readonly rate: PartyRate;
  /** The probability the wallet is listed at one event of its party. */
  readonly theta: number;
  /** Its probability of a hit from the list's other additions (the base model's). */
  readonly background: number;
}

/** One wallet as the models see it. */
export interface AssessedWallet {
  readonly address: string;
  readonly status: "match" | "clear";
  readonly entities: readonly string[];
  /** Listed addresses near a clear wallet, described (see `ScreeningStatus.near`). */
  readonly near: readonly string[];
  readonly hasMetadata: boolean;
  readonly tier: RelationshipTier;
  readonly hazard: HazardBreakdown;
  /** 1 for a current match; else the exact probability of a hit within the horizon. */
  readonly futureHitProbability: number;
  /** The party the caller links the wallet to, or null (the base model alone). */
  readonly link: WalletLink | null;
}

export interface WalletEntry {
  readonly address: string;
  readonly meta?: (WalletMetadata & { readonly relationship_tier?: RelationshipTier }) | undefined;
  /** The party of the wallet's `linked_sdn_entry` (see `resolveLinks`). */
  readonly party?: LinkedParty | undefined;
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
  return entries.map(({ address, meta, party }) => {
    const screening = context.screen(address, asset);
    if (screening?.status !== "match" && screening?.status !== "clear") {
      throw new RangeError(`screen(${address}) must return a status of match or clear`);
    }
    const hazard = hazardOf(meta, tierWeights, base);
    const match = screening.status === "match";
    const background = match ? 1 : marginalHitProbability(process, horizonDays, hazard.hazard);
    const link: WalletLink | null =
      party === undefined
        ? null
        : {
            party,
            rate: partyRate(party),
            theta: linkProbability(hazard.multiplier),
            background,
          };
    return {
      address,
      status: screening.status,
      entities: match ? (screening.entities ?? []) : [],
      near: match ? [] : (screening.near ?? []),
      hasMetadata: meta !== undefined,
      tier: meta?.relationship_tier ?? "standard",
      hazard,
      futureHitProbability:
        match || link === null
          ? background
          : linkedHitProbability(link.rate, horizonDays, background, link.theta),
      link,
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

/** The hazards of the wallets that are not matches today and not linked to a party, in order. */
export const clearHazards = (wallets: readonly AssessedWallet[]): Float64Array =>
  Float64Array.from(
    wallets.filter((w) => w.status === "clear" && w.link === null).map((w) => w.hazard.hazard),
  );

/**
 * The clear linked wallets by party (first-linked order), each in the group `groupOf` gives it
 * (undefined: in no group, as an item neither order reviews).
 */
export function linkedParties(
  wallets: readonly AssessedWallet[],
  groupOf: (w: AssessedWallet, index: number) => number | undefined = () => 0,
): PartyWallets[] {
  const byParty = new Map<string, PartyWallets & { wallets: PartyWallets["wallets"][number][] }>();
  wallets.forEach((w, i) => {
    if (w.status !== "clear" || w.link === null) return;
    const group = groupOf(w, i);
    const key = w.link.party.profileId;
    let entry = byParty.get(key);
    if (entry === undefined) {
      entry = { party: w.link.party, rate: w.link.rate, wallets: [] };
      byParty.set(key, entry);
    }
    if (group !== undefined) {
      entry.wallets.push({ group, background: w.link.background, theta: w.link.theta });
    }
  });
  return [...byParty.values()];
}
