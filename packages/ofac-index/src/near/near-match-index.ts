import {
  ADDRESS_FORMATS,
  type AddressFormat,
  type FormatVerdict,
} from "../address/address-format.js";
import { classifyAddress } from "../address/classify-address.js";
import type { MatchRecord } from "../screen/result-types.js";
import { editDistanceWithin } from "./edit-distance.js";
import { EditNeighbours } from "./edit-neighbours.js";

/**
 * Why a screened address is near a listed one:
 * - `edit_distance`: one or two characters changed, added or dropped (a typo, a truncation, two
 *   neighbours swapped);
 * - `letter_case`: the same characters in another letter case, where case is part of the
 *   address (Base58, Monero): a different address, or a listed one a pipeline re-cased;
 * - `lookalike`: the same first 6 and last 4 significant characters, the shape of an
 *   address-poisoning look-alike (wallets show only the ends of an address).
 */
export type NearReason = "edit_distance" | "letter_case" | "lookalike";

/** A listed party behind a near match. */
export interface NearParty {
  readonly entityName: string;
  readonly entryId: string;
  readonly profileId: string;
  readonly programs: readonly string[];
}

/**
 * A listed address near a screened one. Exact match stays the rule: the screened address is
 * answered as it is (clear), and this names the listed address for a reviewer to compare.
 */
export interface NearMatch {
  /** The listed address as OFAC published it. */
  readonly address: string;
  readonly normalizedAddress: string;
  /** Every ticker it is listed under. */
  readonly listedAssets: readonly string[];
  readonly parties: readonly NearParty[];
  readonly reasons: readonly NearReason[];
  /** Characters changed, added or dropped between the two canonical forms, when 2 or fewer. */
  readonly editDistance: number | null;
  /** Why it is near, in words. */
  readonly explanation: string;
}

/** Most near matches one address is answered with (the closest first). */
const MAX_NEAR_MATCHES = 5;
/** Most edits that still make an address near a listed one. */
const NEAR_EDIT_DISTANCE = 2;
/** The significant characters a look-alike shares with a listed address at each end. */
const LOOKALIKE_HEAD = 6;
const LOOKALIKE_TAIL = 4;

interface Listed {
  readonly normalized: string;
  /** What a reader compares: the canonical form without a fixed prefix (0x, a bech32 part). */
  readonly significant: string;
  readonly records: readonly MatchRecord[];
}

interface Group {
  readonly caseSensitive: boolean;
  readonly byEdits: EditNeighbours<Listed>;
  readonly byEnds: Map<string, Listed[]>;
  readonly byFoldedCase: Map<string, Listed[]>;
}

/** The family an address is compared within, and its significant characters. */
function familyOf(format: AddressFormat, normalized: string): { key: string; significant: string } {
  switch (format) {
    case "evm":
    case "hex32":
      return { key: format, significant: normalized.slice(2) };
    case "bech32":
    case "bech32m": {
      const separator = normalized.lastIndexOf("1");
      return {
        key: `bech32:${normalized.slice(0, separator)}`,
        significant: normalized.slice(separator + 1),
      };
    }
    case "cashaddr":
    case "ton": {
      const colon = normalized.lastIndexOf(":");
      return {
        key: `${format}:${normalized.slice(0, Math.max(colon, 0))}`,
        significant: normalized.slice(colon + 1),
      };
    }
    default:
      return { key: format, significant: normalized };
  }
}

const endsOf = (significant: string): string | null =>
  significant.length < LOOKALIKE_HEAD + LOOKALIKE_TAIL + 4
    ? null
    : `${significant.slice(0, LOOKALIKE_HEAD)}|${significant.slice(-LOOKALIKE_TAIL)}`;

const push = <K, V>(map: Map<K, V[]>, key: K, value: V): void => {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
};

function partiesOf(records: readonly MatchRecord[]): NearParty[] {
  const byProfile = new Map<string, NearParty>();
  for (const r of records) {
    if (byProfile.has(r.profileId)) continue;
    byProfile.set(r.profileId, {
      entityName: r.entityName,
      entryId: r.entryId,
      profileId: r.profileId,
      programs: r.programs,
    });
  }
  return [...byProfile.values()];
}

const REASON_TEXT: Readonly<Record<NearReason, (distance: number | null) => string>> = {
  edit_distance: (d) =>
    d === 1
      ? "one character from a listed address (a character changed, added or dropped)"
      : "two characters from a listed address (two changed, added or dropped, or two neighbours swapped)",
  letter_case: () =>
    "the characters of a listed address in another letter case; in this format case is part of the address",
  lookalike: () =>
    `the first ${LOOKALIKE_HEAD} and last ${LOOKALIKE_TAIL} characters of a listed address, the shape of an address-poisoning look-alike`,
};

interface Candidate {
  readonly listed: Listed;
  readonly reasons: Set<NearReason>;
  distance: number | null;
}

