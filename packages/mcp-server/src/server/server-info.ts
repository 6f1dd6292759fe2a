import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/server";
import { type Icon, SERVER_ICONS } from "../card/icons.js";

/**
 * The protocol revisions the server answers, newest first: the stateless 2026-07-28 (the SDK's
 * per-request and stdio entries serve it) and every 2025-era revision the SDK still negotiates
 * through the `initialize` handshake.
 */
export const MCP_PROTOCOL_VERSIONS: readonly string[] = [
  "2026-07-28",
  ...SUPPORTED_PROTOCOL_VERSIONS,
];

/** Who the tool server is, said once for the MCP handshake, the server card, server.json and the docs. */
export const MCP_SERVER = {
  name: "ofac-wallet-screening",
  title: "OFAC Wallet Sanctions Screening",
  /** The tool server version. */
  version: "0.1.2",
  /** The one-line description the MCP registry lists (at most 100 characters). */
  summary:
    "OFAC SDN screening for crypto wallets, EDD memos and reports; hosted calls paid in USDC via x402.",
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
  paymentMeta: "x402/payment",
  receiptMeta: "x402/payment-response",
} as const;

/**
 * The local proxy that pays the hosted tools for a client that cannot (`svc-mcp --remote <URL>`,
 * paying from X402_PRIVATE_KEY within its limits), as paid tools' descriptions and unpaid results
 * name it.
 */
export const MCP_PAYING_PROXY = {
  command: "svc-mcp --remote",
  pays: "pays for clients without an x402 wallet",
} as const;

/**
 * The standalone tool server as published: the npm package whose `svc-mcp` binary speaks stdio
 * (`npx -y @svc/mcp`). Its version is the package's (apps/mcp/package.json; a test holds them equal).
 */
export const MCP_PACKAGE = {
  registryType: "npm",
  identifier: "@svc/mcp",
  version: "0.1.0",
  bin: "svc-mcp",
} as const;

/** The handshake's `serverInfo` (the protocol's Implementation): who, which version, and the icon. */
export const serverInfoOf = (): {
  name: string;
  title: string;
  version: string;
  icons: Icon[];
} => ({
  name: MCP_SERVER.name,
  title: MCP_SERVER.title,
  version: MCP_SERVER.version,
  icons: SERVER_ICONS,
});
