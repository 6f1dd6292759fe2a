import type { MatchRecord } from "@svc/ofac-index";
import { type AddressListing, type ListedPartyRef, NOT_LISTED } from "./event-types.js";

const byProfile = (a: ListedPartyRef, b: ListedPartyRef): number =>
  a.profileId < b.profileId ? -1 : a.profileId > b.profileId ? 1 : 0;

/**
 * What an edition says of one address, from its match records (`SdnIndex.lookup`): the tickers
 * and the parties, each once, in a fixed order, so two listings compare by their JSON.
 */
export function addressListing(records: readonly MatchRecord[]): AddressListing {
  if (records.length === 0) return NOT_LISTED;
  const parties = new Map<string, ListedPartyRef>();
  for (const r of records) {
    if (!parties.has(r.profileId)) {
      parties.set(r.profileId, {
        profileId: r.profileId,
        entityName: r.entityName,
        programs: [...new Set(r.programs)].sort(),
      });
    }
  }
  return {
    listed: true,
    assets: [...new Set(records.map((r) => r.asset))].sort(),
    parties: [...parties.values()].sort(byProfile),
  };
}

/** Whether two listings say the same thing: tickers, parties, their names and programs. */
export const sameListing = (a: AddressListing, b: AddressListing): boolean =>
  JSON.stringify(a) === JSON.stringify(b);
