import type { EditionDiff, MatchRecord } from "@svc/ofac-index";
import { addressListing, sameListing } from "./address-listing.js";
import type { AddressListing, EditionRef, MatchEventDraft, MatchEventType } from "./event-types.js";

/** An edition as re-screening reads it: its identity and its records by canonical address. */
export interface EditionView {
  readonly meta: EditionRef;
  lookup(normalizedAddress: string): readonly MatchRecord[];
}

/** One monitor watching one address. */
export interface Watch {
  readonly monitorId: string;
  /** The address as the monitor's owner gave it. */
  readonly address: string;
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
 * The events a new edition makes for the monitored addresses: the diff's touched addresses
 * (`touchedAddresses`) joined against the monitors watching each (`watches`, which the caller
 * looks up for just those addresses in its indexed book), so the work is proportional to the
 * change and to its watchers, never to the whole book. Each address is compared whole, under every ticker: an address listed
 * under ETH that gains USDT is `changed`, not `created`; one that loses its last ticker is
 * `cleared`. Events come in the order of the addresses, then of each address's watches.
 */
export function rescreenEvents(
  diff: EditionDiff,
  from: EditionView,
  to: EditionView,
  watches: ReadonlyMap<string, readonly Watch[]>,
): MatchEventDraft[] {
  const events: MatchEventDraft[] = [];
  for (const normalizedAddress of touchedAddresses(diff)) {
    const watchers = watches.get(normalizedAddress);
    if (watchers === undefined || watchers.length === 0) continue;
    const previousListing = addressListing(from.lookup(normalizedAddress));
    const listing = addressListing(to.lookup(normalizedAddress));
    const type = matchEventType(previousListing, listing);
    if (type === undefined) continue;
    for (const watch of watchers) {
      events.push({
        type,
        monitorId: watch.monitorId,
        address: watch.address,
        normalizedAddress,
        edition: editionRef(to.meta),
        listing,
        previousEdition: editionRef(from.meta),
        previousListing,
      });
    }
  }
  return events;
}

const editionRef = (meta: EditionRef): EditionRef => ({
  datasetDate: meta.datasetDate,
  datasetSha256: meta.datasetSha256,
});
