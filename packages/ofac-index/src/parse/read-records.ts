import { OfacIndexError } from "../errors/ofac-index-error.js";
import { child, childrenNamed, type XNode } from "./xml-tree.js";

/** ID → text and attributes of one ReferenceValueSets item (e.g. a FeatureType). */
interface RefValue {
  readonly text: string;
  readonly attrs: Readonly<Record<string, string>>;
}

/** ReferenceValueSets as lookup tables keyed by item element name, then by ID. */
export type ReferenceTables = ReadonlyMap<string, ReadonlyMap<string, RefValue>>;

export const DCA_PREFIX = "Digital Currency Address - ";

export function readReferenceTables(node: XNode): ReferenceTables {
  const tables = new Map<string, Map<string, RefValue>>();
  for (const set of node.children) {
    for (const item of set.children) {
      const id = item.attrs.ID;
      if (id === undefined) continue;
      let table = tables.get(item.name);
      if (table === undefined) {
        table = new Map();
        tables.set(item.name, table);
      }
      table.set(id, { text: item.text.trim(), attrs: item.attrs });
    }
  }
  return tables;
}

/** FeatureTypeID → ticker, for every "Digital Currency Address - X" FeatureType. */
export function dcaFeatureTypes(tables: ReferenceTables): Map<string, string> {
  const out = new Map<string, string>();
  for (const [id, value] of tables.get("FeatureType") ?? []) {
    if (value.text.startsWith(DCA_PREFIX)) out.set(id, value.text.slice(DCA_PREFIX.length).trim());
  }
  return out;
}

export function readDate(node: XNode | undefined): string | null {
  if (node === undefined) return null;
  const part = (name: string) => child(node, name)?.text.trim();
  const y = part("Year");
  const m = part("Month");
  const d = part("Day");
  if (y === undefined || !/^\d{4}$/.test(y)) return null;
  const pad = (v: string | undefined) => (v === undefined || v === "" ? "01" : v.padStart(2, "0"));
  return `${y}-${pad(m)}-${pad(d)}`;
}

interface RawName {
  readonly aliasTypeId: string;
  readonly primaryAlias: boolean;
  readonly lowQuality: boolean;
  readonly docNameStatusId: string;
  readonly text: string;
}

export interface RawIdentity {
  readonly id: string;
  readonly primary: boolean;
  readonly names: readonly RawName[];
}

interface RawFeature {
  readonly featureId: string;
  readonly featureTypeId: string;
  readonly values: readonly string[];
  readonly identityId: string | null;
  readonly reliabilityId: string | null;
}

export interface RawParty {
  readonly profileId: string;
  readonly partySubTypeId: string | null;
  readonly identities: readonly RawIdentity[];
  /** Only the features whose type is in the wanted set (digital-currency addresses). */
  readonly features: readonly RawFeature[];
}

function readIdentity(identity: XNode): RawIdentity {
  const names: RawName[] = [];
  for (const alias of childrenNamed(identity, "Alias")) {
    for (const documented of childrenNamed(alias, "DocumentedName")) {
      const parts = childrenNamed(documented, "DocumentedNamePart")
        .flatMap((p) => childrenNamed(p, "NamePartValue"))
        .map((v) => v.text.trim())
        .filter((t) => t !== "");
      if (parts.length === 0) continue;
      names.push({
        aliasTypeId: alias.attrs.AliasTypeID ?? "",
        primaryAlias: alias.attrs.Primary === "true",
        lowQuality: alias.attrs.LowQuality === "true",
        docNameStatusId: documented.attrs.DocNameStatusID ?? "",
        text: parts.join(" "),
      });
    }
  }
  return { id: identity.attrs.ID ?? "", primary: identity.attrs.Primary === "true", names };
}

