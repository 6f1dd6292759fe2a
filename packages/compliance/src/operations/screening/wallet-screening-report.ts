import type { ScreenResult } from "@svc/ofac-index";
import { metric, type ReportModelInput, reportModel, tableFromRecords } from "@svc/report-model";
import { type ScreeningReportOptions, withAttestationAppendix } from "./attestation-appendix.js";
import { withListNotices } from "./list-warning.js";
import {
  assetSentence,
  formatSentence,
  listForProse,
  nearMatchSentence,
  plural,
} from "./match-text.js";
import { withByline } from "./report-byline.js";
import { reportDate } from "./report-date.js";
import {
  editionPhrase,
  fieldValueTable,
  MATCH_COLUMNS,
  matchRows,
  NEAR_MATCH_COLUMNS,
  nearMatchRows,
  sourceFreshnessTable,
} from "./report-tables.js";
import { ANY_TICKER, SCREENING_NOTE } from "./screening-constants.js";

export const WALLET_REPORT_TYPE = "ofac-wallet-screening";
export const WALLET_REPORT_TITLE = "OFAC Wallet Screening Report";

/**
 * One wallet's screening as the shared report model (the GET screening and the single-address report share it): the title,
 * type and tables the deployed service used, so a document made from either route is the same
 * file. The summary leads with the outcome and names what matched; a clear result says what
 * it covers, never "safe". A listed address is a match whatever asset was asked for, and the
 * summary says when it is listed only under other tickers. A signed screening's attestation is
 * printed in the appendix.
 */
export function walletScreeningReport(
  result: ScreenResult,
  options: ScreeningReportOptions = {},
): ReportModelInput {
  const { query, summary, matches, sourceFreshness: f } = result;
  const date = options.date ?? reportDate();
  const outcome =
    summary.status === "match"
      ? `${query.address} matches ${plural(summary.matchCount, "OFAC SDN designation")} exactly: ${listForProse(
          matches.map(
            (m) =>
              `${m.entityName} (${m.asset}; ${m.programs.join(", ")}; listed ${m.listedOn ?? "date not given"})`,
          ),
        )}. Manual review is recommended before onboarding, any payout or any movement of funds.`
      : result.nearMatches.length > 0
        ? `${query.address} has no exact match among OFAC's SDN digital-currency addresses, under any ticker.`
        : `${query.address} has no exact match among OFAC's SDN digital-currency addresses, under any ticker, and no listed address is near it. No manual review is triggered by this screening.`;
  const asset = assetSentence(result);
  const format = formatSentence(result);
  const near = nearMatchSentence(result);
  const model = reportModel(
    {
      report_type: WALLET_REPORT_TYPE,
      title: WALLET_REPORT_TITLE,
      date,
    },
    {
      executive_summary: [
        outcome,
        ...(near === null ? [] : [near]),
        ...(asset === null ? [] : [asset]),
        ...(format === null ? [] : [format]),
        `Screened against ${editionPhrase(f)}.`,
        ...(f.notice === undefined ? [] : [f.notice]),
        SCREENING_NOTE,
      ],
      headline_metrics: [
        metric("Status", summary.status, undefined, "status"),
        metric("Match count", summary.matchCount, undefined, "count"),
        metric("Manual review recommended", summary.manualReviewRecommended, undefined, "boolean"),
        metric("Near matches", summary.nearMatchCount, undefined, "count"),
        metric("List edition", f.datasetDate, undefined, "date"),
      ],
      tables: {
        wallet_screening_query: fieldValueTable([
          ["Address (as supplied)", query.address],
          ["Normalized address", query.normalizedAddress],
          ["Address format", query.addressFormat],
          ["Asset requested", query.asset ?? ANY_TICKER],
          ["Resolved ticker", query.assetTicker ?? ANY_TICKER],
          [
            "Listed under the requested ticker",
            query.assetListed ?? "Not applicable (no ticker requested)",
          ],
          ["Listed under", query.listedAssets.join(", ")],
          ["Status", summary.status],
          ["Match count", summary.matchCount],
          ["Exact address match", summary.exactAddressMatch],
          ["Manual review recommended", summary.manualReviewRecommended],
          ["Near matches", summary.nearMatchCount],
          ...(query.note === undefined ? [] : ([["Note", query.note]] as const)),
        ]),
        wallet_screening_matches: tableFromRecords(matchRows(matches), MATCH_COLUMNS),
        ...(result.nearMatches.length === 0
          ? {}
          : {
              wallet_screening_near_matches: tableFromRecords(
                nearMatchRows([result], false),
                NEAR_MATCH_COLUMNS,
              ),
            }),
        source_freshness: sourceFreshnessTable(f),
      },
    },
  );
  return withAttestationAppendix(withByline(withListNotices(model, f), date), options.attestation);
}
