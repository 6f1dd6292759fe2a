import type { ExposureContext, LinkedParty } from "@svc/montecarlo";
import { EMBEDDED_PARTY_HISTORY, type PartyHistory, partyHazardHistory } from "@svc/ofac-index";
import type { ComplianceDeps } from "../../catalog/deps.js";

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
 * that cannot be an address is refused (`INVALID_ADDRESS`) rather than forecast as clear.
 */
export function exposureContext(deps: ComplianceDeps): ExposureContext {
  return {
    screen: (address, asset) => {
      const result = deps.list.screen(address, asset ? { asset } : {});
      // Listed under any ticker is a match: never read the asset's own records alone.
      const listed = result.query.listedAssets.length > 0 || result.matches.length > 0;
      return {
        status: listed ? "match" : "clear",
        entities: [...new Set(result.matches.map((m) => m.entityName))],
      };
    },
    history: deps.history(),
    linkedParty: (id) => {
      const party = deps.list.party?.(id) ?? null;
      return party === null
        ? null
        : linkedParty(party, deps.partyHistory?.() ?? EMBEDDED_PARTY_HISTORY);
    },
  };
}

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
