import * as v from "valibot";
import { normalizeAddress } from "../address/normalize-address.js";
import { OfacIndexError } from "../errors/ofac-index-error.js";
import type { Designation, Edition, Party, Provenance, SdnListParty } from "../model/types.js";
import { DCA_PREFIX } from "../parse/read-records.js";

const SNAPSHOT_FORMAT = "svc-ofac-index/snapshot";
/**
 * Version 2 added `sdnParties` (every SDN List party, with or without addresses). Version 1
 * snapshots are still read (their editions know only the parties holding addresses); a reader
 * of version 1 skips version 2 files as unreadable, as it skips any file it cannot read.
 */
const SNAPSHOT_VERSION = 2;

const Str = v.string();
const Strs = v.array(v.string());
const Sha256 = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, "must be a lower-case hex SHA-256"));
const IsoDate = v.pipe(v.string(), v.isoDate());

const PartySchema = v.strictObject({
  profileId: Str,
  entryId: Str,
  entityName: Str,
  aliases: Strs,
  partyType: Str,
  listName: Str,
  listedOn: v.nullable(IsoDate),
  measures: Strs,
  programs: Strs,
});

/** [featureId, asset, published address, party index, identityId, reliability] */
const DesignationRow = v.tuple([
  Str,
  Str,
  Str,
  v.pipe(v.number(), v.integer(), v.minValue(0)),
  Str,
  v.nullable(Str),
]);

/** [profileId, entryId, listedOn] */
const SdnPartyRow = v.tuple([Str, Str, v.nullable(IsoDate)]);

const SnapshotSchema = v.strictObject({
  format: v.literal(SNAPSHOT_FORMAT),
  version: v.union([v.literal(1), v.literal(SNAPSHOT_VERSION)]),
  edition: v.strictObject({
    datasetDate: IsoDate,
    datasetSha256: Sha256,
    namespace: Str,
    xmlBytes: v.pipe(v.number(), v.integer(), v.minValue(0)),
    declaredAssets: Strs,
  }),
  provenance: v.strictObject({ sourceUrl: Str, refreshedAt: Str, sample: v.boolean() }),
  storedAt: Str,
  parties: v.array(PartySchema),
  designations: v.array(DesignationRow),
  sdnParties: v.optional(v.array(SdnPartyRow)),
});

/** A stored edition: what `decodeSnapshot` gives back. */
export interface Snapshot {
  readonly edition: Edition;
  readonly provenance: Provenance;
  /** When this edition was first stored (orders same-day editions). */
  readonly storedAt: string;
}

/** The compact JSON form of an edition: parties once, designations as rows. */
export function encodeSnapshot(edition: Edition, provenance: Provenance, storedAt: string): string {
  const partyIndex = new Map<Party, number>();
  const parties: Party[] = [];
  const rows = edition.designations.map((d) => {
    let i = partyIndex.get(d.party);
    if (i === undefined) {
      i = parties.length;
      partyIndex.set(d.party, i);
      parties.push(d.party);
    }
    return [d.featureId, d.asset, d.address, i, d.identityId, d.reliability];
  });
  const doc = {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    edition: edition.meta,
    provenance,
    storedAt,
    parties,
    designations: rows,
    ...(edition.sdnParties && {
      sdnParties: edition.sdnParties.map((p) => [p.profileId, p.entryId, p.listedOn]),
    }),
  };
  return `${JSON.stringify(doc)}\n`;
}

/** Parses and validates a snapshot; canonical addresses are recomputed with today's rules. */
export function decodeSnapshot(json: string, label = "snapshot"): Snapshot {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (cause) {
    throw new OfacIndexError("SNAPSHOT_INVALID", `${label} is not valid JSON`, { cause });
  }
  const parsed = v.safeParse(SnapshotSchema, raw);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const path = v.getDotPath(issue) ?? "(root)";
    throw new OfacIndexError(
      "SNAPSHOT_INVALID",
      `${label} is not a valid snapshot: ${path}: ${issue.message}`,
      {
        details: { path },
      },
    );
  }
  const doc = parsed.output;
  const parties = doc.parties.map((p) => Object.freeze(p) as Party);
  const designations: Designation[] = doc.designations.map(
    ([featureId, asset, address, i, identityId, reliability], row) => {
      const party = parties[i];
      if (party === undefined) {
        throw new OfacIndexError(
          "SNAPSHOT_INVALID",
          `${label}: designations.${row} names party ${i}, which does not exist`,
        );
      }
      return {
        featureId,
        asset,
        address,
        normalizedAddress: normalizeAddress(address),
        sourceType: `${DCA_PREFIX}${asset}`,
        identityId,
        reliability,
        party,
      };
    },
  );
  const sdnParties = doc.sdnParties?.map(
    ([profileId, entryId, listedOn]): SdnListParty =>
      Object.freeze({ profileId, entryId, listedOn }),
  );
  return {
    edition: { meta: doc.edition, designations, ...(sdnParties && { sdnParties }) },
    provenance: doc.provenance,
    storedAt: doc.storedAt,
  };
}
