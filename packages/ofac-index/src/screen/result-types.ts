import type { AddressFormat } from "../address/address-format.js";
import type { NearMatch } from "../near/near-match-index.js";

/** One sanctioned designation matching a screened address (with its party detail). */
export interface MatchRecord {
  readonly entryId: string;
  readonly profileId: string;
  readonly identityId: string;
  readonly entityName: string;
  readonly aliases: readonly string[];
  readonly asset: string;
  /** The address as OFAC published it. */
  readonly address: string;
  readonly normalizedAddress: string;
  readonly listName: string;
  /** Party listing date `YYYY-MM-DD` (when the party was designated, not this address). */
  readonly listedOn: string | null;
  readonly measures: readonly string[];
  readonly programs: readonly string[];
  /** e.g. "Digital Currency Address - ETH". */
  readonly sourceType: string;
  /** "Entity", "Individual", … */
  readonly partyType: string;
  /** The OFAC Feature IDs behind this record (OFAC sometimes lists a pair twice in one party). */
  readonly featureIds: readonly string[];
  /** OFAC's reliability of the published value: "Confirmed", "Unknown", … */
  readonly reliability: string | null;
}

/** Where the list came from and how current it is (and which edition it is). */
export interface SourceFreshness {
  readonly sourceUrl: string;
  readonly refreshedAt: string;
  /** `DateOfIssue` as an ISO 8601 timestamp (OFAC gives no time of day: midnight UTC). */
  readonly datasetPublishedAt: string;
  /** Distinct normalized addresses in the list. */
  readonly addressCount: number;
  /** Tickers with at least one designation. */
  readonly coveredAssets: readonly string[];
  /** `DateOfIssue`, `YYYY-MM-DD`. */
  readonly datasetDate: string;
  /** SHA-256 of the XML: identifies the edition even when two share a date. */
  readonly datasetSha256: string;
  /** Distinct (ticker, normalized address) pairs. */
  readonly assetAddressPairs: number;
  /** True when screening runs on the embedded sample: NOT the OFAC list. */
  readonly sample: boolean;
  /** Present when `sample` is true, or when the last refresh failed. */
  readonly notice?: string;
  /** The last refresh attempt, when a loader manages the list. */
  readonly lastRefresh?: RefreshStatus;
  /**
   * When the service last confirmed that it holds the source's current edition: an accepted
   * load, or a check that found the source unchanged (304, equal digest, same bytes). For an
   * edition served from the edition store, when it was fetched, until the source confirms it. Null
   * for the embedded sample. Set whenever a `ListLoader` serves the list (every API/MCP answer).
   */
  readonly lastSuccessfulCheckAt?: string | null;
  /**
   * Hours since `lastSuccessfulCheckAt` (for the sample, since it was loaded): how long the
   * service has gone without confirming it has the current edition. Not the edition's own age.
   */
  readonly ageHours?: number;
  /**
   * True when `ageHours` is past the loader's limit (`OFAC_STALE_AFTER_HOURS`, default 48).
   * Never true for the embedded sample, which says `sample` instead.
   */
  readonly stale?: boolean;
  /**
   * The limit `stale` is judged by (`OFAC_STALE_AFTER_HOURS`), when a `ListLoader` serves the
   * list: with `lastSuccessfulCheckAt`, whether an answer made at some instant was stale then.
   */
  readonly staleAfterHours?: number;
}

export interface RefreshStatus {
  readonly attemptedAt: string;
  readonly ok: boolean;
  /** `updated`, `unchanged`, or the failure's error code. */
  readonly outcome: string;
  readonly message?: string;
}

export interface ScreenQuery {
  readonly address: string;
  readonly normalizedAddress: string;
  /**
   * The format the address is in, its rules (length, alphabet, checksum, case) verified. A
   * string in no format is refused (`INVALID_ADDRESS`) unless OFAC published that very string:
   * then it matches as published, with `unrecognized` here. A clear answer is never
   * `unrecognized`.
   */
  readonly addressFormat: AddressFormat;
  /**
   * The asset as given, or null. It never narrows the answer: an SDN's address is blocked
   * whatever the asset, so a listed address matches under every ticker. It only puts the
   * matches under that ticker first.
   */
  readonly asset: string | null;
  /** The OFAC ticker the asset resolved to (e.g. BTC → XBT), or null. */
  readonly assetTicker: string | null;
  /** Whether the address is listed under the requested ticker; null when no asset was given. */
  readonly assetListed: boolean | null;
  /** Every ticker the address is listed under, sorted; empty when it is not listed. */
  readonly listedAssets: readonly string[];
  /**
   * Present when the answer needs a word of explanation: the address is listed, but not under
   * the requested ticker; OFAC published it in a form that fails its format's check or in no
   * format; or it is near a listed address (`nearMatches`).
   */
  readonly note?: string;
}

export interface ScreenSummary {
  /** `match` whenever the address is on the list, under any ticker. */
  readonly status: "match" | "clear";
  readonly matchCount: number;
  readonly exactAddressMatch: boolean;
  /** True exactly when the address matches (`matchCount > 0`). */
  readonly manualReviewRecommended: boolean;
  /**
   * Listed addresses near this one (`nearMatches.length`): 0 for a match. A clear address with
   * near matches is still clear (exact match is the rule); a reviewer should compare them.
   */
  readonly nearMatchCount: number;
}

export interface AddressScreening {
  readonly query: ScreenQuery;
  readonly summary: ScreenSummary;
  /** Every record of the address (all tickers); those of the requested ticker first. */
  readonly matches: readonly MatchRecord[];
  /**
   * For an address that is not listed, the listed addresses of its format near it (within two
   * edits, equal but for letter case where case matters, or sharing the first 6 and last 4
   * characters of a look-alike), closest first, at most 5; empty for a match.
   */
  readonly nearMatches: readonly NearMatch[];
}

export interface ScreenResult extends AddressScreening {
  readonly sourceFreshness: SourceFreshness;
  readonly screeningOnly: true;
}

export type WorkflowStatus = "manual_review_required" | "screening_complete_no_exact_match";

export interface BatchSummary {
  readonly totalScreened: number;
  /** Addresses with at least one match. */
  readonly matchCount: number;
  readonly clearCount: number;
  /** Clear addresses with at least one near match: each should be compared by a reviewer. */
  readonly nearMatchCount: number;
  readonly manualReviewRecommended: boolean;
  readonly workflowStatus: WorkflowStatus;
}

export interface BatchScreenResult {
  readonly query: {
    readonly addresses: readonly string[];
    readonly normalizedAddresses: readonly string[];
    readonly asset: string | null;
    readonly assetTicker: string | null;
  };
  readonly summary: BatchSummary;
  /** One per requested address, in request order (duplicates kept). */
  readonly results: readonly AddressScreening[];
  readonly sourceFreshness: SourceFreshness;
  readonly screeningOnly: true;
}
