import * as v from "valibot";
import { defineOperation } from "../catalog/operation.js";
import { SCREENING_NOTE, SCREENING_SOURCE } from "./screening-constants.js";

export const WalletScreenInputSchema = v.strictObject({
  address: v.pipe(
    v.string("address must be a string"),
    v.minLength(1, "address must not be empty"),
    v.maxLength(256, "address must be at most 256 characters"),
    v.description("The wallet address to screen, as supplied."),
  ),
  asset: v.optional(
    v.pipe(
      v.string("asset must be a string"),
      v.minLength(2, "asset must be 2 to 12 characters"),
      v.maxLength(12, "asset must be 2 to 12 characters"),
      v.description("Optional asset or network ticker filter, e.g. ETH, XBT, USDT."),
    ),
  ),
});

const LAZARUS_ETH = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";

/** Spec route 1: exact-match screening of one address. */
export const ofacWalletScreen = defineOperation({
  name: "ofac_wallet_screen",
  title: "OFAC wallet screen",
  method: "GET",
  path: "/api/ofac-wallet-screen/:address",
  price: "0.01",
  category: "screening",
  tags: ["ofac", "sanctions", "screening", "wallet"],
  description:
    "Screens one wallet address by exact match against OFAC's SDN digital-currency-address designations: match or clear, the sanctioned entity, programs, listing date, list freshness and a manual-review signal.",
  mimeType: "application/json",
  input: WalletScreenInputSchema,
  inputExample: { address: LAZARUS_ETH },
  outputExample: {
    success: true,
    data: {
      query: {
        address: LAZARUS_ETH,
        normalizedAddress: LAZARUS_ETH.toLowerCase(),
        asset: null,
        assetTicker: null,
      },
      summary: {
        status: "match",
        matchCount: 1,
        exactAddressMatch: true,
        manualReviewRecommended: true,
      },
      screeningOnly: true,
      note: SCREENING_NOTE,
    },
    source: SCREENING_SOURCE,
  },
  run: (input, deps) => {
    const result = deps.list.screen(
      input.address,
      input.asset === undefined ? {} : { asset: input.asset },
    );
    return {
      success: true as const,
      data: { ...result, note: SCREENING_NOTE },
      source: SCREENING_SOURCE,
    };
  },
});
