import * as v from "valibot";
import { paidNetworksOf } from "../server/paid-on.js";
import { MCP_PAYMENT, MCP_PROTOCOL_VERSIONS, MCP_SERVER } from "../server/server-info.js";
import { type AnyTool, defineTool, type ToolDeps } from "./tool.js";

const Input = v.strictObject(
  {},
  (issue) => `unknown member ${issue.received}: server_capabilities takes no arguments`,
);

/** A tool's prices as listed: one price, or one per output format. */
export function listedPrices(tool: AnyTool): Record<string, string> | null {
  if (tool.pricing.kind === "free") return null;
  return { default: tool.pricing.price, ...tool.pricing.byOutputFormat };
}

/**
 * The networks paid on, as the terms name them (CAIP-2), with their names for people and x402
 * v1, asset and payee: the default's at the top (`network`, `networkLabel`, `v1Network`, what a
 * client of one network reads), every network in `networks`. Base's when the server was given
 * no terms (the terms' default).
 */
function networksOf(paidOn: ToolDeps["paidOn"]) {
  const networks = paidNetworksOf(paidOn);
  const [first] = networks;
  return {
    network: first?.network,
    networkLabel: first?.networkLabel,
    v1Network: first?.v1Network,
    networks,
  };
}

/** What a payer signs, by CAIP-2 namespace: said where a network other than an EVM one is served. */
const SIGNED_ON: Readonly<Record<string, string>> = {
  eip155: "an EIP-3009 authorization",
  solana:
    "a USDC TransferChecked transaction to the payee's token account, partially signed by the payer, whose fee payer is the facilitator named in the entry's extra.feePayer (e.g. @x402/svm's ExactSvmScheme client)",
};

/**
 * How a payment is signed on each network served, when not every one takes an EIP-3009
 * authorization (the `how` of a service paid on Base alone says nothing more).
 */
function signingNoteOf(paidOn: ToolDeps["paidOn"]): string {
  const networks = paidNetworksOf(paidOn);
  if (networks.every((n) => n.network.startsWith("eip155:"))) return "";
  const clauses = networks.map(
    (n) =>
      `in ${n.networkLabel}, ${SIGNED_ON[n.network.split(":")[0] ?? ""] ?? "x402's exact payment"}`,
  );
  return ` The PaymentRequired has one accepts entry per network (\`networks\`); sign one: ${clauses.join("; ")}.`;
}

/** What a client needs to know before its first paid call, derived from the tools served. */
function capabilitiesOf({ tools, paid, paidOn }: Pick<ToolDeps, "tools" | "paid" | "paidOn">) {
  const free = tools.filter((t) => t.pricing.kind === "free" || !paid);
  const charged = tools.filter((t) => t.pricing.kind === "paid" && paid);
  return {
    server: {
      name: MCP_SERVER.name,
      title: MCP_SERVER.title,
      version: MCP_SERVER.version,
      description: MCP_SERVER.description,
    },
    transport: paid ? "streamable-http (hosted, paid)" : "local (standalone, free)",
    protocolVersions: MCP_PROTOCOL_VERSIONS,
    capabilities: { tools: true, prompts: true, resources: false },
    payment: paid
      ? {
          required: true,
          protocol: `${MCP_PAYMENT.protocol} v${MCP_PAYMENT.version} (and v1)`,
          asset: MCP_PAYMENT.asset,
          ...networksOf(paidOn),
          requiredFor: charged.map((t) => t.name),
          notRequiredFor: free.map((t) => t.name),
          how: `Call a paid tool without payment: the result is isError with the PaymentRequired (x402 v2) as structuredContent. Sign one of its accepts and call the same tool with the same arguments and params._meta["${MCP_PAYMENT.paymentMeta}"] = the PaymentPayload. The receipt comes back in result._meta["${MCP_PAYMENT.receiptMeta}"], once settled. An x402 v1 client pays from the unpaid result's last text (the terms in v1's words) with params._meta["x402.payment"] (its base64 payment); its receipt is in result._meta["x402.payment-response"]. Refused arguments and failed tools are never charged.${signingNoteOf(paidOn)}`,
        }
      : {
          required: false,
          requiredFor: [],
          notRequiredFor: tools.map((t) => t.name),
          how: "This server runs the libraries locally: every tool is free and nothing leaves the machine.",
        },
    connectionModes: [
      { mode: "streamable-http", where: "POST /mcp on the API (paid, x402)" },
      { mode: "stdio", where: "svc-mcp (standalone, free, offline)" },
      { mode: "streamable-http", where: "svc-mcp --http PORT (standalone, free)" },
      {
        mode: "stdio",
        where:
          "svc-mcp --remote <URL of a hosted /mcp> (a local proxy paying the hosted tools from X402_PRIVATE_KEY, within per-call and total limits)",
      },
    ],
    recommendedFlows: [
      "Check the list first (free): list_status says which edition screening runs on, how old it is, and whether it is the embedded sample.",
      "Screen: ofac_wallet_screen for one address, batch_wallet_screen for up to 100.",
      "Report: ofac_wallet_report (json, pdf or docx) for one address; edd_report for a subject's wallets.",
      "Forecast and prioritize: exposure_forecast for the chance that wallets become exact matches within a horizon; queue_optimize to order a review queue within a budget.",
      "File: pass any result's `report` to report_pdf_generate or report_docx_generate.",
      "Decide: monte_carlo_decision_report for a scenario decision; monte_carlo_report to file it.",
    ],
    tools: {
      free: free.map((t) => t.name),
      paid: charged.map((t) => ({ name: t.name, priceUsd: listedPrices(t) })),
    },
  };
}

const ToolNames = v.array(v.string());

/** The answer of `server_capabilities` (`capabilitiesOf` in `data`). */
const CapabilitiesAnswerSchema = v.object({
  success: v.literal(true),
  data: v.looseObject({
    server: v.looseObject({ name: v.string(), version: v.string() }),
    transport: v.string(),
    payment: v.looseObject({
      required: v.boolean(),
      requiredFor: ToolNames,
      notRequiredFor: ToolNames,
      how: v.string(),
    }),
    recommendedFlows: v.array(v.string()),
    tools: v.object({
      free: ToolNames,
      paid: v.array(
        v.object({
          name: v.string(),
          priceUsd: v.nullable(v.record(v.string(), v.string())),
        }),
      ),
    }),
  }),
});

/** `server_capabilities`: free; the capability and connection check. */
export const serverCapabilitiesTool = defineTool<Record<string, never>>({
  name: "server_capabilities",
  title: "Server capabilities and prices",
  description:
    "Free. Describes this tool server: identity, transport, which tools need payment and their prices in USDC, how to pay over x402 (v2, and v1), on which network, connection modes and recommended flows.",
  input: Input,
  inputExample: {},
  output: CapabilitiesAnswerSchema,
  pricing: { kind: "free" },
  deadlineMs: 5_000,
  run: async (_input, deps) => ({ success: true, data: capabilitiesOf(deps) }),
});
