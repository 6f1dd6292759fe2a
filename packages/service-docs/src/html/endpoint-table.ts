import type { Listing } from "../listing/listing.js";
import { DISCOVERY_PATHS } from "../service/discovery-paths.js";
import { html, type SafeHtml } from "./html.js";

/** Where a person reads more about a route: its docs page, or OpenAPI where it has none. */
const docsCell = (l: Listing): SafeHtml =>
  l.docsPath === undefined
    ? html`<a href="${DISCOVERY_PATHS.openapi}">OpenAPI</a>`
    : html`<a class="docs-link" href="${l.docsPath}">Docs</a>`;

/** A path that wraps only at its slashes, never inside a segment. */
const pathHtml = (path: string): SafeHtml =>
  html`${path.split("/").map((segment, i) => (i === 0 ? segment : html`<wbr>/${segment}`))}`;

/**
 * The endpoints of the catalog as a table: method, path, what it does, price, docs. Links are
 * relative, so they follow whatever address the page was loaded from.
 */
export function endpointTableHtml(listings: readonly Listing[], showAmount = false): SafeHtml {
  if (listings.length === 0) return html`<p class="muted">No paid endpoints are configured.</p>`;
  return html`<div class="table-scroll"><table class="endpoints">
<thead><tr><th>Endpoint</th><th>What it does</th><th>Price</th><th>Docs</th></tr></thead>
<tbody>${listings.map(
    (l) => html`<tr class="endpoint" data-route="${l.routeKey}">
<td class="path"><span class="badge ${l.op.method.toLowerCase()}">${l.op.method}</span><br><code>${pathHtml(l.op.path)}</code></td>
<td><strong>${l.op.title}</strong><br><span class="muted">${l.op.description}</span></td>
<td class="price">${l.price}${showAmount ? html`<div class="muted mono">${l.requirements.amount} units</div>` : ""}</td>
<td>${docsCell(l)}</td>
</tr>`,
  )}</tbody></table></div>`;
}
