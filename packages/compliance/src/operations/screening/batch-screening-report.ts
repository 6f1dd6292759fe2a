import type { AddressScreening, BatchScreenResult } from "@svc/ofac-index";
import {
  formatStatus,
  metric,
  type ReportModelInput,
  reportModel,
  tableFromRecords,
} from "@svc/report-model";
import { type ScreeningReportOptions, withAttestationAppendix } from "./attestation-appendix.js";
import { withListNotices } from "./list-warning.js";
import {
  ASSET_RULE,
  describeMatch,
  describeNearMatch,
  listedElsewhere,
  listForProse,
  NEAR_MATCH_RULE,
  noneMatch,
  plural,
  someMatch,
} from "./match-text.js";
import { withByline } from "./report-byline.js";
import { reportDate } from "./report-date.js";
import {
  editionPhrase,
  fieldValueTable,
  NEAR_MATCH_COLUMNS,
  nearMatchRows,
  sourceFreshnessTable,
  walletResultRows,
} from "./report-tables.js";
import { ANY_TICKER, SCREENING_NOTE } from "./screening-constants.js";

export const BATCH_REPORT_TYPE = "ofac-wallet-screening-batch";
export const BATCH_REPORT_TITLE = "OFAC Batch Wallet Screening Report";

/** Whether an address's canonical form differs from it by more than letter case (a trimmed space, say). */
const normalizedDiffers = (r: AddressScreening): boolean =>
  r.query.normalizedAddress.toLowerCase() !== r.query.address.toLowerCase();

/** Submitted entries whose canonical form repeats an earlier entry's. */
export const repeatedEntries = (batch: BatchScreenResult): number =>
  batch.query.normalizedAddresses.length - new Set(batch.query.normalizedAddresses).size;

/**
 * A batch screening as the shared report model: the batch decision first, then one
 * row per submitted wallet in request order, naming the party behind every hit. A signed
 * screening's attestation is printed in the appendix.
 */
export function batchScreeningReport(
  batch: BatchScreenResult,
  options: ScreeningReportOptions = {},
): ReportModelInput {
  const { query, summary: s, results, sourceFreshness: f } = batch;
  const date = options.date ?? reportDate();
  const hits = results
    .map((r, i) => ({ r, position: i + 1 }))
    .filter(({ r }) => r.summary.status === "match")
    .map(({ r, position }) => {
      const elsewhere = listedElsewhere(r);
      return `#${position} ${r.query.address}: ${[...new Set(r.matches.map(describeMatch))].join(", ")}${elsewhere === null ? "" : ` (${elsewhere})`}`;
    });
  const elsewhereCount = results.filter((r) => listedElsewhere(r) !== null).length;
  const unrecognized = results.filter((r) => r.query.addressFormat === "unrecognized").length;
  const near = results.flatMap((r, i) =>
    r.nearMatches.length === 0
      ? []
      : [`#${i + 1} ${r.query.address} near ${r.nearMatches.map(describeNearMatch).join(", ")}`],
  );
  const repeats = repeatedEntries(batch);
  const outcome =
    s.matchCount > 0
      ? `${someMatch(s.matchCount, s.totalScreened, "screened wallet")} the OFAC SDN list exactly (workflow status: ${formatStatus(s.workflowStatus)}): ${listForProse(hits)}. Pause onboarding, payouts and any movement of funds involving these wallets until a reviewer has disposed of each match.`
      : `${noneMatch(s.totalScreened, "screened wallet")} an OFAC SDN digital-currency address exactly (workflow status: ${formatStatus(s.workflowStatus)}).`;
  const model = reportModel(
    {
      report_type: BATCH_REPORT_TYPE,
      title: BATCH_REPORT_TITLE,
      date,
    },
    {
      executive_summary: [
        outcome,
        `Screened against ${editionPhrase(f)}.`,
        ...(query.assetTicker === null
          ? []
          : [
              `Asset ${query.assetTicker} was asked for: it orders each wallet's matches and never hides one, because ${ASSET_RULE}.${elsewhereCount === 0 ? "" : ` ${plural(elsewhereCount, "matched wallet is", "matched wallets are")} listed only under other tickers and ${elsewhereCount === 1 ? "counts" : "count"} as ${elsewhereCount === 1 ? "a match" : "matches"} all the same.`}`,
            ]),
        ...(near.length === 0
          ? []
          : [
              `${plural(near.length, "clear wallet is", "clear wallets are")} near a listed address: ${listForProse(near)}. ${NEAR_MATCH_RULE}.`,
            ]),
        ...(unrecognized === 0
          ? []
          : [
              `${plural(unrecognized, "matched entry is a string", "matched entries are strings")} OFAC published in no address format (address_format "unrecognized"), matched as published.`,
            ]),
        ...(repeats === 0
          ? []
          : [
              `${plural(repeats, "submitted entry", "submitted entries")} ${repeats === 1 ? "repeats" : "repeat"} an earlier address; each entry is reported at its position and counted in the totals.`,
            ]),
        ...(f.notice === undefined ? [] : [f.notice]),
        SCREENING_NOTE,
      ],
      headline_metrics: [
        metric("Workflow status", s.workflowStatus, undefined, "status"),
        metric("Total screened", s.totalScreened, undefined, "count"),
        metric("Match count", s.matchCount, undefined, "count"),
        metric("Clear count", s.clearCount, undefined, "count"),
        metric("Near matches", s.nearMatchCount, undefined, "count"),
        metric("Manual review recommended", s.manualReviewRecommended, undefined, "boolean"),
      ],
      tables: {
        batch_wallet_query: fieldValueTable([
          ["Addresses submitted", query.addresses.length],
          ["Distinct addresses", query.addresses.length - repeats],
          ["Asset requested", query.asset ?? ANY_TICKER],
          ["Resolved ticker", query.assetTicker ?? ANY_TICKER],
          [
            "Match rule",
            "Exact match on the canonical address form, under any ticker; a string that is no well-formed address is refused; listed addresses near a clear one are named",
          ],
        ]),
        batch_wallet_results: tableFromRecords(walletResultRows(results), [
          "position",
          "address",
          // The canonical form only when it says more than the address itself (not a case fold).
          ...(results.some(normalizedDiffers) ? ["normalized_address"] : []),
          "status",
          "match_count",
          "manual_review_recommended",
          "listed_under",
          "matched_entities",
          ...(near.length === 0 ? [] : ["near_match"]),
        ]),
        ...(near.length === 0
          ? {}
          : {
              batch_near_matches: tableFromRecords(nearMatchRows(results, true), [
                "position",
                ...NEAR_MATCH_COLUMNS,
              ]),
            }),
        source_freshness: sourceFreshnessTable(f),
      },
    },
  );
  return withAttestationAppendix(withByline(withListNotices(model, f), date), options.attestation);
}