function toNearMatch({ listed, reasons, distance }: Candidate): NearMatch {
  const ordered = (["edit_distance", "letter_case", "lookalike"] as const).filter((r) =>
    reasons.has(r),
  );
  const first = listed.records[0];
  return Object.freeze({
    address: first?.address ?? listed.normalized,
    normalizedAddress: listed.normalized,
    listedAssets: Object.freeze([...new Set(listed.records.map((r) => r.asset))].sort()),
    parties: Object.freeze(partiesOf(listed.records)),
    reasons: Object.freeze(ordered),
    editDistance: distance,
    explanation: ordered.map((r) => REASON_TEXT[r](distance)).join("; "),
  });
}

/** How close a near match is: a re-cased copy first, then by edits, a look-alike last. */
const closeness = (m: NearMatch): number =>
  m.reasons.includes("letter_case") ? 0 : (m.editDistance ?? NEAR_EDIT_DISTANCE + 1);

/** Closest first, then by address (a stable order for documents and tests). */
function byCloseness(a: NearMatch, b: NearMatch): number {
  const order = closeness(a) - closeness(b);
  if (order !== 0) return order;
  return a.normalizedAddress < b.normalizedAddress ? -1 : 1;
}

/**
 * The listed addresses of one edition, arranged to find the ones near a screened address in a
 * few microseconds, whatever the list's size: by family (a Solana key is never compared with an
 * EVM address), by segments (`EditNeighbours`: only strings sharing an unedited third with the
 * query are compared), by their two ends (look-alikes) and by their case-folded form (re-cased
 * copies). Built once per edition, on its first screening.
 */
export class NearMatchIndex {
  private readonly groups = new Map<string, Group>();
  /** Every listed address in lower case, whatever its family: what a refused string is compared with. */
  private readonly anyFamily = new EditNeighbours<Listed>();

  constructor(listed: ReadonlyMap<string, readonly MatchRecord[]>) {
    for (const [normalized, records] of listed) {
      const { format } = classifyAddress(normalized);
      const { key, significant } = familyOf(format, normalized);
      const entry: Listed = { normalized, significant, records };
      let group = this.groups.get(key);
      if (group === undefined) {
        group = {
          caseSensitive: format !== "unrecognized" && ADDRESS_FORMATS[format].caseSensitive,
          byEdits: new EditNeighbours(),
          byEnds: new Map(),
          byFoldedCase: new Map(),
        };
        this.groups.set(key, group);
      }
      group.byEdits.add(significant, entry);
      const ends = endsOf(significant);
      if (ends !== null) push(group.byEnds, ends, entry);
      if (group.caseSensitive) push(group.byFoldedCase, significant.toLowerCase(), entry);
      this.anyFamily.add(normalized.toLowerCase(), entry);
    }
  }

  /**
   * The listed addresses near a well-formed screened address that is not itself listed (its
   * verdict): of its family, within 2 edits, equal but for letter case, or sharing both ends.
   * The closest first, at most `MAX_NEAR_MATCHES`.
   */
  near(verdict: FormatVerdict): readonly NearMatch[] {
    const { key, significant } = familyOf(verdict.format, verdict.normalized);
    const group = this.groups.get(key);
    if (group === undefined) return [];
    const found = new Map<string, Candidate>();
    const add = (listed: Listed, reason: NearReason, distance: number | null) => {
      if (listed.normalized === verdict.normalized) return;
      const seen = found.get(listed.normalized);
      if (seen === undefined)
        found.set(listed.normalized, { listed, reasons: new Set([reason]), distance });
      else seen.reasons.add(reason);
    };
    for (const { value: listed, distance } of group.byEdits.near(significant)) {
      if (distance > 0) add(listed, "edit_distance", distance);
    }
    if (group.caseSensitive) {
      for (const listed of group.byFoldedCase.get(significant.toLowerCase()) ?? []) {
        add(
          listed,
          "letter_case",
          editDistanceWithin(significant, listed.significant, NEAR_EDIT_DISTANCE),
        );
      }
    }
    const ends = endsOf(significant);
    if (ends !== null) {
      for (const listed of group.byEnds.get(ends) ?? []) {
        add(
          listed,
          "lookalike",
          editDistanceWithin(significant, listed.significant, NEAR_EDIT_DISTANCE),
        );
      }
    }
    return [...found.values()].map(toNearMatch).sort(byCloseness).slice(0, MAX_NEAR_MATCHES);
  }

  /**
   * The listed addresses a string that is no address comes close to, compared in lower case
   * whatever its family (it has none): within 2 edits, or equal but for letter case. What a
   * refusal names, so that a typo of a sanctioned address is seen for what it is.
   */
  nearString(text: string): readonly NearMatch[] {
    const found = new Map<string, Candidate>();
    for (const { value: listed, distance: d } of this.anyFamily.near(text.toLowerCase())) {
      if (found.has(listed.normalized)) continue;
      const reason: NearReason = d === 0 ? "letter_case" : "edit_distance";
      const distance =
        d === 0 ? editDistanceWithin(text, listed.normalized, NEAR_EDIT_DISTANCE) : d;
      found.set(listed.normalized, { listed, reasons: new Set([reason]), distance });
    }
    return [...found.values()].map(toNearMatch).sort(byCloseness).slice(0, MAX_NEAR_MATCHES);
  }
}
