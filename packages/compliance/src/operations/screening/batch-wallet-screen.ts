import type { BatchScreenResult } from "@svc/ofac-index";
import type * as v from "valibot";
import { defineOperation } from "../../catalog/operation.js";
import { BatchWalletScreenAnswerSchema } from "./answer-schemas.js";
import {
  BATCH_REPORT_TITLE,
  BATCH_REPORT_TYPE,
  batchScreeningReport,
} from "./batch-screening-report.js";
import { DOCUMENT_ENDPOINTS, type ScreeningEnvelope, screeningEnvelope } from "./envelope.js";
import { addressesField, assetField, screenOptions, strictInput } from "./input-fields.js";
import {
  CLEAR_ETH,
  EXAMPLE_BATCH_SUMMARY,
  EXAMPLE_FRESHNESS,
  LAZARUS_ETH,
} from "./sample-addresses.js";
import { attestScreening } from "./screening-attestation.js";
import { checkScreenableMany } from "./screening-checks.js";
import { SCREENING_SOURCE } from "./screening-constants.js";

export const BatchWalletScreenInputSchema = strictInput({
  addresses: addressesField(
    "1 to 100 wallet addresses to screen. Results follow this order; a repeated address is screened and reported at each of its positions and counted each time.",
  ),
  asset: assetField,
});

export type BatchWalletScreenInput = v.InferOutput<typeof BatchWalletScreenInputSchema>;

/**
 * The batch screening's `data`: the index's batch result as it is. Each `results[]` item holds
 * `query` and `summary` and also its `matches`: without them a caller would need
 * a second paid call per hit to learn who matched.
 */
type BatchWalletScreenData = BatchScreenResult;

export type BatchWalletScreenAnswer = ScreeningEnvelope<BatchWalletScreenData>;

/**
 * Batch screening (POST /api/workflows/compliance/batch-wallet-screen): a batch with a proceed-or-pause decision. One invalid entry refuses the whole
 * batch (INVALID_ADDRESS with its path, `addresses[3]`): a partial batch must never be read as
 * a complete one.
 */
export const batchWalletScreen = defineOperation({
  name: "batch_wallet_screen",
  title: "Batch wallet screen",
  method: "POST",
  path: "/api/workflows/compliance/batch-wallet-screen",
  price: "0.10",
  // Up to 100 lookups and a report model, in memory (~4 ms at 100 addresses).
  deadlineMs: 10_000,
  // 100 addresses of at most 256 characters: about 26 KB.
  maxBodyBytes: 64 * 1024,
  category: "workflow",
  tags: ["ofac", "sanctions", "screening", "wallet", "batch"],
  description:
    "Screens up to 100 wallet addresses by exact match against OFAC's SDN digital-currency addresses: per-wallet results in request order, listed addresses near clear ones (nearMatches), and one decision: manual_review_required if any wallet matches, else screening_complete_no_exact_match. A batch holding a string that is no address is refused (INVALID_ADDRESS), not charged.",
  mimeType: "application/json",
  input: BatchWalletScreenInputSchema,
  inputExample: { addresses: [LAZARUS_ETH, CLEAR_ETH] },
  output: BatchWalletScreenAnswerSchema,
  outputExample: {
    success: true,
    data: {
      query: {
        addresses: [LAZARUS_ETH, CLEAR_ETH],
        normalizedAddresses: [LAZARUS_ETH.toLowerCase(), CLEAR_ETH.toLowerCase()],
        asset: null,
      },
      summary: EXAMPLE_BATCH_SUMMARY,
      results: [
        {
          query: { address: LAZARUS_ETH, normalizedAddress: LAZARUS_ETH.toLowerCase() },
          summary: { status: "match", matchCount: 1, manualReviewRecommended: true },
        },
        {
          query: { address: CLEAR_ETH, normalizedAddress: CLEAR_ETH.toLowerCase() },
          summary: { status: "clear", matchCount: 0, manualReviewRecommended: false },
        },
      ],
      sourceFreshness: EXAMPLE_FRESHNESS,
      screeningOnly: true,
    },
    report: {
      report_meta: { report_type: BATCH_REPORT_TYPE, title: BATCH_REPORT_TITLE },
      headline_metrics: [
        { label: "Workflow status", value: "manual_review_required" },
        { label: "Total screened", value: 2 },
        { label: "Match count", value: 1 },
        { label: "Clear count", value: 1 },
        { label: "Near matches", value: 0 },
        { label: "Manual review recommended", value: true },
      ],
    },
    artifacts: { document_endpoints: DOCUMENT_ENDPOINTS },
    source: SCREENING_SOURCE,
  },
  check: (input, deps) => checkScreenableMany(input, deps),
  run: async (input: BatchWalletScreenInput, deps, context): Promise<BatchWalletScreenAnswer> => {
    const batch = deps.list.screenMany(input.addresses, screenOptions(input.asset));
    const attestation = await attestScreening(context, batch);
    return screeningEnvelope(batch, batchScreeningReport(batch, { attestation }), attestation);
  },
});