export function readParty(node: XNode, wantedFeatureTypes: ReadonlyMap<string, string>): RawParty {
  const profile = child(node, "Profile");
  const profileId = profile?.attrs.ID ?? node.attrs.FixedRef;
  if (profile === undefined || profileId === undefined) {
    throw new OfacIndexError("NOT_SDN_ADVANCED", "a DistinctParty has no Profile with an ID");
  }
  const features: RawFeature[] = [];
  for (const feature of childrenNamed(profile, "Feature")) {
    const featureTypeId = feature.attrs.FeatureTypeID ?? "";
    if (!wantedFeatureTypes.has(featureTypeId)) continue;
    const versions = childrenNamed(feature, "FeatureVersion");
    features.push({
      featureId: feature.attrs.ID ?? "",
      featureTypeId,
      values: versions
        .flatMap((v) => childrenNamed(v, "VersionDetail"))
        .map((d) => d.text.trim())
        .filter((t) => t !== ""),
      identityId: child(feature, "IdentityReference")?.attrs.IdentityID ?? null,
      reliabilityId: versions[0]?.attrs.ReliabilityID ?? null,
    });
  }
  return {
    profileId,
    partySubTypeId: profile.attrs.PartySubTypeID ?? null,
    identities: childrenNamed(profile, "Identity").map(readIdentity),
    features,
  };
}

interface RawMeasure {
  readonly sanctionsTypeId: string;
  readonly comment: string;
}

interface RawEvent {
  readonly typeId: string;
  readonly date: string | null;
}

/** What every sanctions entry says about its party, with or without addresses: ids and events. */
export interface RawEntryHead {
  readonly entryId: string;
  readonly profileId: string;
  readonly listId: string;
  readonly events: readonly RawEvent[];
}

export interface RawEntry extends RawEntryHead {
  readonly measures: readonly RawMeasure[];
}

/** The head of a parsed entry (the full scanner reads every entry in full anyway). */
export const entryHead = ({ entryId, profileId, listId, events }: RawEntry): RawEntryHead => ({
  entryId,
  profileId,
  listId,
  events,
});

const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`);
const ID = attribute("ID");
const PROFILE_ID = attribute("ProfileID");
const LIST_ID = attribute("ListID");
const EVENT_TYPE_ID = attribute("EntryEventTypeID");
const EVENT = /<(?:[\w.-]+:)?EntryEvent(\s[^>]*)?>([\s\S]*?)<\/(?:[\w.-]+:)?EntryEvent>/g;
const DATE = /<(?:[\w.-]+:)?Date(?:\s[^>]*)?>([\s\S]*?)<\/(?:[\w.-]+:)?Date>/;
const element = (name: string) =>
  new RegExp(`<(?:[\\w.-]+:)?${name}>([^<]*)</(?:[\\w.-]+:)?${name}>`);
const YEAR = element("Year");
const MONTH = element("Month");
const DAY = element("Day");

/**
 * The head of an entry from its text, without an XML parser: the start tag's ID, ProfileID and
 * ListID and each EntryEvent's type and date, read as `readEntry` and `readDate` read them (the
 * fast scanner's path for the entries of parties without addresses; a test checks both paths
 * agree on OFAC's real files).
 */
export function entryHeadFromText(startTag: string, text: string): RawEntryHead {
  const events: RawEvent[] = [];
  for (const m of text.matchAll(EVENT)) {
    const date = DATE.exec(m[2] ?? "")?.[1];
    let iso: string | null = null;
    const y = date === undefined ? undefined : YEAR.exec(date)?.[1]?.trim();
    if (date !== undefined && y !== undefined && /^\d{4}$/.test(y)) {
      const pad = (v: string | undefined) =>
        v === undefined || v === "" ? "01" : v.padStart(2, "0");
      iso = `${y}-${pad(MONTH.exec(date)?.[1]?.trim())}-${pad(DAY.exec(date)?.[1]?.trim())}`;
    }
    events.push({ typeId: EVENT_TYPE_ID.exec(m[1] ?? "")?.[1] ?? "", date: iso });
  }
  return {
    entryId: ID.exec(startTag)?.[1] ?? "",
    profileId: PROFILE_ID.exec(startTag)?.[1] ?? "",
    listId: LIST_ID.exec(startTag)?.[1] ?? "",
    events,
  };
}

export function readEntry(node: XNode): RawEntry {
  return {
    entryId: node.attrs.ID ?? "",
    profileId: node.attrs.ProfileID ?? "",
    listId: node.attrs.ListID ?? "",
    events: childrenNamed(node, "EntryEvent").map((e) => ({
      typeId: e.attrs.EntryEventTypeID ?? "",
      date: readDate(child(e, "Date")),
    })),
    measures: childrenNamed(node, "SanctionsMeasure").map((m) => ({
      sanctionsTypeId: m.attrs.SanctionsTypeID ?? "",
      comment: child(m, "Comment")?.text.trim() ?? "",
    })),
  };
}
