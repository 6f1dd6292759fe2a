/** One digital-currency-address designation: one DCA Feature of a party on the SDN List. */
export interface Designation {
  /** `Feature/@ID`: stable across editions. */
  readonly featureId: string;
  /** Ticker from the FeatureType name, e.g. `XBT` from "Digital Currency Address - XBT". */
  readonly asset: string;
  /** The address exactly as OFAC published it (`VersionDetail` text, surrounding whitespace trimmed). */
  readonly address: string;
  /** Canonical form used for exact matching (see `normalizeAddress`). */
  readonly normalizedAddress: string;
  /** The FeatureType name, e.g. "Digital Currency Address - ETH". */
  readonly sourceType: string;
  readonly identityId: string;
  /** Reliability of the published value ("Confirmed", "Unknown", …). */
  readonly reliability: string | null;
  readonly party: Party;
}

/** A sanctioned party (DistinctParty + its SDN List SanctionsEntry). Shared by its designations. */
export interface Party {
  /** `Profile/@ID` = `DistinctParty/@FixedRef` = legacy SDN uid. */
  readonly profileId: string;
  /** `SanctionsEntry/@ID` of the SDN List entry. */
  readonly entryId: string;
  /** Primary name: primary alias of the primary identity, Latin script. */
  readonly entityName: string;
  /** Every other name: a.k.a./f.k.a./n.k.a. aliases and other-script spellings, in document order. */
  readonly aliases: readonly string[];
  /** "Entity", "Individual", "Vessel", "Aircraft" (PartySubType → PartyType). */
  readonly partyType: string;
  readonly listName: string;
  /** Party listing date (EntryEvent), `YYYY-MM-DD`. Not the date an address was added. */
  readonly listedOn: string | null;
  /** Sanctions measures other than programs, e.g. "Block". */
  readonly measures: readonly string[];
  /** Program codes, e.g. "DPRK3", "CYBER2". */
  readonly programs: readonly string[];
}

/** What identifies and describes one published edition of the SDN Advanced XML. */
export interface EditionMeta {
  /** `DateOfIssue`, `YYYY-MM-DD`. Two editions can share a date. */
  readonly datasetDate: string;
  /** SHA-256 (hex) of the XML bytes as published (after gunzip): the audit-grade edition id. */
  readonly datasetSha256: string;
  /** Root namespace URI of the document. */
  readonly namespace: string;
  /** Size of the XML in bytes. */
  readonly xmlBytes: number;
  /** Tickers with a "Digital Currency Address - X" FeatureType in ReferenceValueSets. */
  readonly declaredAssets: readonly string[];
}

/**
 * A party on the SDN List, whether or not it has digital-currency addresses: what a caller's link
 * from a wallet to a party (an entry or profile id) is checked against.
 */
export interface SdnListParty {
  /** `Profile/@ID` = `DistinctParty/@FixedRef`. */
  readonly profileId: string;
  /** `SanctionsEntry/@ID` of the SDN List entry. */
  readonly entryId: string;
  /** Party listing date (EntryEvent), `YYYY-MM-DD`. */
  readonly listedOn: string | null;
}

/** A parsed edition: its identity and its designations in document order. */
export interface Edition {
  readonly meta: EditionMeta;
  readonly designations: readonly Designation[];
  /**
   * Every party on the SDN List (entry order), with or without addresses. Absent from editions
   * stored before it was recorded: then only the parties holding addresses are known.
   */
  readonly sdnParties?: readonly SdnListParty[];
}

/** Where an index came from; set by whoever loads it (an edge), never by the parser. */
export interface Provenance {
  /** Address of the published list, a file URL, or `embedded:sample`. */
  readonly sourceUrl: string;
  /** When the list was last fetched or confirmed current (ISO 8601). */
  readonly refreshedAt: string;
  /** True for the embedded sample edition: it is NOT the OFAC list. */
  readonly sample: boolean;
}
