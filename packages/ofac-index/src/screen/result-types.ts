/** One sanctioned designation matching a screened address (spec §2.4, plus party detail). */
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

/** Where the list came from and how current it is (spec §2.5, plus edition identity). */
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
  /** The asset filter as given, or null. */
  readonly asset: string | null;
  /** The OFAC ticker the filter resolved to (e.g. BTC → XBT), or null. */
  readonly assetTicker: string | null;
}

export interface ScreenSummary {
  readonly status: "match" | "clear";
  readonly matchCount: number;
  readonly exactAddressMatch: boolean;
  readonly manualReviewRecommended: boolean;
}

export interface AddressScreening {
  readonly query: ScreenQuery;
  readonly summary: ScreenSummary;
  readonly matches: readonly MatchRecord[];
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
