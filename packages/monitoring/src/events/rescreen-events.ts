import type { EditionDiff, MatchRecord } from "@svc/ofac-index";
import { addressListing, sameListing } from "./address-listing.js";
import type { AddressListing, EditionRef, MatchEventDraft, MatchEventType } from "./event-types.js";

/** An edition as re-screening reads it: its identity and its records by canonical address. */
export interface EditionView {
  readonly meta: EditionRef;
  lookup(normalizedAddress: string): readonly MatchRecord[];
}

/** One monitor watching one address, with what it was last told of it. */
export interface Watch {
  readonly monitorId: string;
  /** The address as the monitor's owner gave it. */
  readonly address: string;
  /** What the monitor last said of the address (its first screening, or its last event). */
  readonly listing: AddressListing;
  /** The edition that said it. */
  readonly edition: EditionRef;
}

/**
 * The canonical addresses a diff touches: listed, delisted or with changed parties under some
 * ticker. A spelling change alone (`republished`) touches nothing: the same address is listed
 * for the same parties.
 */
export function touchedAddresses(diff: EditionDiff): string[] {
  const touched = new Set<string>();
  for (const entries of [diff.added, diff.removed, diff.changed]) {
    for (const entry of entries) touched.add(entry.normalizedAddress);
  }
  return [...touched].sort();
}

/** Which event, if any, a change of an address's listing makes. */
function matchEventType(before: AddressListing, after: AddressListing): MatchEventType | undefined {
  if (!before.listed && after.listed) return "screening.match.created";
  if (before.listed && !after.listed) return "screening.match.cleared";
  if (before.listed && after.listed && !sameListing(before, after)) {
    return "screening.match.changed";
  }
  return undefined;
}

/**
 * The events an edition makes for the monitored addresses: each watched address among
 * `addresses` (normally `touchedAddresses` of the diff from the edition the monitors were last
 * brought to, so the work is proportional to the change and its watchers, never to the book),
 * screened in `edition` and compared whole, under every ticker, with what its monitor was last
 * told (`Watch.listing`): became listed, `created`; listed no more, `cleared`; parties, names,
 * programs or tickers differ, `changed`. Comparing with what each monitor was told, rather than
 * with the previous edition, keeps a monitor right across editions it did not see (a restart, a
 * skipped edition): an address listed and delisted in between makes no event. Events come in the
 * order of `addresses`, then of each address's watches.
 */
export function rescreenEvents(
  addresses: readonly string[],
  edition: EditionView,
  watches: ReadonlyMap<string, readonly Watch[]>,
): MatchEventDraft[] {
  const events: MatchEventDraft[] = [];
  for (const normalizedAddress of addresses) {
    const watchers = watches.get(normalizedAddress);
    if (watchers === undefined || watchers.length === 0) continue;
    const listing = addressListing(edition.lookup(normalizedAddress));
    for (const watch of watchers) {
      const type = matchEventType(watch.listing, listing);
      if (type === undefined) continue;
      events.push({
        type,
        monitorId: watch.monitorId,
        address: watch.address,
        normalizedAddress,
        edition: editionRef(edition.meta),
        listing,
        previousEdition: watch.edition,
        previousListing: watch.listing,
      });
    }
  }
  return events;
}

/** An edition's identity alone, as events carry it. */
export const editionRef = (meta: EditionRef): EditionRef => ({
  datasetDate: meta.datasetDate,
  datasetSha256: meta.datasetSha256,
});
