/**
 * What a monitor tells its webhook. The names follow the Standard Webhooks convention
 * (`<group>.<object>.<action>`); a receiver branches on `type` alone.
 */
export const MONITOR_EVENT_TYPES = [
  /** A monitored address became listed (or is listed at the monitor's first screening). */
  "screening.match.created",
  /** A monitored address that was listed is listed no more (a delisting). */
  "screening.match.cleared",
  /** Still listed, but its parties, their names or programs, or its tickers changed. */
  "screening.match.changed",
  /** A monitor's first screening of its addresses, on creation. */
  "monitor.screened",
  /** A monitor's period was extended (paid); its addresses were screened again. */
  "monitor.renewed",
] as const;

export type MonitorEventType = (typeof MONITOR_EVENT_TYPES)[number];

/** The events about one address that a new edition makes. */
export type MatchEventType = Extract<MonitorEventType, `screening.match.${string}`>;

/** An edition of the SDN list, as events name it: its date and the SHA-256 of its XML. */
export interface EditionRef {
  readonly datasetDate: string;
  readonly datasetSha256: string;
}

/** One party an address is listed under, as an event carries it. */
export interface ListedPartyRef {
  readonly profileId: string;
  readonly entityName: string;
  /** Program codes, sorted (e.g. "CYBER2", "DPRK3"). */
  readonly programs: readonly string[];
}

/** What an edition says of one address: under which tickers, for which parties. */
export interface AddressListing {
  readonly listed: boolean;
  /** The OFAC tickers it is listed under, sorted (empty when not listed). */
  readonly assets: readonly string[];
  /** Its parties, by profile id (empty when not listed). */
  readonly parties: readonly ListedPartyRef[];
}

/** The state of no listing. */
export const NOT_LISTED: AddressListing = Object.freeze({ listed: false, assets: [], parties: [] });

/**
 * One event for one monitored address, before the service attests and sends it: which monitor,
 * which address, what the newer edition says and what the older one said.
 */
export interface MatchEventDraft {
  readonly type: MatchEventType;
  readonly monitorId: string;
  /** The address as the monitor's owner gave it. */
  readonly address: string;
  /** Its canonical form, the one matched against the list. */
  readonly normalizedAddress: string;
  readonly edition: EditionRef;
  readonly listing: AddressListing;
  /** The edition compared with, and what it said of the address. */
  readonly previousEdition: EditionRef;
  readonly previousListing: AddressListing;
}
