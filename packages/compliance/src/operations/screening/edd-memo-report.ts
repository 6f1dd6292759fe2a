import type { BatchScreenResult } from "@svc/ofac-index";
import {
  formatStatus,
  metric,
  type ReportModelInput,
  reportModel,
  type TableInput,
  tableFromRecords,
  type WireScalar,
} from "@svc/report-model";
import type { ScreeningAttestation } from "../../attestation/attest.js";
import { withAttestationAppendix } from "./attestation-appendix.js";
import type { EddCase } from "./edd-case.js";
import type { EddMemo } from "./edd-memo.js";
import { eddSignOff } from "./edd-sign-off.js";
import { withListNotices } from "./list-warning.js";
import {
  describeNearMatch,
  listForProse,
  NEAR_MATCH_RULE,
  noneMatch,
  plural,
  someMatch,
} from "./match-text.js";
import { SERVICE_AUTHOR } from "./report-byline.js";
import {
  fieldValueTable,
  matchRows,
  NEAR_MATCH_COLUMNS,
  nearMatchRows,
  sourceFreshnessTable,
  walletResultRows,
} from "./report-tables.js";
import { SCREENING_NOTE } from "./screening-constants.js";
import { DATASET_SHA256_LABEL, sourceDescription } from "./source-description.js";

export const EDD_REPORT_TYPE = "enhanced-due-diligence";

/** A memo's title: its case name, else "Enhanced Due Diligence Memo - <subject>". */
const eddTitle = (c: EddCase): string =>
  c.caseName ?? `Enhanced Due Diligence Memo - ${c.subjectName}`;

/** Who the document says prepared it: the screening is automated, the sign-off is not. */
const EDD_AUTHOR = SERVICE_AUTHOR;

/** Where the memo states the edition screened (source, date of issue, SHA-256): once. */
const SCOPE_PART = "Scope and method";

const NOT_PROVIDED = "Not provided";

const numbered = (column: string, lines: readonly string[]): TableInput =>
  tableFromRecords(
    lines.map((line, i) => ({ item: i + 1, [column]: line })),
    ["item", column],
  );

/** Terms a reader of the memo meets, defined where the file will be read without the API. */
const DEFINITIONS: readonly (readonly [string, string])[] = [
  [
    "Match",
    "The wallet's canonical form equals an address OFAC published on the SDN list, under any ticker (an SDN's address is blocked whatever the asset).",
  ],
  ["Clear", "No exact match in the edition screened; not a statement that the wallet is safe."],
  [
    "Manual review required",
    "At least one wallet matches: a human reviewer must dispose of each match before proceeding.",
  ],
  ["Screening complete, no exact match", "Every wallet was screened and none matches exactly."],
  [
    "Near match",
    "A clear wallet within two characters of a listed address, equal to one but for letter case, or sharing its first 6 and last 4 characters (the shape of an address-poisoning look-alike). It is not a match; a reviewer compares it with the listed address.",
  ],
  [
    "SDN",
    "Specially Designated Nationals and Blocked Persons list, published by the U.S. Treasury's Office of Foreign Assets Control (OFAC).",
  ],
  [
    "Edition",
    "One publication of the list, identified by OFAC's date of issue and the SHA-256 of the SDN Advanced XML file as OFAC publishes it (uncompressed: the file signature OFAC prints beside it), not of a compressed copy.",
  ],
];

/**
 * The EDD memo as the shared report model. Variant A has no free sections, so the
 * memo's parts are tables in reading order: case, scope and method, freshness, per-wallet
 * results, matched designations, evidence, recommendation, follow-up and limitations; then the
 * sign-off form (`sign_off`: a disposition row per matched or near-matched wallet, the approval
 * lines), which documents print on one page with the attestation's evidence; the appendix (designation detail, definitions) goes to `workbook_rows`,
 * which documents print as an appendix and spreadsheets as extra sheets. A signed screening's
 * attestation closes the appendix.
 */
