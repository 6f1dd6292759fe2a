import { networkNamesOf } from "@svc/payments";
import type { PaymentRequirements } from "@x402/core/types";
import { type Companions, discoveryLinksHtml } from "../html/discovery-links.js";
import { howToPayHtml } from "../html/how-to-pay.js";
import { html, type SafeHtml } from "../html/html.js";
import { pageHtml } from "../html/page-layout.js";
import { paidCallHtml } from "../html/paid-call-html.js";
import { schemaHtml } from "../html/schema-view.js";
import { labelsOf } from "../networks/served-networks.js";
import type { RouteDocs } from "../route-docs/route-docs.js";
import { DISCOVERY_PATHS } from "../service/discovery-paths.js";
import { SERVICE } from "../service/service-info.js";

const json = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * Where the price goes on one network: "… atomic units of USDC on Base (`eip155:8453`, asset
 * `0x…`), paid to `0x…`".
 */
const paidToHtml = (r: PaymentRequirements): SafeHtml =>
  html`<code>${r.amount}</code> atomic units of ${networkNamesOf(r).label} (<code>${r.network}</code>, asset <code>${r.asset}</code>), paid to <code>${r.payTo}</code>`;

/** Where this page is, and where the paid call is: one sentence for each kind of route. */
const whereHtml = (docs: RouteDocs): SafeHtml =>
  docs.docsOnlyGet
    ? html`This page is what a GET on the route returns; it is free. Paid execution is the POST.`
    : html`This page is free at <code>${docs.docsUrl ?? ""}</code>. Paid execution is the GET with the parameters filled in, e.g. <code>${docs.exampleUrl}</code>.`;

/** The docs page of a paid route: what it does, what it costs, how to check, call and pay it. */
export function routeDocsPage(docs: RouteDocs, companions: Companions): string {
  const label = labelsOf(docs.accepts);
  const body = html`
<section class="card">
<h2>Endpoint</h2>
<p><span class="badge ${docs.method.toLowerCase()}">${docs.method}</span> <code>${docs.url}</code></p>
<p>Costs <span class="price">${docs.price}</span> per call (${docs.accepts.map((r, i) => html`${i === 0 ? "" : "; or "}${paidToHtml(r)}`)}). ${
    docs.outputKind === "document"
      ? html`The answer is JSON carrying a <code>${docs.outputMimeType}</code> file in base64.`
      : "The answer is JSON."
  }</p>
<p class="muted">${whereHtml(docs)} Add <a href="?format=json"><code>?format=json</code></a> for this page as JSON.</p>
</section>
<section class="card">
<h2>Call it</h2>
${paidCallHtml(docs, companions.devnet === true)}
</section>
<section class="card">
<h2>How to pay with x402</h2>
${howToPayHtml(docs.accepts)}
</section>
<section class="card">
<h2>${docs.method === "GET" ? "Request parameters" : "Request body"}</h2>
${schemaHtml(docs.requestSchema)}
<h3>Example request</h3>
<pre class="request-example"><code>${json(docs.requestExample)}</code></pre>
<h3>With curl (the first, unpaid call: shows the 402 and its terms)</h3>
<pre class="curl-example"><code>${docs.curlExample}</code></pre>
</section>
<section class="card">
<h2>Answer (200)</h2>
${schemaHtml(docs.answerSchema)}
<h3>Example answer</h3>
<pre class="output-example"><code>${json(docs.outputExample)}</code></pre>
</section>
<section class="card">
<h2>More</h2>
${discoveryLinksHtml(companions)}
</section>`;
  return pageHtml({
    title: docs.title,
    lead: docs.description,
    crumbs: html`<a href="${DISCOVERY_PATHS.landing}">${SERVICE.name}</a> / <a href="${DISCOVERY_PATHS.api}">API catalog</a> / <code>${docs.routeKey}</code>`,
    facts: [
      html`<span class="pill">${docs.price} per call</span>`,
      html`<span class="pill">${docs.routeKey}</span>`,
      html`<span class="pill">x402 · ${label}</span>`,
    ],
    body,
  });
}
