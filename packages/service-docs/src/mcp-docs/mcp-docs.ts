import {
  type AnyPrompt,
  type AnyTool,
  listedPrices,
  listedTool,
  MCP_PAYMENT,
  MCP_SERVER,
  PROMPTS,
  promptArgumentsOf,
  TOOLS,
} from "@svc/mcp-server";
import {
  atomicUsdc,
  displayPrice,
  networkNamesOf,
  type PaymentTerms,
  toolResourceUrl,
} from "@svc/payments";
import { defaultTermsOf, servedNetworksOf } from "../networks/served-networks.js";
import { signingWayOf } from "../networks/signing-ways.js";
import { discoveryUrls } from "../service/discovery-paths.js";

/** The tools and prompts a tool server serves (the package's nine and six unless told). */
export interface McpCatalog {
  readonly tools: readonly AnyTool[];
  readonly prompts: readonly AnyPrompt[];
}

export const DEFAULT_MCP_CATALOG: McpCatalog = {
  tools: TOOLS,
  prompts: PROMPTS,
};

/** What the MCP documents are derived from, resolved for one request. */
export interface McpDocsContext {
  /** The public base URL, without a trailing slash; the tool server is at `<baseUrl>/mcp`. */
  readonly baseUrl: string;
  /**
   * Who is paid, where: the same terms the tools' payment gates use, one per network paid on
   * (the default first). Never empty.
   */
  readonly terms: readonly PaymentTerms[];
}

/** The name client configurations give the server (`mcpServers.<name>`). */
const MCP_CLIENT_NAME = "ofac-screening";

/** The free standalone server: the same tools over stdio, on the local machine. */
const STANDALONE_BIN = "svc-mcp";
/** Where the standalone server's entry is, as a client configuration names it. */
const STANDALONE_MAIN = "/absolute/path/to/apps/mcp/dist/main.js";

/** A tool's price for people: "Free", "$0.01 USDC", or the default and the per-format prices. */
export function toolPriceLabel(prices: Record<string, string> | null): string {
  if (prices === null) return "Free";
  const { default: base, ...byFormat } = prices;
  const formats = Object.entries(byFormat);
  const main = displayPrice(base ?? "0");
  if (formats.length === 0) return main;
  return `${main}; output_format ${formats.map(([f, p]) => `${f}: ${displayPrice(p)}`).join(", ")}`;
}

/** One tool as the docs list it: its listing, its price(s) and what its challenge will ask. */
function toolDocOf(tool: AnyTool, endpoint: string) {
  const listed = listedTool(tool);
  const prices = listedPrices(tool);
  return {
    name: listed.name,
    title: listed.title,
    description: listed.description,
    free: prices === null,
    price: toolPriceLabel(prices),
    priceUsd: prices,
    /** The `accepts[].amount` of the tool's PaymentRequired, in atomic USDC (price × 10^6). */
    amount:
      prices === null
        ? null
        : Object.fromEntries(Object.entries(prices).map(([k, p]) => [k, atomicUsdc(p)])),
    paymentResource: prices === null ? null : toolResourceUrl(endpoint, listed.name),
    inputSchema: listed.inputSchema,
    inputExample: tool.inputExample as unknown,
    outputSchema: listed.outputSchema,
    annotations: listed.annotations,
  };
}

export type ToolDoc = ReturnType<typeof toolDocOf>;

/** The signing step on one network: "in USDC on Base (eip155:8453), an EIP-3009 …, e.g. with …". */
const signingStepOf = (terms: PaymentTerms): string => {
  const way = signingWayOf(terms.network);
  return `in ${networkNamesOf(terms).label} (${terms.network}), ${way.signs(terms)}, e.g. with ${way.mcpClient}`;
};

/** The x402 v2 MCP transport in four steps, for people and agents alike, on every network served. */
const mcpPaymentSteps = (terms: readonly PaymentTerms[]): readonly string[] => [
  "Call the paid tool with its arguments and no payment. The result is isError with the x402 v2 PaymentRequired as structuredContent (and as its JSON text): resource the endpoint's URL with the tool (<endpoint>?tool=<name>; mcp://tool/<name> is taken in payments too), and accepts with the amount in atomic USDC (price × 10^6), the asset, payTo and maxTimeoutSeconds.",
  `Sign an exact payment for one of its accepts entries (one per network paid on): ${terms.map(signingStepOf).join("; ")}.`,
  `Call the same tool with the same arguments and params._meta["${MCP_PAYMENT.paymentMeta}"] set to the PaymentPayload object.`,
  `The result carries the answer and the settlement receipt in result._meta["${MCP_PAYMENT.receiptMeta}"], always once settled. An x402 v1 client (x402-mcp) pays from the terms in v1's words (the unpaid result's last text), sends its base64 payment in params._meta["x402.payment"] and gets the receipt in result._meta["x402.payment-response"]. Arguments are validated after payment: a refused argument is an isError result with code INVALID_INPUT (or INVALID_ADDRESS for a string that is no address) and its issues, is never charged, and the same payment may be sent again with corrected arguments. A tool that fails is not charged, and a payment buys one call: sent again while that call runs it is refused (payment_in_use), and after it paid (payment_already_used). A tool priced by output_format (ofac_wallet_report) checks that one argument before asking for payment.`,
];

