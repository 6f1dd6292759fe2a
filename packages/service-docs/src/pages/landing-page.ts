import { PAYMENT_HEADERS } from "@svc/payments";
import { type Companions, discoveryLinksHtml } from "../html/discovery-links.js";
import { endpointTableHtml } from "../html/endpoint-table.js";
import { freeEndpointsHtml } from "../html/free-endpoints-html.js";
import { howToPayHtml } from "../html/how-to-pay.js";
import { html, type SafeHtml } from "../html/html.js";
import { networksTableHtml } from "../html/networks-table.js";
import { pageHtml } from "../html/page-layout.js";
import { paidCallHtml } from "../html/paid-call-html.js";
import type { DiscoveryContext } from "../listing/discovery-context.js";
import { type Listing, listingsOf } from "../listing/listing.js";
import { priceRangeOf } from "../listing/payment-summary.js";
import { labelsOf, servedNetworksOf } from "../networks/served-networks.js";
import { curlDryRunOf, evmNetworkOf, typescriptPaidCallOf } from "../route-docs/paid-call.js";
import { DISCOVERY_PATHS } from "../service/discovery-paths.js";
import { topicOf } from "../service/free-endpoint.js";
import { SERVICE } from "../service/service-info.js";

/**
 * `GET /` for people: what the service does, every catalog endpoint with its price and docs,
 * how to pay, the MCP tool server and the machine-readable documents.
 */
export function landingPage(ctx: DiscoveryContext, companions: Companions): string {
  const listings = listingsOf(ctx);
  const range = priceRangeOf(ctx);
  const label = labelsOf(ctx.terms);
  const body = html`
${listCardHtml(ctx)}
<section class="card">
<h2>What it does</h2>
<p>${SERVICE.description}</p>
<p class="muted">${SERVICE.disclaimer}</p>
</section>
<section class="card">
<h2>Endpoints</h2>
<p class="muted">${listings.length} paid endpoint${listings.length === 1 ? "" : "s"}, fixed price per call. Each has a free docs page (a GET on a POST route; for a GET route, its path without the parameter); <code>?dry_run=1</code> checks any call free.</p>
${endpointTableHtml(listings)}
</section>
${firstCallHtml(ctx, listings, companions)}
${evidenceHtml(ctx)}
<div class="grid2">
<section class="card">
<h2>How to pay</h2>
<p>Every call is paid individually in <strong>${label}</strong> with the <strong>x402</strong> protocol.</p>
${networksTableHtml(servedNetworksOf(ctx.terms))}
${howToPayHtml(ctx.terms)}
${paymentEndpointsHtml(ctx)}
</section>
<section class="card">
<h2>For agents${companions.mcpDocs ? ": MCP" : ""}</h2>
${companions.mcpDocs ? mcpServedHtml(ctx.baseUrl) : ""}
<h3>Base URL</h3>
<p><code>${ctx.baseUrl}</code></p>
</section>
</div>
<section class="card">
<h2>Machine-readable documents</h2>
${discoveryLinksHtml(companions)}
</section>`;
  return pageHtml({
    title: SERVICE.name,
    lead: "Pay-per-call sanctions screening for crypto wallets. Exact-match against OFAC's SDN list, paid in USDC over x402: no API key, no account.",
    facts: [
      html`<span class="pill">${listings.length} endpoints</span>`,
      ...(range === undefined
        ? []
        : [
            html`<span class="pill">${range.min === range.max ? range.min : `${range.min} – ${range.max}`} per call</span>`,
          ]),
      html`<span class="pill">x402 · ${label}</span>`,
      html`<span class="pill">API ${SERVICE.version}</span>`,
    ],
    body,
  });
}

/**
 * A newcomer's first call, on the cheapest route: checked free, then paid in TypeScript (at
 * most ten lines), as every route's docs page shows it for its own route.
 */
