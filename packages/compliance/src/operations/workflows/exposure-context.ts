import type { ExposureContext, LinkedParty } from "@svc/montecarlo";
import {
  type AddressScreening,
  EMBEDDED_PARTY_HISTORY,
  type PartyHistory,
  partyHazardHistory,
} from "@svc/ofac-index";
import type { ComplianceDeps } from "../../catalog/deps.js";
import { describeNearMatch } from "../screening/match-text.js";

/**
 * Screens a request's wallets before the engine sees them: a string that is no address is
 * refused here with its own path (`pathOf`), every such string at once (`INVALID_ADDRESS`), not
 * one by one from inside the engine; the answers are kept for the engine to read.
 */
export function prescreen(
  deps: ComplianceDeps,
  addresses: readonly unknown[] | undefined,
  asset: string | undefined,
  pathOf: (index: number) => string,
): ReadonlyMap<string, AddressScreening> {
  // An input that reached the run unvalidated is the engine's to refuse, with its own words.
  if (!Array.isArray(addresses) || !addresses.every((a) => typeof a === "string")) {
    return new Map();
  }
  const batch = deps.list.screenMany(addresses, { ...(asset ? { asset } : {}), pathOf });
  return new Map(batch.results.map((r) => [r.query.address, r]));
}

/**
 * What the Monte Carlo engine needs from the service, built from the deps: today's exact-match
 * screening (the engine has no list of its own, so a missing list throws `LIST_UNAVAILABLE`
 * here and a forecast is refused rather than computed as if every wallet were clear) and the
 * list's history (stored-edition differences, or the embedded mirror history).
 *
 * A listed address is a current match whatever the asset: the index answers `match` for it
 * under any ticker (an SDN's address is blocked whatever the asset), so forecasts give it a hit
 * probability of 1 and queues pin it first. The asset is passed on only so an asset the edition
 * does not cover is refused (`UNSUPPORTED_ASSET`) as the screening routes refuse it, and a string
 * that cannot be an address is refused (`INVALID_ADDRESS`) rather than forecast as clear. A clear
 * wallet near a listed address carries the near matches, described, for the reports to show.
 * `screened`: the request's wallets already screened (`prescreen`), read instead of screening again.
 */
export function exposureContext(
  deps: ComplianceDeps,
  screened: ReadonlyMap<string, AddressScreening> = new Map(),
): ExposureContext {
  return {
    screen: (address, asset) => {
      const result = screened.get(address) ?? deps.list.screen(address, asset ? { asset } : {});
      // Listed under any ticker is a match: never read the asset's own records alone.
      const listed = result.query.listedAssets.length > 0 || result.matches.length > 0;
      return {
        status: listed ? "match" : "clear",
        entities: [...new Set(result.matches.map((m) => m.entityName))],
        near: result.nearMatches.map(describeNearMatch),
      };
    },
    history: deps.history(),
    linkedParty: linkedPartyLookup(deps),
  };
}

/**
 * A `linked_sdn_entry` as the engine takes it: the listed party of that entry or profile id,
 * with its record in the party history, or null when the list has none (the engine refuses it).
 */
export const linkedPartyLookup =
  (deps: ComplianceDeps): NonNullable<ExposureContext["linkedParty"]> =>
  (id) => {
    const party = deps.list.party?.(id) ?? null;
    return party === null
      ? null
      : linkedParty(party, deps.partyHistory?.() ?? EMBEDDED_PARTY_HISTORY);
  };

/** A listed party as the engine takes it: who it is and its own record in the party history. */
function linkedParty(
  party: NonNullable<ReturnType<NonNullable<ComplianceDeps["list"]["party"]>>>,
  history: PartyHistory,
): LinkedParty {
  return {
    profileId: party.profileId,
    entryId: party.entryId,
    name: party.name,
    listedAddresses: party.addressCount,
    history: partyHazardHistory(history, party),
  };
}
