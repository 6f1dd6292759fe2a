import { classifyAddress } from "../address/classify-address.js";
import { OfacIndexError } from "../errors/ofac-index-error.js";
import type {
  Designation,
  Edition,
  EditionMeta,
  Provenance,
  SdnListParty,
} from "../model/types.js";
import { NearMatchIndex } from "../near/near-match-index.js";
import { resolveAsset } from "../normalize/asset.js";
import { assertScreenableAddress, malformedAddressError } from "../normalize/validate-address.js";
import { SAMPLE_NOTICE, SAMPLE_SHA256 } from "../sample/sample-edition.js";
import type {
  AddressScreening,
  BatchScreenResult,
  MatchRecord,
  RefreshStatus,
  ScreenResult,
  SourceFreshness,
} from "../screen/result-types.js";

export interface ScreenOptions {
  /**
   * The asset the caller deals in (case-insensitive; BTC is accepted for XBT). It never hides
   * a match: a listed address matches under every ticker, and this ticker's records come first
   * (`query.assetListed` says whether it is listed under this one). A ticker the edition does
   * not cover is refused (`UNSUPPORTED_ASSET`).
   */
  readonly asset?: string | null | undefined;
  /**
   * For `screenMany`: how a refusal names the address at each position, for a caller whose
   * addresses sit elsewhere in its request (`review_items[3].address`). Default `addresses[i]`.
   */
  readonly pathOf?: ((index: number) => string) | undefined;
}

const freeze = <T>(value: T): T => Object.freeze(value);

/** A party on the SDN List as a link from a wallet names it: who, since when, what it holds. */
export interface ListedParty {
  readonly profileId: string;
  readonly entryId: string;
  /** The primary name, when the party holds addresses (the parser reads names only there). */
  readonly name: string | null;
  readonly listedOn: string | null;
  /** Distinct listed addresses (canonical form) of the party in this edition; 0 for none. */
  readonly addressCount: number;
}

/** An id a caller may give for a party: the digits of an entry or profile id. */
const PARTY_ID = /^\d{1,12}$/;

function partiesById(
  designations: readonly Designation[],
  sdnParties: readonly SdnListParty[] | undefined,
): ReadonlyMap<string, ListedParty> {
  const addresses = new Map<string, Set<string>>();
  const named = new Map<string, Designation["party"]>();
  for (const d of designations) {
    const p = d.party;
    named.set(p.profileId, p);
    const set = addresses.get(p.profileId) ?? new Set<string>();
    addresses.set(p.profileId, set.add(d.normalizedAddress));
  }
  const all: SdnListParty[] = [...(sdnParties ?? [])];
  const known = new Set(all.map((p) => p.profileId));
  for (const p of named.values()) if (!known.has(p.profileId)) all.push(p);
  const byId = new Map<string, ListedParty>();
  // Profile ids first, so an id that is one party's profile and another's entry names the profile.
  const parties = all.map((p) =>
    freeze({
      profileId: p.profileId,
      entryId: p.entryId,
      name: named.get(p.profileId)?.entityName ?? null,
      listedOn: p.listedOn,
      addressCount: addresses.get(p.profileId)?.size ?? 0,
    }),
  );
  for (const p of parties) byId.set(p.profileId, p);
  for (const p of parties) if (!byId.has(p.entryId)) byId.set(p.entryId, p);
  return byId;
}

function toRecords(designations: readonly Designation[]): MatchRecord[] {
  const byKey = new Map<string, { record: MatchRecord; featureIds: string[] }>();
  for (const d of designations) {
    const key = `${d.asset}\u0000${d.party.profileId}`;
    const seen = byKey.get(key);
    if (seen !== undefined) {
      seen.featureIds.push(d.featureId);
      continue;
    }
    const featureIds = [d.featureId];
    const p = d.party;
    const record: MatchRecord = {
      entryId: p.entryId,
      profileId: p.profileId,
      identityId: d.identityId,
      entityName: p.entityName,
      aliases: freeze([...p.aliases]),
      asset: d.asset,
      address: d.address,
      normalizedAddress: d.normalizedAddress,
      listName: p.listName,
      listedOn: p.listedOn,
      measures: freeze([...p.measures]),
      programs: freeze([...p.programs]),
      sourceType: d.sourceType,
      partyType: p.partyType,
      featureIds,
      reliability: d.reliability,
    };
    byKey.set(key, { record, featureIds });
  }
  return [...byKey.values()].map(({ record }) =>
    freeze({ ...record, featureIds: freeze(record.featureIds) }),
  );
}

