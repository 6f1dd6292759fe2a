import { MIN_EMPIRICAL_EVENTS } from "@svc/montecarlo";
import { EMBEDDED_DCA_HISTORY, growthFromEditions, type ListGrowthStats } from "@svc/ofac-index";
import type { EditionStore } from "@svc/ofac-index/node";

/** A store's history is preferred once it spans a year with this many addition events. */
export const MIN_STORED_SPAN_DAYS = 365;

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
