import type { AddressScreening, MatchRecord, NearMatch } from "@svc/ofac-index";

/**
 * How matches read in summaries, evidence lines and table cells. A reviewer needs the party,
 * its programs and its listing date to judge a hit, so every mention carries all three.
 */

/** `Lazarus Group (DPRK3; listed 2019-09-13)`. */
export function describeMatch(m: MatchRecord): string {
  const programs = m.programs.length === 0 ? "no program given" : m.programs.join(", ");
  return `${m.entityName} (${programs}; listed ${m.listedOn ?? "date not given"})`;
}

/** The distinct parties of some matches, in first-seen order (one party can match twice). */
export function distinctEntities(matches: readonly MatchRecord[]): string[] {
  return [...new Set(matches.map(describeMatch))];
}

/** A matched party with every submitted wallet that hit it. */
export interface MatchedParty {
  readonly profileId: string;
  readonly entityName: string;
  readonly partyType: string;
  readonly listName: string;
  readonly programs: readonly string[];
  readonly listedOn: string | null;
  readonly measures: readonly string[];
  readonly aliases: readonly string[];
  /** 1-based positions in the request, with the ticker the designation is under. */
  readonly wallets: readonly { position: number; address: string; asset: string }[];
}

/**
 * The parties behind a batch's matches, in order of first appearance: evidence is written per
 * party (an EDD reviewer clears or confirms a party, not a row), naming each wallet that hit it.
 */
export function matchedParties(results: readonly AddressScreening[]): MatchedParty[] {
  const byProfile = new Map<
    string,
    MatchedParty & { wallets: MatchedParty["wallets"][number][] }
  >();
  results.forEach((r, i) => {
    for (const m of r.matches) {
      let party = byProfile.get(m.profileId);
      if (party === undefined) {
        party = {
          profileId: m.profileId,
          entityName: m.entityName,
          partyType: m.partyType,
          listName: m.listName,
          programs: m.programs,
          listedOn: m.listedOn,
          measures: m.measures,
          aliases: m.aliases,
          wallets: [],
        };
        byProfile.set(m.profileId, party);
      }
      party.wallets.push({ position: i + 1, address: r.query.address, asset: m.asset });
    }
  });
  return [...byProfile.values()];
}

/** Why an asset never narrows a screening, in the words every text uses. */
export const ASSET_RULE = "an SDN's address is blocked whatever the asset";

/**
 * `listed under ETH, not under USDT` when an asset was asked for and the address is listed only
 * under other tickers; null otherwise. Such an address is a match all the same.
 */
export function listedElsewhere(r: AddressScreening): string | null {
  const q = r.query;
  if (q.assetListed !== false || q.listedAssets.length === 0) return null;
  return `listed under ${q.listedAssets.join(", ")}, not under ${q.assetTicker}`;
}

/**
 * The sentence a report adds about the asset asked for: for a match listed only under other
 * tickers, that it matches all the same; otherwise that the asset only orders the matches.
 */
export function assetSentence(r: AddressScreening): string | null {
  const q = r.query;
  if (q.assetTicker === null) return null;
  const elsewhere = listedElsewhere(r);
  if (elsewhere !== null) {
    return `Asset ${q.assetTicker} was asked for: the address is ${elsewhere}. It is a match all the same: ${ASSET_RULE}.`;
  }
  return r.summary.status === "match"
    ? `Asset ${q.assetTicker} was asked for: the address is listed under it${q.listedAssets.length > 1 ? ` and also under ${q.listedAssets.filter((t) => t !== q.assetTicker).join(", ")}` : ""}; its ${q.assetTicker} designations are listed first.`
    : `Asset ${q.assetTicker} was asked for; the address is listed under no ticker at all (${ASSET_RULE}, so every ticker was checked).`;
}

/**
 * A sentence for a match on a string OFAC published in no address format (the only answer that
 * can say `unrecognized`: any other such string is refused), or null.
 */
export function formatSentence(r: AddressScreening): string | null {
  return r.query.addressFormat === "unrecognized"
    ? "OFAC publishes this string although it is in no address format; it matched as published."
    : null;
}

/** Why a near match is near, in a few words for a table cell. */
function nearReasonShort(m: NearMatch): string {
  if (m.reasons.includes("letter_case")) return "same characters, other letter case";
  if (m.editDistance === 1) return "1 character different";
  if (m.editDistance === 2) return "2 characters different";
  return "same first 6 and last 4 characters (look-alike)";
}

/** `Lazarus Group: 1 character different`: a near match in a results table's cell. */
export const nearMatchCell = (m: NearMatch): string =>
  `${m.parties.map((p) => p.entityName).join(", ") || "listed"}: ${nearReasonShort(m)}`;

/** `0x098B… (Lazarus Group; 1 character different)`: a near match as cells and prose name it. */
export function describeNearMatch(m: NearMatch): string {
  const parties = m.parties.map((p) => p.entityName).join(", ");
  return `${m.address} (${parties === "" ? "listed" : parties}; ${nearReasonShort(m)})`;
}

/** What a reviewer does with a near match, said once for every report. */
export const NEAR_MATCH_RULE =
  "Exact match is the rule, so the result is clear; compare the listed address character for character and confirm with the counterparty that this is the address meant before relying on it";

/** The sentence a report adds about a clear address's near matches, or null when it has none. */
export function nearMatchSentence(r: AddressScreening): string | null {
  if (r.nearMatches.length === 0) return null;
  const listed = r.nearMatches.map(describeNearMatch);
  return `${r.query.address} is not on the list, but it is near ${r.nearMatches.length === 1 ? "a listed address" : `${r.nearMatches.length} listed addresses`}: ${listForProse(listed)}. ${NEAR_MATCH_RULE}.`;
}

/** A list for prose: the first `max` items joined, with how many were left out. */
export function listForProse(items: readonly string[], max = 5): string {
  const shown = items.slice(0, max).join("; ");
  return items.length > max ? `${shown}; and ${items.length - max} more` : shown;
}

/** `1 wallet`, `2 wallets`. */
export const plural = (n: number, one: string, many = `${one}s`): string =>
  `${n} ${n === 1 ? one : many}`;

/** `None of the 3 submitted wallets matches` / `The submitted wallet does not match`. */
export const noneMatch = (n: number, noun: string): string =>
  n === 1 ? `The ${noun} does not match` : `None of the ${n} ${noun}s matches`;

/** `2 of 3 submitted wallets match` / `The submitted wallet matches`. */
export const someMatch = (matched: number, total: number, noun: string): string =>
  total === 1 ? `The ${noun} matches` : `${matched} of ${total} ${noun}s match`;