export function eddMemoReport(
  c: EddCase,
  memo: EddMemo,
  batch: BatchScreenResult,
  attestation?: ScreeningAttestation,
): ReportModelInput {
  const { summary: s, results, sourceFreshness: f } = batch;
  const scope = memo.scope;
  const status = formatStatus(memo.workflowStatus);
  const matchedWallets = results.flatMap((r, i) =>
    r.summary.status === "match" ? [`#${i + 1} ${r.query.address}`] : [],
  );
  const nearWallets = results.flatMap((r, i) =>
    r.nearMatches.length === 0
      ? []
      : [`#${i + 1} ${r.query.address} near ${r.nearMatches.map(describeNearMatch).join(", ")}`],
  );
  const meta = {
    report_type: EDD_REPORT_TYPE,
    title: eddTitle(c),
    date: memo.memoDate,
    author: EDD_AUTHOR,
    // Not a named member of the wire schema but read by every renderer (report_meta is open).
    subtitle: [
      `Subject: ${c.subjectName}`,
      ...(c.referenceId === null ? [] : [`Reference: ${c.referenceId}`]),
      `Workflow status: ${status}`,
    ].join("  |  "),
  };
  const model = reportModel(meta, {
    executive_summary: [
      `This memo records the enhanced due diligence sanctions screening of ${plural(s.totalScreened, "wallet address", "wallet addresses")} associated with ${c.subjectName}${c.referenceId === null ? "" : ` (reference ${c.referenceId})`}${c.requestedBy === null ? "" : `, requested by ${c.requestedBy}`}${c.reviewReason === null ? "" : `. Trigger: ${c.reviewReason}`}.`,
      s.matchCount > 0
        ? `Outcome: ${someMatch(s.matchCount, s.totalScreened, "submitted wallet")} the OFAC SDN list exactly (${listForProse(matchedWallets)}), designated to ${listForProse(memo.matchedParties.map((p) => `${p.entityName} (${p.programs.join(", ")}; listed ${p.listedOn ?? "date not given"})`))}. Workflow status: ${status}.`
        : `Outcome: ${noneMatch(s.totalScreened, "submitted wallet")} an OFAC SDN digital-currency address exactly. Workflow status: ${status}.`,
      ...(nearWallets.length === 0
        ? []
        : [
            `Near matches: ${plural(nearWallets.length, "clear wallet is", "clear wallets are")} near a listed address (${listForProse(nearWallets)}). ${NEAR_MATCH_RULE}.`,
          ]),
      `Recommendation: ${memo.recommendation}`,
      `Method: exact-match screening against the SDN list edition of ${scope.editionDate} (its source and SHA-256 under ${SCOPE_PART})${scope.assetFilter === null ? "" : `; asset ${scope.assetFilter} requested, which orders the matches and never hides one listed under another ticker`}.`,
      ...(f.notice === undefined ? [] : [f.notice]),
      SCREENING_NOTE,
    ],
    headline_metrics: [
      metric("Workflow status", memo.workflowStatus, undefined, "status"),
      metric("Total screened", s.totalScreened, undefined, "count"),
      metric("Match count", s.matchCount, undefined, "count"),
      metric("Near matches", s.nearMatchCount, undefined, "count"),
      metric("Manual review required", s.manualReviewRecommended, undefined, "boolean"),
    ],
    tables: {
      case_metadata: fieldValueTable([
        ["Subject", c.subjectName],
        ["Case name", c.caseName ?? NOT_PROVIDED],
        ["Reference ID", c.referenceId ?? NOT_PROVIDED],
        ["Review reason (trigger)", c.reviewReason ?? NOT_PROVIDED],
        ["Jurisdiction", c.jurisdiction ?? NOT_PROVIDED],
        ["Requested by", c.requestedBy ?? NOT_PROVIDED],
        ["Memo date", memo.memoDate],
        ["Wallets in scope", s.totalScreened],
      ]),
      scope_and_method: fieldValueTable([
        ["List screened", scope.list],
        ["Source format", scope.sourceFormat],
        ["Source", sourceDescription({ sourceUrl: scope.sourceUrl, sample: scope.sampleEdition })],
        ["Edition (OFAC date of issue)", scope.editionDate],
        [DATASET_SHA256_LABEL, scope.datasetSha256],
        ["Match rule", scope.matchRule],
        [
          "Asset requested",
          scope.assetFilter === null
            ? "None: designations under every ticker count"
            : `${scope.assetFilter}: its designations listed first; designations under every ticker count`,
        ],
        ["Wallets submitted", scope.walletsSubmitted],
        ["Distinct wallets", scope.distinctWallets],
      ]),
      source_freshness: sourceFreshnessTable(f, { statedUnder: SCOPE_PART }),
      screening_results: tableFromRecords(walletResultRows(results), [
        "position",
        "address",
        "status",
        "match_count",
        "matched_entities",
        ...(nearWallets.length === 0 ? [] : ["near_match"]),
      ]),
      ...(nearWallets.length === 0
        ? {}
        : {
            near_matches: tableFromRecords(nearMatchRows(results, true), [
              "position",
              ...NEAR_MATCH_COLUMNS,
            ]),
          }),
      // Narrower than the single report's match table: the memo states the list, measures and
      // addresses elsewhere, and a portrait page has room for seven readable columns.
      matched_designations: tableFromRecords(
        results.flatMap((r, i) => matchRows(r.matches, i + 1)),
        ["position", "entity_name", "party_type", "asset", "programs", "listed_on", "entry_id"],
      ),
      evidence: numbered("evidence", memo.evidenceSummary),
      recommendation: fieldValueTable([
        ["Decision", memo.decision],
        ["Recommendation", memo.recommendation],
        ["Workflow status", status],
      ]),
      required_follow_up: numbered("action", memo.requiredFollowUp),
      limitations: numbered("limitation", memo.limitations),
    },
    sign_off: eddSignOff(memo),
    workbook_rows: {
      ...(s.matchCount === 0
        ? {}
        : {
            appendix_designation_detail: results.flatMap((r, i) =>
              r.matches.map(
                (m): Record<string, WireScalar> => ({
                  position: i + 1,
                  entity_name: m.entityName,
                  published_address: m.address,
                  source_type: m.sourceType,
                  reliability: m.reliability,
                  entry_id: m.entryId,
                  identity_id: m.identityId,
                  feature_ids: m.featureIds.join(", "),
                  aliases: m.aliases.join("; "),
                }),
              ),
            ),
          }),
      appendix_definitions: DEFINITIONS.map(([term, definition]) => ({ term, definition })),
    },
  });
  return withAttestationAppendix(withListNotices(model, f), attestation);
}
