import type { SdnIndex } from "../index/sdn-index.js";
import type { Designation, EditionMeta } from "../model/types.js";

export interface PartyRef {
  readonly profileId: string;
  readonly entityName: string;
  /** The party's program codes in that edition (e.g. "CYBER2"), sorted. */
  readonly programs: readonly string[];
}

export interface DiffEntry {
  readonly asset: string;
  /** The published form (the new one for `added`/`republished`, the old one for `removed`). */
  readonly address: string;
  readonly normalizedAddress: string;
  readonly parties: readonly PartyRef[];
}

export interface RepublishedEntry extends DiffEntry {
  /** The published form in the older edition (e.g. a case change of an EVM address). */
  readonly previousAddress: string;
}

export interface EditionDiff {
  readonly from: Pick<EditionMeta, "datasetDate" | "datasetSha256">;
  readonly to: Pick<EditionMeta, "datasetDate" | "datasetSha256">;
  /** (ticker, address) pairs designated in `to` but not in `from`. */
  readonly added: readonly DiffEntry[];
  /** Pairs in `from` that `to` no longer designates (delistings). */
  readonly removed: readonly DiffEntry[];
  /** Same canonical pair, different published string: not a removal plus an addition. */
  readonly republished: readonly RepublishedEntry[];
  /**
   * Pairs designated in both whose parties changed: a party added or dropped, renamed, or its
   * programs changed. `parties` are the newer edition's.
   */
  readonly changed: readonly ChangedEntry[];
  readonly summary: {
    readonly added: number;
    readonly removed: number;
    readonly republished: number;
    readonly changed: number;
    readonly addedByAsset: Readonly<Record<string, number>>;
    readonly removedByAsset: Readonly<Record<string, number>>;
  };
}

export interface ChangedEntry extends DiffEntry {
  /** The pair's parties in the older edition. */
  readonly previousParties: readonly PartyRef[];
}

interface PairGroup {
  readonly asset: string;
  readonly address: string;
  readonly normalizedAddress: string;
  readonly parties: PartyRef[];
}

/** Groups designations by (ticker, canonical address), keeping first published form and parties. */
export function pairGroups(designations: readonly Designation[]): Map<string, PairGroup> {
  const groups = new Map<string, PairGroup>();
  for (const d of designations) {
    const key = `${d.asset}\u0000${d.normalizedAddress}`;
    let group = groups.get(key);
    if (group === undefined) {
      group = {
        asset: d.asset,
        address: d.address,
        normalizedAddress: d.normalizedAddress,
        parties: [],
      };
      groups.set(key, group);
    }
    if (!group.parties.some((p) => p.profileId === d.party.profileId)) {
      group.parties.push({
        profileId: d.party.profileId,
        entityName: d.party.entityName,
        programs: [...d.party.programs].sort(),
      });
    }
  }
  return groups;
}

/** What a pair's parties say, in an order-free spelling: equal iff nothing a reader sees differs. */
const partiesKey = (parties: readonly PartyRef[]): string =>
  JSON.stringify(
    [...parties]
      .sort((a, b) => (a.profileId < b.profileId ? -1 : a.profileId > b.profileId ? 1 : 0))
      .map((p) => [p.profileId, p.entityName, p.programs]),
  );

const byAssetThenAddress = (a: DiffEntry, b: DiffEntry): number =>
  a.asset === b.asset ? (a.address < b.address ? -1 : 1) : a.asset < b.asset ? -1 : 1;

function countByAsset(entries: readonly DiffEntry[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const e of entries) counts[e.asset] = (counts[e.asset] ?? 0) + 1;
  return counts;
}

/** What changed between two editions, keyed on (ticker, canonical address). */
export function diffEditions(
  from: Pick<SdnIndex, "meta" | "designations">,
  to: Pick<SdnIndex, "meta" | "designations">,
): EditionDiff {
  const before = pairGroups(from.designations);
  const after = pairGroups(to.designations);
  const added: DiffEntry[] = [];
  const removed: DiffEntry[] = [];
  const republished: RepublishedEntry[] = [];
  const changed: ChangedEntry[] = [];
  for (const [key, group] of after) {
    const old = before.get(key);
    if (old === undefined) {
      added.push(group);
      continue;
    }
    if (old.address !== group.address) republished.push({ ...group, previousAddress: old.address });
    if (partiesKey(old.parties) !== partiesKey(group.parties))
      changed.push({ ...group, previousParties: old.parties });
  }
  for (const [key, group] of before) if (!after.has(key)) removed.push(group);
  added.sort(byAssetThenAddress);
  removed.sort(byAssetThenAddress);
  republished.sort(byAssetThenAddress);
  changed.sort(byAssetThenAddress);
  const meta = (m: EditionMeta) => ({ datasetDate: m.datasetDate, datasetSha256: m.datasetSha256 });
  return {
    from: meta(from.meta),
    to: meta(to.meta),
    added,
    removed,
    republished,
    changed,
    summary: {
      added: added.length,
      removed: removed.length,
      republished: republished.length,
      changed: changed.length,
      addedByAsset: countByAsset(added),
      removedByAsset: countByAsset(removed),
    },
  };
}
