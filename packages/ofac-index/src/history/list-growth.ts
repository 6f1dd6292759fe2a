import { pairGroups } from "../diff/diff-editions.js";
import type { SdnIndex } from "../index/sdn-index.js";

/** One publication that added or removed addresses. */
export interface ListChangeEvent {
  readonly date: string;
  readonly added: number;
  readonly removed: number;
}

export interface SizeStats {
  readonly count: number;
  readonly mean: number;
  readonly median: number;
  readonly max: number;
}

/**
 * How the digital-currency part of the list grows, for the exposure forecast: additions come
 * in clustered events (a designation adds a batch of addresses at once), and removals happen.
 */
export interface ListGrowthStats {
  /** `snapshot_diff`: consecutive stored editions; `listing_dates`: one edition's party dates. */
  readonly basis: "snapshot_diff" | "listing_dates";
  readonly from: string;
  readonly to: string;
  readonly spanDays: number;
  /** Editions compared (basis `snapshot_diff`), or 1. */
  readonly editions: number;
  readonly additionEvents: number;
  readonly additionEventsPerDay: number;
  readonly addressesPerAdditionEvent: SizeStats;
  readonly addedTotal: number;
  readonly removalEvents: number;
  readonly removedTotal: number;
  readonly events: readonly ListChangeEvent[];
  /** What the figures can and cannot say. */
  readonly caveats: readonly string[];
}

const DAY_MS = 86_400_000;
const days = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

function sizeStats(sizes: readonly number[]): SizeStats {
  if (sizes.length === 0) return { count: 0, mean: 0, median: 0, max: 0 };
  const sorted = [...sizes].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median =
    sorted.length % 2 === 1
      ? (sorted[mid] as number)
      : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  return {
    count: sorted.length,
    mean: sorted.reduce((s, v) => s + v, 0) / sorted.length,
    median,
    max: sorted.at(-1) as number,
  };
}

export function summarizeListChanges(
  basis: ListGrowthStats["basis"],
  from: string,
  to: string,
  editions: number,
  events: ListChangeEvent[],
  caveats: string[],
): ListGrowthStats {
  const spanDays = Math.max(1, days(from, to));
  const additions = events.filter((e) => e.added > 0);
  const removals = events.filter((e) => e.removed > 0);
  return {
    basis,
    from,
    to,
    spanDays,
    editions,
    additionEvents: additions.length,
    additionEventsPerDay: additions.length / spanDays,
    addressesPerAdditionEvent: sizeStats(additions.map((e) => e.added)),
    addedTotal: additions.reduce((s, e) => s + e.added, 0),
    removalEvents: removals.length,
    removedTotal: removals.reduce((s, e) => s + e.removed, 0),
    events,
    caveats,
  };
}

type IndexLike = Pick<SdnIndex, "meta" | "designations">;

/** The canonical addresses an edition designates, whatever their tickers. */
const addressesOf = (edition: IndexLike): Set<string> =>
  new Set(edition.designations.map((d) => d.normalizedAddress));

/**
 * Growth statistics from a series of editions (any order; sorted by date, ties kept in the
 * given order), counted in unique addresses (one wallet is hit once, whatever its tickers): an
 * addition is a canonical address no designation of the previous edition has, a removal one the
 * next edition no longer has. Each consecutive pair that differs is one event. Editions missing
 * from the series merge their events, so store every edition for an unbiased event rate.
 */
export function growthFromEditions(editions: readonly IndexLike[]): ListGrowthStats {
  if (editions.length < 2) throw new RangeError("growthFromEditions needs at least two editions");
  const ordered = [...editions].sort((a, b) =>
    a.meta.datasetDate < b.meta.datasetDate ? -1 : a.meta.datasetDate > b.meta.datasetDate ? 1 : 0,
  );
  const events: ListChangeEvent[] = [];
  let before = addressesOf(ordered[0] as IndexLike);
  for (let i = 1; i < ordered.length; i++) {
    const edition = ordered[i] as IndexLike;
    const after = addressesOf(edition);
    let added = 0;
    let removed = 0;
    for (const a of after) if (!before.has(a)) added++;
    for (const a of before) if (!after.has(a)) removed++;
    if (added > 0 || removed > 0) events.push({ date: edition.meta.datasetDate, added, removed });
    before = after;
  }
  const first = ordered[0] as IndexLike;
  const last = ordered.at(-1) as IndexLike;
  return summarizeListChanges(
    "snapshot_diff",
    first.meta.datasetDate,
    last.meta.datasetDate,
    ordered.length,
    events,
    [
      "Counts are unique addresses in the canonical form screening matches on, whatever their tickers: a new ticker for a listed address is not an addition, and a case-only republication is not counted.",
      "Each stored edition that differs from the previous one is one event; editions missing from the store merge events.",
    ],
  );
}

/**
 * Fallback when only one edition is known: each distinct party listing date is one addition
 * event, sized by the addresses its parties hold today. Biased: addresses added later to an
 * old party count at the party's date, and delisted parties are invisible.
 */
export function growthFromListingDates(index: IndexLike): ListGrowthStats {
  const listedOn = new Map(index.designations.map((d) => [d.party.profileId, d.party.listedOn]));
  const perDate = new Map<string, number>();
  for (const group of pairGroups(index.designations).values()) {
    const date = listedOn.get(group.parties[0]?.profileId ?? "");
    if (date === null || date === undefined) continue;
    perDate.set(date, (perDate.get(date) ?? 0) + 1);
  }
  const dates = [...perDate.keys()].sort();
  const events = dates.map((date) => ({ date, added: perDate.get(date) as number, removed: 0 }));
  return summarizeListChanges(
    "listing_dates",
    dates[0] ?? index.meta.datasetDate,
    index.meta.datasetDate,
    1,
    events,
    [
      "Backfilled from party listing dates of a single edition: addresses added to a party after its listing count at the listing date.",
      "Removals cannot be seen from one edition; the removal rate is unknown (reported as zero).",
    ],
  );
}
