import type { ApiCatalog } from "../api-catalog/api-catalog.js";
import { type Companions, discoveryLinksHtml } from "../html/discovery-links.js";
import { endpointTableHtml } from "../html/endpoint-table.js";
import { freeEndpointRowsHtml } from "../html/free-endpoints-html.js";
import { html, type SafeHtml } from "../html/html.js";
import { networksTableHtml } from "../html/networks-table.js";
import { pageHtml } from "../html/page-layout.js";
import type { DiscoveryContext } from "../listing/discovery-context.js";
import { listingsOf } from "../listing/listing.js";
import { DISCOVERY_PATHS } from "../service/discovery-paths.js";
import { SERVICE } from "../service/service-info.js";

/** `GET /api` in a browser: the catalog with its exact payment terms, and the JSON one click away. */
export function apiCatalogPage(
  ctx: DiscoveryContext,
  catalog: ApiCatalog,
  companions: Companions,
): string {
  const p = catalog.payment;
  const body = html`
<section class="card">
<h2>Endpoints</h2>
${endpointTableHtml(listingsOf(ctx), true)}
<p class="muted">This page as JSON: <a href="${DISCOVERY_PATHS.api}?format=json"><code>${DISCOVERY_PATHS.api}?format=json</code></a>, or send <code>Accept: application/json</code>.</p>
</section>
<section class="card">
<h2>Free: the sanctions list${catalog.list === undefined ? "" : html` (now: ${catalog.list.status}${catalog.list.datasetDate === null ? "" : html`, edition of ${catalog.list.datasetDate}`})`}</h2>
<div class="table-scroll"><table>
<thead><tr><th>Endpoint</th><th>What</th></tr></thead>
<tbody>
${freeEndpointRowsHtml(catalog.free.filter((e) => e.topic === "list"))}
</tbody></table></div>
<p class="muted">Each answers with <code>ETag</code> = the edition's SHA-256; send it back in <code>If-None-Match</code> for a 304.</p>
</section>
${paymentsCardHtml(catalog)}
${attestationsCardHtml(catalog)}
<section class="card">
<h2>Payment terms (every endpoint)</h2>
<div class="table-scroll"><table>
<tbody>
<tr><th>Protocol</th><td>${p.protocol} v${p.x402Version}, scheme <code>${p.scheme}</code>, ${p.pricingMode} price</td></tr>
<tr><th>Authorization valid</th><td>${p.maxTimeoutSeconds} seconds</td></tr>
<tr><th>Headers</th><td><code>${p.headers.paymentRequired}</code> (402), <code>${p.headers.paymentSignature}</code> (your payment), <code>${p.headers.paymentResponse}</code> (receipt)</td></tr>
</tbody></table></div>
<h3>Paid on</h3>
<p class="muted">Pay on any of these (each 402 has one <code>accepts</code> entry per network, the first the default).</p>
${networksTableHtml(p.networks)}
</section>
<section class="card">
<h2>Machine-readable documents</h2>
${discoveryLinksHtml(companions)}
</section>`;
  return pageHtml({
    title: "API catalog",
    lead: `${catalog.endpointCount} paid endpoint${catalog.endpointCount === 1 ? "" : "s"} at ${catalog.baseUrl}, each paid per call in USDC over x402.`,
    crumbs: html`<a href="${DISCOVERY_PATHS.landing}">${SERVICE.name}</a> / API catalog`,
    body,
  });
}

/** The free endpoints about a payment (its receipt), in a card of their own; none, no card. */
function paymentsCardHtml(catalog: ApiCatalog): SafeHtml | "" {
  const endpoints = catalog.free.filter((e) => e.topic === "payment");
  return endpoints.length === 0
    ? ""
    : html`<section class="card">
<h2>Free: payments</h2>
<div class="table-scroll"><table>
<thead><tr><th>Endpoint</th><th>What</th></tr></thead>
<tbody>
${freeEndpointRowsHtml(endpoints)}
</tbody></table></div>
<p class="muted">Never cached (<code>Cache-Control: no-store</code>); a settled payment's receipt is also in <code>${catalog.payment.headers.paymentResponse}</code>.</p>
</section>`;
}

/** The free endpoints about attestations (the keys, the verification), in a card; none, no card. */
function attestationsCardHtml(catalog: ApiCatalog): SafeHtml | "" {
  const endpoints = catalog.free.filter((e) => e.topic === "attestation");
  return endpoints.length === 0
    ? ""
    : html`<section class="card">
<h2>Free: evidence</h2>
<p>Every screening answer carries a signed attestation (its <code>attestation</code> member, a compact JWS). Check it with these:</p>
<div class="table-scroll"><table>
<thead><tr><th>Endpoint</th><th>What</th></tr></thead>
<tbody>
${freeEndpointRowsHtml(endpoints)}
</tbody></table></div>
</section>`;
}
