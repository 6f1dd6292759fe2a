import { type JsonSchema, jsonSchemaOf } from "@svc/report-model";
import { PROMPTS } from "../prompts/briefs.js";
import { type AnyPrompt, promptArgumentsOf } from "../prompts/prompt.js";
import { type PaidOn, paidNetworksOf } from "../server/paid-on.js";
import { MCP_PAYMENT, MCP_PROTOCOL_VERSIONS, MCP_SERVER } from "../server/server-info.js";
import { listedTool } from "../server/tool-listing.js";
import { TOOLS } from "../tools/catalog.js";
import { listedPrices } from "../tools/server-capabilities.js";
import type { AnyTool } from "../tools/tool.js";
import { type ConfigNetwork, clientConfigSchemaOf } from "./config-schema.js";
import { iconsAt } from "./icons.js";
import { SERVER_JSON_PATH } from "./server-json.js";

export interface CardOptions {
  /** The API's base URL; the tool server is at `<baseUrl>/mcp`. */
  readonly baseUrl: string;
  readonly tools?: readonly AnyTool[];
  readonly prompts?: readonly AnyPrompt[];
  /**
   * Where the tools are paid: the payment terms, one per network, the default first (default:
   * Base, `eip155:8453`, with no asset or payee to name).
   */
  readonly paidOn?: PaidOn | undefined;
}

/** The client configuration's JSON Schema, derived once per list of networks. */
const configSchemas = new Map<string, JsonSchema>();

/**
 * The payment networks as the card names them, from the payment scheme's table: v1's name, the
 * CAIP-2 id and the label, and the asset and payee when the terms are given.
 */
const cardNetworksOf = (paidOn: PaidOn | undefined) =>
  paidNetworksOf(paidOn).map((n) => ({
    name: n.v1Network ?? n.network,
    id: n.network,
    label: n.networkLabel,
    ...(n.asset === undefined ? {} : { asset: n.asset, payTo: n.payTo }),
  }));

/**
 * `/.well-known/mcp/server-card.json`, the MCP discovery document: identity (with the icon the
 * API serves), the endpoint, no account (Sign-In-With-X for the tools that take it), x402 payment, capabilities, every prompt as
 * `prompts/list` gives it, and every tool whole (`listedTool`: its input schema with every
 * description, and its output schema, which `tools/list` leaves out to stay lean) with its price. The payment names the
 * default network (`paymentNetwork`, `paymentNetworkId`, `paymentNetworkLabel`) and every network
 * paid on with its asset and payee (`paymentNetworks`, the default first).
 */
export function serverCardOf(options: CardOptions) {
  const tools = options.tools ?? TOOLS;
  const prompts: readonly AnyPrompt[] = options.prompts ?? PROMPTS;
  const paymentNetworks = cardNetworksOf(options.paidOn);
  const [network, ...others] = paymentNetworks;
  // Never: without terms the card names Base, the terms' default.
  if (network === undefined) throw new RangeError("a paid server is paid on some network");
  const networks: [ConfigNetwork, ...ConfigNetwork[]] = [network, ...others];
  const key = networks.map((n) => n.id).join(" ");
  let configSchema = configSchemas.get(key);
  if (configSchema === undefined) {
    configSchema = jsonSchemaOf(clientConfigSchemaOf(networks));
    configSchemas.set(key, configSchema);
  }
  return {
    serverInfo: {
      name: MCP_SERVER.name,
      title: MCP_SERVER.title,
      version: MCP_SERVER.version,
      description: MCP_SERVER.description,
      websiteUrl: options.baseUrl,
      icons: iconsAt(options.baseUrl),
    },
    transport: {
      type: "streamable-http",
      url: `${options.baseUrl}/mcp`,
      protocolVersions: MCP_PROTOCOL_VERSIONS,
    },
    // No account; the monitor owners' tools, where served, take a Sign-In-With-X proof per call.
    authentication: {
      required: false,
      schemes: tools.some((t) => t.signIn === true) ? ["sign-in-with-x"] : [],
    },
    configSchema,
    security: {
      userAuthenticationRequired: false,
      paymentRequired: true,
      paymentProtocol: MCP_PAYMENT.protocol,
      paymentAsset: MCP_PAYMENT.asset,
      paymentNetwork: network.name,
      paymentNetworkId: network.id,
      paymentNetworkLabel: network.label,
      paymentNetworks,
    },
    capabilities: { tools: true, resources: false, prompts: true },
    prompts: prompts.map((p) => ({
      name: p.name,
      title: p.title,
      description: p.description,
      arguments: promptArgumentsOf(p),
    })),
    tools: tools.map((t) => ({ ...listedTool(t), priceUsd: listedPrices(t) })),
  };
}

/** `GET /mcp`: what the endpoint is and how to use it, for a person or an agent that looks. */
export function describeEndpoint(options: CardOptions) {
  const card = serverCardOf(options);
  return {
    ...card.serverInfo,
    endpoint: card.transport.url,
    transport:
      "streamable HTTP (MCP); POST JSON-RPC messages here. Stateless: no session id. Protocol 2026-07-28 (server/discover, then the _meta envelope and the MCP-Protocol-Version, Mcp-Method and Mcp-Name headers on every request) and the 2025 revisions (initialize).",
    protocolVersions: MCP_PROTOCOL_VERSIONS,
    payment: {
      ...card.security,
      how: `Call a paid tool; an unpaid call returns isError with the x402 v2 PaymentRequired as structuredContent. Retry the same call with params._meta["${MCP_PAYMENT.paymentMeta}"] set to the signed PaymentPayload; the receipt is in result._meta["${MCP_PAYMENT.receiptMeta}"]. server_capabilities is free.`,
    },
    links: {
      docs: `${options.baseUrl}/mcp/docs`,
      serverCard: `${options.baseUrl}/.well-known/mcp/server-card.json`,
      serverJson: `${options.baseUrl}${SERVER_JSON_PATH}`,
      api: `${options.baseUrl}/api`,
      openapi: `${options.baseUrl}/openapi.json`,
    },
    prompts: card.prompts.map((p) => p.name),
    tools: card.tools.map((t) => ({ name: t.name, priceUsd: t.priceUsd })),
  };
}