/**
 * `GET /mcp/docs` as data (`?format=json`), and what its HTML page renders: the server, how to
 * connect (hosted, paid; or the free standalone bin), how payment works over MCP, and every tool
 * with its price and input schema and every prompt with its arguments. All of it is derived from
 * the tool definitions and the payment terms, so the docs cannot drift from `tools/list`: the
 * payment's `network`, `asset` and `payTo` are the default network's, `networks` every network's.
 */
export function mcpDocsOf(ctx: McpDocsContext, catalog: McpCatalog = DEFAULT_MCP_CATALOG) {
  const urls = discoveryUrls(ctx.baseUrl);
  const terms = defaultTermsOf(ctx.terms);
  const tools = catalog.tools.map((tool) => toolDocOf(tool, urls.mcp));
  return {
    title: "MCP tool server",
    server: {
      name: MCP_SERVER.name,
      title: MCP_SERVER.title,
      version: MCP_SERVER.version,
      description: MCP_SERVER.description,
      instructions: MCP_SERVER.instructions,
    },
    endpoint: urls.mcp,
    transport: {
      type: "streamable-http",
      url: urls.mcp,
      method: "POST",
      stateless: true,
      responses: "application/json",
      note: "POST JSON-RPC messages; every answer is one JSON response. No session is kept, so a GET event stream is refused (405). A GET without it describes the endpoint.",
    },
    capabilities: { tools: true, resources: false, prompts: true },
    // No tool needs an account; the monitor owners' tools take a Sign-In-With-X proof per call.
    authentication: {
      required: false,
      schemes: catalog.tools.some((t) => t.signIn === true) ? ["sign-in-with-x"] : [],
      signedInTools: catalog.tools.filter((t) => t.signIn === true).map((t) => t.name),
    },
    payment: {
      protocol: MCP_PAYMENT.protocol,
      x402Version: MCP_PAYMENT.version,
      transport: "x402 v2 MCP transport",
      scheme: "exact",
      pricingMode: "fixed",
      currency: MCP_PAYMENT.asset,
      network: terms.network,
      networkLabel: networkNamesOf(terms).label,
      asset: terms.asset,
      payTo: terms.payTo,
      maxTimeoutSeconds: terms.maxTimeoutSeconds,
      networks: servedNetworksOf(ctx.terms),
      paymentMeta: MCP_PAYMENT.paymentMeta,
      receiptMeta: MCP_PAYMENT.receiptMeta,
      requiredFor: tools.filter((t) => !t.free).map((t) => t.name),
      notRequiredFor: tools.filter((t) => t.free).map((t) => t.name),
      steps: mcpPaymentSteps(ctx.terms),
    },
    clientConfig: {
      streamableHttp: { mcpServers: { [MCP_CLIENT_NAME]: { url: urls.mcp } } },
      stdio: {
        mcpServers: {
          [MCP_CLIENT_NAME]: { command: "node", args: [STANDALONE_MAIN] },
        },
      },
      stdioNote: `${STANDALONE_BIN} (apps/mcp of the repository; build it with pnpm --filter @svc/mcp... build, and use the absolute path of its dist/main.js) serves the same tools and prompts over stdio on your own machine: free and offline, nothing is paid and nothing leaves the machine.`,
    },
    toolCount: tools.length,
    tools,
    promptCount: catalog.prompts.length,
    prompts: catalog.prompts.map((p) => ({
      name: p.name,
      title: p.title,
      description: p.description,
      arguments: promptArgumentsOf(p),
    })),
    links: {
      mcp: urls.mcp,
      docs: urls.mcpDocs,
      serverCard: urls.serverCard,
      catalog: urls.api,
      openapi: urls.openapi,
      inventory: urls.inventory,
      landing: urls.landing,
    },
  };
}

export type McpDocs = ReturnType<typeof mcpDocsOf>;
