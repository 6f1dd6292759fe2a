import { normalizeAddress } from "../address/normalize-address.js";
import type { Designation, Edition, Party, SdnListParty } from "../model/types.js";
import {
  DCA_PREFIX,
  dcaFeatureTypes,
  type RawEntry,
  type RawEntryHead,
  type RawIdentity,
  type RawParty,
  type ReferenceTables,
} from "./read-records.js";

/** Everything the scanners extract from one document before it becomes an `Edition`. */
export interface ScannedDocument {
  readonly namespace: string;
  readonly datasetDate: string;
  readonly tables: ReferenceTables;
  /** Parties holding at least one digital-currency-address feature, in document order. */
  readonly parties: readonly RawParty[];
  /** Sanctions entries of those parties (any list). */
  readonly entries: readonly RawEntry[];
  /** The ids and events of every sanctions entry, in document order. */
  readonly entryHeads: readonly RawEntryHead[];
  readonly xmlBytes: number;
  readonly sha256: string;
}

const SDN_LIST = "SDN List";
const PROGRAM = "Program";
const CREATED = "Created";
const PRIMARY_LATIN = "Primary Latin";

const unique = (values: Iterable<string>): string[] => [...new Set(values)];

function textOf(tables: ReferenceTables, set: string, id: string | null): string | undefined {
  return id === null ? undefined : tables.get(set)?.get(id)?.text;
}

function idsWithText(tables: ReferenceTables, set: string, text: string): Set<string> {
  const ids = new Set<string>();
  for (const [id, value] of tables.get(set) ?? []) if (value.text === text) ids.add(id);
  return ids;
}

function partyType(tables: ReferenceTables, subTypeId: string | null): string {
  const subType = subTypeId === null ? undefined : tables.get("PartySubType")?.get(subTypeId);
  if (subType === undefined) return "Unknown";
  if (subType.text !== "" && subType.text !== "Unknown") return subType.text;
  return textOf(tables, "PartyType", subType.attrs.PartyTypeID ?? null) ?? "Unknown";
}

function names(
  identities: readonly RawIdentity[],
  primaryLatin: ReadonlySet<string>,
): { entityName: string; aliases: string[] } {
  const primary = identities.find((i) => i.primary) ?? identities[0];
  const all = identities.flatMap((i) => i.names);
  const main =
    primary?.names.find((n) => n.primaryAlias && primaryLatin.has(n.docNameStatusId)) ??
    primary?.names.find((n) => n.primaryAlias) ??
    all[0];
  const entityName = main?.text ?? "";
  return { entityName, aliases: unique(all.map((n) => n.text)).filter((n) => n !== entityName) };
}

function listingDate(entry: RawEntryHead, created: ReadonlySet<string>): string | null {
  const dated = entry.events.filter((e) => e.date !== null);
  const first = dated.find((e) => created.has(e.typeId)) ?? dated[0];
  return first?.date ?? null;
}

/** Joins parties with their SDN List entries and reference tables into designations. */
export function assembleEdition(doc: ScannedDocument): Edition {
  const { tables } = doc;
  const dca = dcaFeatureTypes(tables);
  const sdnLists = idsWithText(tables, "List", SDN_LIST);
  const programTypes = idsWithText(tables, "SanctionsType", PROGRAM);
  const created = idsWithText(tables, "EntryEventType", CREATED);
  const primaryLatin = idsWithText(tables, "DocNameStatus", PRIMARY_LATIN);

  const sdnEntryByProfile = new Map<string, RawEntry>();
  for (const entry of doc.entries) {
    if (sdnLists.has(entry.listId) && !sdnEntryByProfile.has(entry.profileId)) {
      sdnEntryByProfile.set(entry.profileId, entry);
    }
  }

  const designations: Designation[] = [];
  for (const raw of doc.parties) {
    const entry = sdnEntryByProfile.get(raw.profileId);
    if (entry === undefined) continue; // only SDN List designations are screened
    const party: Party = {
      profileId: raw.profileId,
      entryId: entry.entryId,
      ...names(raw.identities, primaryLatin),
      partyType: partyType(tables, raw.partySubTypeId),
      listName: SDN_LIST,
      listedOn: listingDate(entry, created),
      measures: unique(
        entry.measures
          .filter((m) => !programTypes.has(m.sanctionsTypeId))
          .map((m) => textOf(tables, "SanctionsType", m.sanctionsTypeId) ?? m.sanctionsTypeId),
      ),
      programs: unique(
        entry.measures
          .filter((m) => programTypes.has(m.sanctionsTypeId) && m.comment !== "")
          .map((m) => m.comment),
      ),
    };
    for (const feature of raw.features) {
      const asset = dca.get(feature.featureTypeId);
      if (asset === undefined) continue;
      for (const address of feature.values) {
        designations.push({
          featureId: feature.featureId,
          asset,
          address,
          normalizedAddress: normalizeAddress(address),
          sourceType: `${DCA_PREFIX}${asset}`,
          identityId:
            feature.identityId ?? raw.identities.find((i) => i.primary)?.id ?? raw.profileId,
          reliability: textOf(tables, "Reliability", feature.reliabilityId) ?? null,
          party,
        });
      }
    }
  }

  const sdnParties: SdnListParty[] = [];
  const seen = new Set<string>();
  for (const head of doc.entryHeads) {
    if (!sdnLists.has(head.listId) || seen.has(head.profileId)) continue;
    seen.add(head.profileId);
    sdnParties.push({
      profileId: head.profileId,
      entryId: head.entryId,
      listedOn: listingDate(head, created),
    });
  }

  return {
    meta: {
      datasetDate: doc.datasetDate,
      datasetSha256: doc.sha256,
      namespace: doc.namespace,
      xmlBytes: doc.xmlBytes,
      declaredAssets: unique(dca.values()).sort(),
    },
    designations,
    sdnParties,
  };
}
