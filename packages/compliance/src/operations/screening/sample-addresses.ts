/**
 * Addresses the operation examples use. The examples run against the embedded sample in tests
 * (their answers must match), so the listed one is in the sample and the clear one is not.
 */

/** Lazarus Group's ETH address (SDN List, DPRK3, listed 2019-09-13): a real designation. */
export const LAZARUS_ETH = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";

/** A well-known, undesignated ETH address (the Ethereum Foundation's old multisig). */
export const CLEAR_ETH = "0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe";

/** The parts of the screening examples that recur across the four screening routes (checked by real runs). */
export const exampleWalletQuery = (asset: string | null) => ({
  address: LAZARUS_ETH,
  normalizedAddress: LAZARUS_ETH.toLowerCase(),
  asset,
  assetTicker: asset,
});

export const EXAMPLE_MATCH_SUMMARY = {
  status: "match",
  matchCount: 1,
  exactAddressMatch: true,
  manualReviewRecommended: true,
  nearMatchCount: 0,
} as const;

/** The batch of [LAZARUS_ETH, CLEAR_ETH]. */
export const EXAMPLE_BATCH_SUMMARY = {
  totalScreened: 2,
  matchCount: 1,
  clearCount: 1,
  nearMatchCount: 0,
  manualReviewRecommended: true,
  workflowStatus: "manual_review_required",
} as const;

export const EXAMPLE_FRESHNESS = { datasetPublishedAt: "2025-11-19T00:00:00.000Z" } as const;