/**
 * An immutable, in-memory index of one edition: O(1) exact lookups on the canonical address.
 * Build one with `SdnIndex.fromEdition`; a new edition means a new index (swap the reference).
 */
export class SdnIndex {
  readonly meta: EditionMeta;
  readonly provenance: Provenance;
  readonly designations: readonly Designation[];
  /** Every SDN List party, with or without addresses (absent from an old stored edition). */
  readonly sdnParties: readonly SdnListParty[] | undefined;
  /** Tickers with at least one designation, sorted. */
  readonly coveredAssets: readonly string[];
  readonly addressCount: number;
  readonly pairCount: number;
  private readonly byAddress: ReadonlyMap<string, readonly MatchRecord[]>;
  private readonly freshnessBase: SourceFreshness;
  private partyIndex: ReadonlyMap<string, ListedParty> | undefined;
  private nearIndex: NearMatchIndex | undefined;

  private constructor(
    edition: Edition,
    provenance: Provenance,
    byAddress?: ReadonlyMap<string, readonly MatchRecord[]>,
  ) {
    this.meta = edition.meta;
    this.designations = edition.designations;
    this.sdnParties = edition.sdnParties;
    this.provenance = freeze({
      ...provenance,
      sample: provenance.sample || edition.meta.datasetSha256 === SAMPLE_SHA256,
    });
    if (byAddress === undefined) {
      const grouped = new Map<string, Designation[]>();
      for (const d of edition.designations) {
        const list = grouped.get(d.normalizedAddress);
        if (list === undefined) grouped.set(d.normalizedAddress, [d]);
        else list.push(d);
      }
      const index = new Map<string, readonly MatchRecord[]>();
      for (const [address, list] of grouped) index.set(address, freeze(toRecords(list)));
      this.byAddress = index;
    } else {
      this.byAddress = byAddress;
    }
    this.coveredAssets = freeze([...new Set(edition.designations.map((d) => d.asset))].sort());
    this.addressCount = this.byAddress.size;
    this.pairCount = new Set(
      edition.designations.map((d) => `${d.asset}\u0000${d.normalizedAddress}`),
    ).size;
    this.freshnessBase = freeze({
      sourceUrl: this.provenance.sourceUrl,
      refreshedAt: this.provenance.refreshedAt,
      datasetPublishedAt: `${this.meta.datasetDate}T00:00:00.000Z`,
      addressCount: this.addressCount,
      coveredAssets: this.coveredAssets,
      datasetDate: this.meta.datasetDate,
      datasetSha256: this.meta.datasetSha256,
      assetAddressPairs: this.pairCount,
      sample: this.provenance.sample,
      ...(this.provenance.sample ? { notice: SAMPLE_NOTICE } : {}),
    });
  }

  static fromEdition(edition: Edition, provenance: Provenance): SdnIndex {
    return new SdnIndex(edition, provenance);
  }

  /** The edition this index was built from (what a snapshot stores). */
  get edition(): Edition {
    return {
      meta: this.meta,
      designations: this.designations,
      ...(this.sdnParties && { sdnParties: this.sdnParties }),
    };
  }

  /** The same index under new provenance (e.g. a refresh confirmed it is still current). */
  withProvenance(provenance: Provenance): SdnIndex {
    return new SdnIndex(this.edition, provenance, this.byAddress);
  }

