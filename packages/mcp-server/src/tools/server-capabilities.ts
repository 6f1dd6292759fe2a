import { BASE_NETWORK, networkNamesOf, type PaymentTerms } from "@svc/payments";
import * as v from "valibot";
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
 * The network paid on, as the terms name it (CAIP-2), its name for people and x402 v1's name for
 * it; Base's when the server was given no terms (the terms' default).
 */
function networkOf(paidOn: ToolDeps["paidOn"]) {
  const network = paidOn?.network ?? BASE_NETWORK;
  const names = networkNamesOf({ network: network as PaymentTerms["network"] });
  return { network, networkLabel: names.label, v1Network: names.v1Network };
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
          ...networkOf(paidOn),
          requiredFor: charged.map((t) => t.name),
          notRequiredFor: free.map((t) => t.name),
          how: `Call a paid tool without payment: the result is isError with the PaymentRequired (x402 v2) as structuredContent. Sign one of its accepts and call the same tool with the same arguments and params._meta["${MCP_PAYMENT.paymentMeta}"] = the PaymentPayload. The receipt comes back in result._meta["${MCP_PAYMENT.receiptMeta}"], once settled. An x402 v1 client pays from the unpaid result's second text (the terms in v1's words) with params._meta["x402.payment"] (its base64 payment); its receipt is in result._meta["x402.payment-response"]. Refused arguments and failed tools are never charged.`,
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
  title: "server_capabilities",
  description:
    "Free. Describes this tool server: identity, transport, which tools need payment and their prices in USDC, how to pay over x402 (v2, and v1), on which network, connection modes and recommended flows.",
  input: Input,
  inputExample: {},
  output: CapabilitiesAnswerSchema,
  pricing: { kind: "free" },
  deadlineMs: 5_000,
  run: async (_input, deps) => ({ success: true, data: capabilitiesOf(deps) }),
});
