import type * as v from "valibot";
import { defineOperation } from "../../catalog/operation.js";
import { WalletScreeningAnswerSchema } from "./answer-schemas.js";
import { DOCUMENT_ENDPOINTS } from "./envelope.js";
import { addressField, assetField, screenOptions, strictInput } from "./input-fields.js";
import { MATCH_COLUMNS } from "./report-tables.js";
import {
  EXAMPLE_FRESHNESS,
  EXAMPLE_MATCH_SUMMARY,
  exampleWalletQuery,
  LAZARUS_ETH,
} from "./sample-addresses.js";
import { attestScreening } from "./screening-attestation.js";
import { checkScreenable } from "./screening-checks.js";
import { SCREENING_NOTE, SCREENING_SOURCE } from "./screening-constants.js";
import { walletScreeningAnswer } from "./wallet-screening-answer.js";
import { WALLET_REPORT_TITLE, WALLET_REPORT_TYPE } from "./wallet-screening-report.js";

export const WalletSanctionsReportInputSchema = strictInput({
  address: addressField("address", "The wallet address to screen and report on, as supplied."),
  asset: assetField,
});

export type WalletSanctionsReportInput = v.InferOutput<typeof WalletSanctionsReportInputSchema>;

/**
 * The single-address report payload. The same screening as GET /api/ofac-wallet-screen/:address,
 * as a POST with a strict body for workflow tools; the answer (data and report) is the GET's.
 */
export const walletSanctionsReport = defineOperation({
  name: "wallet_sanctions_report",
  title: "Wallet sanctions report",
  method: "POST",
  path: "/api/workflows/compliance/wallet-sanctions-report",
  price: "0.04",
  // One lookup and a report model built in memory, no rendering (~1 ms).
  deadlineMs: 5_000,
  // One address and an asset.
  maxBodyBytes: 16 * 1024,
  category: "workflow",
  tags: ["ofac", "sanctions", "screening", "wallet", "report"],
  description:
    "Screens one wallet address by exact match against OFAC's SDN digital-currency addresses and returns the match details, any listed address near it (nearMatches), list freshness and a ready-to-render report model for the PDF, DOCX or XLSX routes. A string that is no well-formed address is refused (INVALID_ADDRESS) and not charged.",
  mimeType: "application/json",
  input: WalletSanctionsReportInputSchema,
  inputExample: { address: LAZARUS_ETH, asset: "ETH" },
  output: WalletScreeningAnswerSchema,
  outputExample: {
    success: true,
    data: {
      query: exampleWalletQuery("ETH"),
      summary: EXAMPLE_MATCH_SUMMARY,
      matches: [
        {
          entityName: "Lazarus Group",
          asset: "ETH",
          address: LAZARUS_ETH,
          normalizedAddress: LAZARUS_ETH.toLowerCase(),
          listName: "SDN List",
          listedOn: "2019-09-13",
          programs: ["DPRK3"],
          sourceType: "Digital Currency Address - ETH",
        },
      ],
      sourceFreshness: EXAMPLE_FRESHNESS,
      screeningOnly: true,
      note: SCREENING_NOTE,
    },
    report: {
      report_meta: { report_type: WALLET_REPORT_TYPE, title: WALLET_REPORT_TITLE },
      tables: {
        wallet_screening_matches: { columns: [...MATCH_COLUMNS] },
      },
    },
    artifacts: { document_endpoints: DOCUMENT_ENDPOINTS },
    source: SCREENING_SOURCE,
  },
  check: (input, deps) => checkScreenable(input, deps),
  run: async (input: WalletSanctionsReportInput, deps, context) => {
    const result = deps.list.screen(input.address, screenOptions(input.asset));
    return walletScreeningAnswer(result, await attestScreening(context, result));
  },
});
