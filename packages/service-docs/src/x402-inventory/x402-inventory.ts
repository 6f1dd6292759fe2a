import { networkNamesOf, type PaymentTerms } from "@svc/payments";
import type { DiscoveryResource } from "@x402/extensions/bazaar";
import type { DiscoveryContext } from "../listing/discovery-context.js";
import { type Listing, listingsOf } from "../listing/listing.js";
import { paymentSummaryOf, priceRangeOf } from "../listing/payment-summary.js";
import { labelsOf } from "../networks/served-networks.js";
import { signingWayOf } from "../networks/signing-ways.js";
import { discoveryUrls } from "../service/discovery-paths.js";
import { SERVICE } from "../service/service-info.js";

/**
 * A resource exactly as the bazaar's facilitator catalog lists one (`DiscoveryResource` of
 * @x402/extensions), so indexers can take the entries as they are; `accepts` is what the
 * route's 402 says.
 */
const discoveryResourceOf = (l: Listing, lastUpdated: string): DiscoveryResource => ({
  resource: l.url,
  type: "http",
  x402Version: 2,
  accepts: [...l.accepts],
  lastUpdated,
  description: l.op.description,
  mimeType: l.op.mimeType,
  serviceName: SERVICE.name,
  tags: [...l.op.tags],
});

/**
 * How to call a paid route, for agents that read the inventory and nothing else, naming every
 * network of the terms served, its asset and what a payment there is.
 */
const instructionsOf = (terms: readonly PaymentTerms[]): string =>
  [
    "1. Pick an endpoint below (or from the catalog at `discovery.api`); prices are fixed per call.",
    `2. Call it without payment: the answer is 402 with the x402 v2 PaymentRequired object, base64, in the PAYMENT-REQUIRED header, and the same terms in x402 v1's words in the body. Its \`accepts\` has one entry per network paid on: ${labelsOf(terms)}.`,
    `3. Sign an \`exact\` payment for one of its \`accepts\` entries: ${terms.map(signingStepOf).join("; ")}.`,
    "4. Repeat the same request with the base64 payment payload in the PAYMENT-SIGNATURE header (x402 v1 clients: X-PAYMENT; the receipt then comes in X-PAYMENT-RESPONSE).",
    "5. A 200 carries the settlement receipt in PAYMENT-RESPONSE. A refused input (400) or a server failure is not charged.",
    "A GET on a paid POST route returns its human-readable docs (JSON with ?format=json). No API key or account exists.",
    'The same operations are also tools of an MCP server (streamable HTTP) at `discovery.mcp`: a tool costs what its route costs, paid to the same payee over the x402 v2 MCP transport (the payment in params._meta["x402/payment"]); its tools and client setup are at `discovery.mcpDocs` and `discovery.serverCard`.',
  ].join("\n");

/** Step 3 on one network: "in USDC on Base (`eip155:8453`), an EIP-3009 …, e.g. with @x402/fetch …". */
const signingStepOf = (terms: PaymentTerms): string => {
  const way = signingWayOf(terms.network);
  return `in ${networkNamesOf(terms).label} (\`${terms.network}\`, ${way.assetNoun} \`${terms.asset}\`, to \`${terms.payTo}\`), ${way.signs(terms)}, e.g. with ${way.httpClient}`;
};

/**
 * `GET /.well-known/x402-aurelian.json`: the inventory of the service for x402 crawlers and
 * agents: where the other documents are, every paid resource, how to pay, and the (best effort)
 * operating terms. `lastUpdated` is when this process started serving the catalog.
 */
export function inventoryOf(ctx: DiscoveryContext, lastUpdated: string) {
  const listings = listingsOf(ctx);
  const urls = discoveryUrls(ctx.baseUrl);
  const payment = paymentSummaryOf(ctx);
  return {
    version: SERVICE.discoveryVersion,
    name: SERVICE.name,
    description: SERVICE.description,
    serviceVersion: SERVICE.version,
    baseUrl: ctx.baseUrl,
    discovery: {
      landing: urls.landing,
      api: urls.api,
      openapi: urls.openapi,
      inventory: urls.inventory,
      mcp: urls.mcp,
      mcpDocs: urls.mcpDocs,
      serverCard: urls.serverCard,
    },
    resources: listings.map((l) => discoveryResourceOf(l, lastUpdated)),
    instructions: instructionsOf(ctx.terms),
    endpointCount: listings.length,
    pricing: {
      protocol: payment.protocol,
      x402Version: payment.x402Version,
      scheme: payment.scheme,
      pricingMode: payment.pricingMode,
      currency: payment.currency,
      network: payment.network,
      asset: payment.asset,
      payTo: payment.payTo,
      maxTimeoutSeconds: payment.maxTimeoutSeconds,
      networks: payment.networks,
      range: priceRangeOf(ctx) ?? null,
    },
    rateLimits: {
      policy: "Limits are provider-dependent per endpoint; no numeric limits are published.",
      enforcement: "Best effort",
    },
    sla: {
      availability: "Best effort",
      notes:
        "No formal uptime guarantee. Screening is refused with 503 (never answered clear) while no sanctions list is loaded; failed calls are not charged. /health and /ready report liveness and readiness.",
    },
    endpoints: listings.map((l) => ({
      name: l.op.name,
      method: l.op.method,
      path: l.op.path,
      routeKey: l.routeKey,
      url: l.url,
      exampleUrl: l.exampleUrl,
      docsUrl: l.docsUrl ?? null,
      price: l.price,
      priceUsd: l.priceUsd,
      amount: l.requirements.amount,
      category: l.op.category,
      description: l.op.description,
    })),
  };
}
export type Inventory = ReturnType<typeof inventoryOf>;