  /**
   * The SDN List party with this profile id or entry id (digits; a profile id wins when both
   * match), with or without listed addresses, or null. An edition stored without its party list
   * knows only the parties holding addresses.
   */
  party(id: string): ListedParty | null {
    if (!PARTY_ID.test(id)) return null;
    this.partyIndex ??= partiesById(this.designations, this.sdnParties);
    return this.partyIndex.get(id.replace(/^0+(?=\d)/, "")) ?? null;
  }

  /** Source freshness, optionally with the loader's last refresh attempt. */
  freshness(lastRefresh?: RefreshStatus): SourceFreshness {
    if (lastRefresh === undefined) return this.freshnessBase;
    const failed = !lastRefresh.ok;
    const notices = [
      this.freshnessBase.notice,
      failed
        ? `The last refresh failed (${lastRefresh.outcome}); serving the edition of ${this.meta.datasetDate}.`
        : undefined,
    ].filter((n) => n !== undefined);
    return freeze({
      ...this.freshnessBase,
      lastRefresh,
      ...(notices.length > 0 ? { notice: notices.join(" ") } : {}),
    });
  }

  /** Every match record for a canonical address (all tickers, all parties). */
  lookup(normalizedAddress: string): readonly MatchRecord[] {
    return this.byAddress.get(normalizedAddress) ?? [];
  }

  private resolve(asset: string | null | undefined): string | null {
    return asset === undefined || asset === null ? null : resolveAsset(asset, this.coveredAssets);
  }

  /** The listed addresses arranged for near-match search, built on first use. */
  private get near(): NearMatchIndex {
    this.nearIndex ??= new NearMatchIndex(this.byAddress);
    return this.nearIndex;
  }

  /**
   * One address's screening, or its refusal: a string that fits no address format, or breaks
   * the rules of its own, is refused unless OFAC published that very string (the list is
   * matched as published, malformed or not).
   */
  private screenOne(
    address: string,
    ticker: string | null,
    asset: string | null,
    path: string,
  ): AddressScreening {
    assertScreenableAddress(address, path);
    const trimmed = address.trim();
    const verdict = classifyAddress(trimmed);
    const normalizedAddress = verdict.normalized;
    const all = this.lookup(normalizedAddress);
    if (verdict.problem !== null && all.length === 0) {
      throw malformedAddressError(verdict, path, address, this.near.nearString(trimmed));
    }
    // Listed means match, whatever the asset: the asset only puts its own records first.
    const matches =
      ticker === null
        ? all
        : [...all.filter((m) => m.asset === ticker), ...all.filter((m) => m.asset !== ticker)];
    const listedAssets = [...new Set(all.map((m) => m.asset))].sort();
    const assetListed = ticker === null ? null : listedAssets.includes(ticker);
    const hit = matches.length > 0;
    const nearMatches = hit ? [] : this.near.near(verdict);
    const notes = [
      hit && assetListed === false
        ? `listed under ${listedAssets.join(", ")}, not under ${ticker}: an SDN's address is blocked whatever the asset`
        : null,
      hit && verdict.problem !== null
        ? verdict.format === "unrecognized"
          ? "OFAC publishes this string although it is in no address format; it matches as published"
          : `OFAC publishes this string although it fails the ${verdict.format} check (${verdict.problem}); it matches as published`
        : null,
      nearMatches.length > 0
        ? `not on the list, but near ${nearMatches.length === 1 ? "a listed address" : `${nearMatches.length} listed addresses`}: ${nearMatches
            .map(
              (m) =>
                `${m.address} (${m.parties.map((p) => p.entityName).join(", ")}): ${m.explanation}`,
            )
            .join(
              "; ",
            )}. Exact match is the rule, so the status is clear; confirm this is the address meant`
        : null,
    ].filter((n) => n !== null);
    return {
      query: {
        address,
        normalizedAddress,
        addressFormat: verdict.format,
        asset,
        assetTicker: ticker,
        assetListed,
        listedAssets,
        ...(notes.length > 0 ? { note: notes.join("; ") } : {}),
      },
      summary: {
        status: hit ? "match" : "clear",
        matchCount: matches.length,
        exactAddressMatch: hit,
        manualReviewRecommended: hit,
        nearMatchCount: nearMatches.length,
      },
      matches,
      nearMatches,
    };
  }

