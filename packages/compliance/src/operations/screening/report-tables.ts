import type { AddressScreening, MatchRecord, SourceFreshness } from "@svc/ofac-index";
import { formatValue, type TableInput, tableFromRecords, type WireScalar } from "@svc/report-model";
import { distinctEntities, listedElsewhere, nearMatchCell } from "./match-text.js";
import { DATASET_SHA256_LABEL, sourceDescription } from "./source-description.js";

/**
 * Tables every screening report shares (single, batch, EDD), built once so the three reports
 * describe the list and the matches in the same columns.
 */

/**
 * A two-column table of labelled values: how the documents show a record (a query, the
 * freshness, case metadata) readably in portrait, where one wide row would not fit.
 */
export const fieldValueTable = (entries: readonly (readonly [string, WireScalar])[]): TableInput =>
  tableFromRecords(
    entries.map(([field, value]) => ({ field, value })),
    ["field", "value"],
  );

/**
 * `source_freshness`: which edition was screened, how current it is, and whether it is real.
 * `statedUnder` names the part of a document that already states the edition's source, date of
 * issue and SHA-256 (the memo's scope and method): the table then refers to it rather than
 * repeating them.
 */
export function sourceFreshnessTable(
  f: SourceFreshness,
  options: { readonly statedUnder?: string } = {},
): TableInput {
  const identity: (readonly [string, WireScalar])[] =
    options.statedUnder === undefined
      ? [
          ["Source", sourceDescription(f)],
          ["Edition (OFAC date of issue)", f.datasetDate],
        ]
      : [["Edition, source and SHA-256", `As stated under ${options.statedUnder}`]];
  return fieldValueTable([
    ...identity,
    ["Dataset published at", f.datasetPublishedAt],
    ...(options.statedUnder === undefined
      ? ([[DATASET_SHA256_LABEL, f.datasetSha256]] as const)
      : []),
    ["Refreshed at", f.refreshedAt],
    ["Distinct addresses", f.addressCount],
    ["Ticker-address pairs", f.assetAddressPairs],
    ["Covered tickers", f.coveredAssets.join(", ")],
    ["Embedded sample (not the OFAC list)", f.sample],
    ...(f.lastRefresh === undefined
      ? []
      : ([
          [
            "Last refresh attempt",
            `${f.lastRefresh.attemptedAt}: ${f.lastRefresh.ok ? "ok" : "failed"} (${f.lastRefresh.outcome})`,
          ],
        ] as const)),
    ...(f.notice === undefined ? [] : ([["Notice", f.notice]] as const)),
  ]);
}

/** One row per designation matched, with what a reviewer compares against OFAC's entry. */
export function matchRows(
  matches: readonly MatchRecord[],
  position?: number,
): Record<string, WireScalar>[] {
  return matches.map((m) => ({
    ...(position === undefined ? {} : { position }),
    entity_name: m.entityName,
    party_type: m.partyType,
    asset: m.asset,
    address: m.address,
    programs: m.programs.join(", "),
    listed_on: m.listedOn,
    list_name: m.listName,
    measures: m.measures.join(", "),
    entry_id: m.entryId,
  }));
}

/**
 * The columns of the single report's match table. The address is left out: the query table
 * above it states it, and eight short columns stay readable on a portrait page.
 */
export const MATCH_COLUMNS = [
  "entity_name",
  "party_type",
  "asset",
  "programs",
  "listed_on",
  "list_name",
  "measures",
  "entry_id",
] as const;

/**
 * The tickers a wallet is listed under, marked when the asset asked for is not one of them
 * (`ETH (not USDT)`): such a wallet is a match all the same.
 */
function listedUnder(r: AddressScreening): string {
  const tickers = r.query.listedAssets.join(", ");
  return listedElsewhere(r) === null ? tickers : `${tickers} (not ${r.query.assetTicker})`;
}

/** One row per screened wallet, in request order (batch and EDD results). */
export function walletResultRows(
  results: readonly AddressScreening[],
): Record<string, WireScalar>[] {
  return results.map((r, i) => ({
    position: i + 1,
    address: r.query.address,
    normalized_address: r.query.normalizedAddress,
    status: r.summary.status,
    match_count: r.summary.matchCount,
    manual_review_recommended: r.summary.manualReviewRecommended,
    listed_under: listedUnder(r),
    address_format: r.query.addressFormat,
    matched_entities: distinctEntities(r.matches).join("; "),
    // The party and why, not the listed address: a second address in one cell would not fit the
    // row; the near-match table beside it names the listed address.
    near_match: r.nearMatches.map(nearMatchCell).join("; "),
  }));
}

/**
 * One row per near match of the screened wallets (`position` when there are several): the
 * screened address, the listed one it is near, whose it is and why, for a reviewer to compare.
 */
export function nearMatchRows(
  results: readonly AddressScreening[],
  withPosition: boolean,
): Record<string, WireScalar>[] {
  return results.flatMap((r, i) =>
    r.nearMatches.map((m) => ({
      ...(withPosition ? { position: i + 1 } : {}),
      screened_address: r.query.address,
      listed_address: m.address,
      listed_party: m.parties.map((p) => p.entityName).join(", "),
      listed_under: m.listedAssets.join(", "),
      why_near: m.explanation,
      edit_distance: m.editDistance,
    })),
  );
}

/** The columns of a near-match table. */
export const NEAR_MATCH_COLUMNS = [
  "screened_address",
  "listed_address",
  "listed_party",
  "listed_under",
  "why_near",
] as const;

/** `the SDN list edition of 2025-11-19 (SHA-256 88783a70…, 81 addresses, 17 tickers)`. */
export const editionPhrase = (f: SourceFreshness): string =>
  `the OFAC SDN list edition of ${f.datasetDate} (SHA-256 ${f.datasetSha256.slice(0, 12)}…, ${f.addressCount} distinct addresses across ${f.coveredAssets.length} tickers), refreshed ${formatValue(f.refreshedAt, "datetime")}`;