function firstCallHtml(
  ctx: DiscoveryContext,
  listings: readonly Listing[],
  companions: Companions,
): SafeHtml | "" {
  const cheapest = [...listings].sort((a, b) => a.priceUsd - b.priceUsd)[0];
  if (cheapest === undefined) return "";
  const network = evmNetworkOf(ctx.terms);
  return html`<section class="card first-call">
<h2>Your first call: ${cheapest.op.title} (${cheapest.price})</h2>
${paidCallHtml(
  {
    dryRunExample: curlDryRunOf(cheapest),
    paidCallExample: network === undefined ? null : typescriptPaidCallOf(cheapest, network),
  },
  companions.devnet === true,
)}
<p class="muted">Every route's docs page shows the same for its own example.</p>
</section>`;
}

/**
 * Which list screening runs on, first thing on the page: a warning when it is the embedded
 * sample or stale, and the free endpoints that say more.
 */
function listCardHtml(ctx: DiscoveryContext): SafeHtml {
  const list = ctx.list;
  const f = list?.sourceFreshness ?? null;
  const warning =
    list === undefined
      ? ""
      : list.status === "sample"
        ? html`<p class="warning"><strong>SAMPLE EDITION — NOT THE OFAC LIST.</strong> Screening runs on an excerpt embedded for demos; a "clear" here says nothing about the real list. Configure OFAC_SOURCE or OFAC_OFFICIAL=1.</p>`
        : list.status === "stale"
          ? html`<p class="warning"><strong>STALE LIST.</strong> The loaded edition has not been confirmed current for ${Math.round(f?.ageHours ?? 0)} hours.</p>`
          : list.status === "unavailable"
            ? html`<p class="warning"><strong>NO LIST LOADED.</strong> Screening is refused (503) until one is.</p>`
            : "";
  const edition =
    f === null
      ? ""
      : html`<p>Edition of <strong>${f.datasetDate}</strong> (SHA-256 <code>${f.datasetSha256}</code>), ${f.addressCount} addresses, from <code>${f.sourceUrl}</code>.</p>`;
  return html`<section class="card">
<h2>Sanctions list${list === undefined ? "" : `: ${list.status}`}</h2>
${warning}
${edition}
<p class="muted">Free: ${freeEndpointsHtml(ctx.freeEndpoints.filter((e) => topicOf(e) === "list"))} (and the MCP tool <code>list_status</code>).</p>
</section>`;
}

/**
 * The free endpoints about a payment (its receipt when it is settled after the answer), under
 * how to pay; nothing when the service has none.
 */
function paymentEndpointsHtml(ctx: DiscoveryContext): SafeHtml | "" {
  const endpoints = ctx.freeEndpoints.filter((e) => topicOf(e) === "payment");
  return endpoints.length === 0
    ? ""
    : html`<p class="muted">An answer settled after it is sent carries <code>${PAYMENT_HEADERS.status}: pending</code> and <code>${PAYMENT_HEADERS.id}</code> instead of the receipt. Free: ${freeEndpointsHtml(endpoints)}.</p>`;
}

/**
 * Evidence: every screening answer carries a signed attestation, and where to check it (the
 * service's public keys, its verification); nothing when the service signs none.
 */
function evidenceHtml(ctx: DiscoveryContext): SafeHtml | "" {
  const endpoints = ctx.freeEndpoints.filter((e) => topicOf(e) === "attestation");
  return endpoints.length === 0
    ? ""
    : html`<section class="card">
<h2>Evidence</h2>
<p>Every screening answer carries a signed attestation (its <code>attestation</code> member, a compact JWS): the addresses and their results, the list edition screened on and the payment, signed by the service. Check it offline with the service's public keys, or have the service check it.</p>
<p class="muted">Free: ${freeEndpointsHtml(endpoints)}.</p>
</section>`;
}

/** The MCP card's text: the tool server mounted at /mcp beside the routes. */
const mcpServedHtml = (
  baseUrl: string,
): SafeHtml => html`<p>The same operations are offered as tools of an MCP server (streamable HTTP) at</p>
<p><code>${baseUrl}${DISCOVERY_PATHS.mcp}</code></p>
<p class="muted">Paid tools cost what their routes cost and follow the x402 v2 MCP transport: an unpaid call returns the payment terms; the client retries with the payment in the request metadata. <code>server_capabilities</code> is free.</p>
<p><a href="${DISCOVERY_PATHS.mcpDocs}">Tools, prices and client setup</a></p>`;
