/**
 * Who the service is, said once for every discovery document and page. Only identity lives
 * here: what the service sells (operations, prices, descriptions) always comes from the catalog.
 */
export const SERVICE = {
  name: "OFAC Wallet Sanctions Screening API",
  /** The name directories list it under (the x402 Bazaar's `serviceName`: at most 32 ASCII). */
  listingName: "OFAC Wallet Screening",
  /** What directories file it under (the Bazaar's `tags`: at most 5). */
  tags: ["sanctions", "ofac", "compliance", "crypto", "screening"],
  description:
    "Sanctions screening and compliance reports for crypto wallets: exact-match screening against OFAC's SDN digital-currency-address designations, and the reports built on it. Every call is paid individually in USDC over x402; there are no API keys and no accounts.",
  /** The API description version. */
  version: "1.0.0",
  /** The version of the `/.well-known/x402-aurelian.json` document format. */
  discoveryVersion: 1,
  /** What a screening answer is, and is not. */
  disclaimer:
    "Screening is exact-match only. A result is a screening result and a manual-review signal, not a legal approval or denial.",
} as const;