  /**
   * Screens one address: exact match on the canonical form, with the listed addresses near it
   * when it is not listed. A string that is no address (no format, or a broken checksum, case or
   * length) is refused (`INVALID_ADDRESS`) unless OFAC listed that very string.
   */
  screen(address: string, options: ScreenOptions = {}, lastRefresh?: RefreshStatus): ScreenResult {
    const ticker = this.resolve(options.asset);
    return {
      ...this.screenOne(address, ticker, options.asset ?? null, "address"),
      sourceFreshness: this.freshness(lastRefresh),
      screeningOnly: true,
    };
  }

  /**
   * Screens many addresses; results keep the request order. When any address is refused, the
   * whole batch is, naming every refused address (`details.issues`), not only the first.
   */
  screenMany(
    addresses: readonly string[],
    options: ScreenOptions = {},
    lastRefresh?: RefreshStatus,
  ): BatchScreenResult {
    if (!Array.isArray(addresses)) {
      throw new OfacIndexError("INVALID_ADDRESS", "addresses must be an array of strings", {
        details: { path: "addresses" },
      });
    }
    const ticker = this.resolve(options.asset);
    const asset = options.asset ?? null;
    const results: AddressScreening[] = [];
    const refused: OfacIndexError[] = [];
    addresses.forEach((a, i) => {
      try {
        results.push(this.screenOne(a, ticker, asset, options.pathOf?.(i) ?? `addresses[${i}]`));
      } catch (error) {
        if (!(error instanceof OfacIndexError) || error.code !== "INVALID_ADDRESS") throw error;
        refused.push(error);
      }
    });
    if (refused.length > 0) throw batchRefusal(refused);
    const matchCount = results.filter((r) => r.summary.status === "match").length;
    const nearMatchCount = results.filter((r) => r.summary.nearMatchCount > 0).length;
    return {
      query: {
        addresses: [...addresses],
        normalizedAddresses: results.map((r) => r.query.normalizedAddress),
        asset,
        assetTicker: ticker,
      },
      summary: {
        totalScreened: results.length,
        matchCount,
        clearCount: results.length - matchCount,
        nearMatchCount,
        manualReviewRecommended: matchCount > 0,
        workflowStatus:
          matchCount > 0 ? "manual_review_required" : "screening_complete_no_exact_match",
      },
      results,
      sourceFreshness: this.freshness(lastRefresh),
      screeningOnly: true,
    };
  }

  /** Unique (ticker, published address) pairs in code-point order: the peer lists' form. */
  pairs(): Array<readonly [string, string]> {
    const seen = new Set<string>();
    const out: Array<readonly [string, string]> = [];
    for (const d of this.designations) {
      const key = `${d.asset}\t${d.address}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push([d.asset, d.address]);
    }
    return out.sort((a, b) => (a[0] === b[0] ? compare(a[1], b[1]) : compare(a[0], b[0])));
  }
}

/** Most refused addresses a batch refusal lists one by one. */
const MAX_LISTED_REFUSALS = 20;

/** One refusal for a batch: the first address's message, and every refused address's path and reason. */
function batchRefusal(refused: readonly OfacIndexError[]): OfacIndexError {
  const first = refused[0] as OfacIndexError;
  const more = refused.length - 1;
  const issues = refused.slice(0, MAX_LISTED_REFUSALS).map((e) => ({
    path: String(e.details?.path ?? "addresses"),
    message: e.message,
  }));
  return new OfacIndexError(
    "INVALID_ADDRESS",
    more === 0
      ? first.message
      : `${first.message} (and ${more} more ${more === 1 ? "address" : "addresses"} refused)`,
    {
      details: {
        ...first.details,
        issues,
        ...(refused.length > MAX_LISTED_REFUSALS
          ? { moreIssues: refused.length - MAX_LISTED_REFUSALS }
          : {}),
      },
    },
  );
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
