import { MIN_EMPIRICAL_EVENTS } from "@svc/montecarlo";
import {
  EMBEDDED_DCA_HISTORY,
  EMBEDDED_PARTY_HISTORY,
  growthFromEditions,
  type ListGrowthStats,
  type PartyHistory,
  partyHistoryFromEditions,
} from "@svc/ofac-index";
import type { EditionStore } from "@svc/ofac-index/node";

/** A store's history is preferred once it spans a year with this many addition events. */
const MIN_STORED_SPAN_DAYS = 365;

/**
 * The history the forecast and the queue use: the stored editions' differences once the store
 * holds enough of them (a year of editions with at least `MIN_EMPIRICAL_EVENTS` addition
 * events: a fresh store's few weeks would say less than the embedded three years), else the
 * embedded community-mirror history. Both are basis `snapshot_diff`.
 */
export function chooseHistory(stored: ListGrowthStats | null): ListGrowthStats {
  if (
    stored !== null &&
    stored.spanDays >= MIN_STORED_SPAN_DAYS &&
    stored.additionEvents >= MIN_EMPIRICAL_EVENTS
  ) {
    return stored;
  }
  return EMBEDDED_DCA_HISTORY;
}

/** The differences of a store's editions, or null with fewer than two readable editions. */
export async function storedGrowth(
  store: Pick<EditionStore, "all">,
): Promise<ListGrowthStats | null> {
  const snapshots = await store.all();
  if (snapshots.length < 2) return null;
  return growthFromEditions(snapshots.map((s) => s.edition));
}

/**
 * The party history wallets linked to a party use, by the same rule as `chooseHistory`: the
 * stored editions' once they span a year with at least `MIN_EMPIRICAL_EVENTS` party addition
 * events (and the newest records every SDN party), else the embedded one (2022-09 → 2025-11).
 */
export function choosePartyHistory(stored: PartyHistory | null): PartyHistory {
  // Editions stored before the party list was recorded cannot say how long parties stayed
  // listed without addresses (party-years 0): their population rates would mean nothing.
  const rated =
    stored !== null &&
    stored.population.holdingPartyYears > 0 &&
    stored.population.listedWithoutPartyYears > 0;
  if (stored !== null && rated && stored.spanDays >= MIN_STORED_SPAN_DAYS) {
    const e = stored.population.eventsOf;
    const events = e.holding + e.listed_without_addresses + e.new_designation;
    if (events >= MIN_EMPIRICAL_EVENTS) return stored;
  }
  return EMBEDDED_PARTY_HISTORY;
}

/** The party history of a store's editions, or null with fewer than two readable editions. */
export async function storedPartyHistory(
  store: Pick<EditionStore, "all">,
): Promise<PartyHistory | null> {
  return partyHistoryFromEditions((await store.all()).map((s) => s.edition));
}
