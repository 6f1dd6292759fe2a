/** Who the tool server is, said once for the MCP handshake, the server card and the docs. */
export const MCP_SERVER = {
  name: "ofac-wallet-screening",
  title: "OFAC Wallet Sanctions Screening",
  /** The tool server version. */
  version: "0.1.2",
  description:
    "Sanctions screening for crypto wallets by exact match against OFAC's SDN digital-currency addresses, enhanced due diligence memos, Monte Carlo scenario reports and PDF/DOCX rendering of the shared report model.",
  instructions:
    "Screen wallets with ofac_wallet_screen (one) or batch_wallet_screen (up to 100); a match is a manual-review signal, not a legal determination. ofac_wallet_report and edd_report write reports (json, pdf or docx); report_pdf_generate and report_docx_generate render any result's `report`. Call server_capabilities (free) first to see prices and how payment works on this connection.",
} as const;

/** The x402 v2 MCP transport as the server speaks it: payment in `_meta`, receipts in the result's `_meta`. */
export const MCP_PAYMENT = {
  protocol: "x402",
  version: 2,
  asset: "USDC",
  /** The tool server labels Base `base` (CAIP-2 `eip155:8453` in the terms). */
  network: "base",
  paymentMeta: "x402/payment",
  receiptMeta: "x402/payment-response",
} as const;
