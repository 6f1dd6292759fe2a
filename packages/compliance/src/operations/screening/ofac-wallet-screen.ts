import type * as v from "valibot";
import { defineOperation } from "../../catalog/operation.js";
import { WalletScreeningAnswerSchema } from "./answer-schemas.js";
import { DOCUMENT_ENDPOINTS } from "./envelope.js";
import { addressField, assetField, screenOptions, strictInput } from "./input-fields.js";
import { EXAMPLE_MATCH_SUMMARY, exampleWalletQuery, LAZARUS_ETH } from "./sample-addresses.js";
import { attestScreening } from "./screening-attestation.js";
import { checkScreenable } from "./screening-checks.js";
import { SCREENING_NOTE, SCREENING_SOURCE } from "./screening-constants.js";
import { walletScreeningAnswer } from "./wallet-screening-answer.js";
import { WALLET_REPORT_TITLE, WALLET_REPORT_TYPE } from "./wallet-screening-report.js";

export const WalletScreenInputSchema = strictInput({
  address: addressField("address", "The wallet address to screen, as supplied."),
  asset: assetField,
});

export type WalletScreenInput = v.InferOutput<typeof WalletScreenInputSchema>;

/** Exact-match screening of one address. */
export const ofacWalletScreen = defineOperation({
  name: "ofac_wallet_screen",
  title: "OFAC wallet screen",
  method: "GET",
  path: "/api/ofac-wallet-screen/:address",
  price: "0.01",
  // One exact lookup in the in-memory index (~2 ms); 5 s is only ever reached by a stalled process.
  deadlineMs: 5_000,
  category: "screening",
  tags: ["ofac", "sanctions", "screening", "wallet"],
  description:
    "Screens one wallet address by exact match against OFAC's SDN digital-currency-address designations: match or clear, the sanctioned entity, programs, listing date, list freshness, a manual-review signal, and any listed address near a clear one (nearMatches). A string that is no address is refused (INVALID_ADDRESS) and not charged.",
  mimeType: "application/json",
  input: WalletScreenInputSchema,
  inputExample: { address: LAZARUS_ETH },
  output: WalletScreeningAnswerSchema,
  outputExample: {
    success: true,
    data: {
      query: exampleWalletQuery(null),
      summary: EXAMPLE_MATCH_SUMMARY,
      screeningOnly: true,
      note: SCREENING_NOTE,
    },
    report: {
      report_meta: { report_type: WALLET_REPORT_TYPE, title: WALLET_REPORT_TITLE },
      headline_metrics: [
        { label: "Status", value: "match" },
        { label: "Match count", value: 1 },
        { label: "Manual review recommended", value: true },
        { label: "Near matches", value: 0 },
        { label: "List edition", value: "2025-11-19" },
      ],
    },
    artifacts: { document_endpoints: DOCUMENT_ENDPOINTS },
    source: SCREENING_SOURCE,
  },
  check: (input, deps) => checkScreenable(input, deps),
  run: async (input: WalletScreenInput, deps, context) => {
    const result = deps.list.screen(input.address, screenOptions(input.asset));
    return walletScreeningAnswer(result, await attestScreening(context, result));
  },
});
