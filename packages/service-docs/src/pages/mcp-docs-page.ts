import { displayPrice } from "@svc/payments";
import { type Companions, discoveryLinksHtml } from "../html/discovery-links.js";
import { html, type SafeHtml } from "../html/html.js";
import { pageHtml } from "../html/page-layout.js";
import { schemaHtml } from "../html/schema-view.js";
import type { McpDocs, ToolDoc } from "../mcp-docs/mcp-docs.js";
import { labelsOf } from "../networks/served-networks.js";
import { DISCOVERY_PATHS } from "../service/discovery-paths.js";
import { SERVICE } from "../service/service-info.js";

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** Where a tool's section is on the page. */
const toolAnchor = (name: string) => `tool-${name}`;

/** The per-format prices of a tool other than its default, e.g. `pdf` → "$0.09 USDC". */
const formatPrices = (t: ToolDoc): [string, string][] =>
  Object.entries(t.priceUsd ?? {})
    .filter(([format]) => format !== "default")
    .map(([format, price]) => [format, displayPrice(price)]);

const defaultPrice = (t: ToolDoc): string =>
  t.priceUsd?.default === undefined ? "Free" : displayPrice(t.priceUsd.default);

/** The price cell: the default price, and one line per output format that costs more. */
const priceCellHtml = (t: ToolDoc): SafeHtml =>
  html`${defaultPrice(t)}${formatPrices(t).map(
    ([format, price]) => html`<div class="muted">${format}: ${price}</div>`,
  )}`;

/** The price in a sentence: "Costs $0.04 USDC per call; with output_format pdf $0.09 USDC, …". */
const priceSentenceHtml = (t: ToolDoc): SafeHtml => {
  const formats = formatPrices(t);
  return html`Costs <span class="price">${defaultPrice(t)}</span> per call${
    formats.length === 0
      ? ""
      : html`; with <code>output_format</code> ${formats.map(
          ([format, price], i) =>
            html`${i === 0 ? "" : ", "}<code>${format}</code> <span class="price">${price}</span>`,
        )}`
  }, paid over x402 as <code>${t.paymentResource}</code>.`;
};

const toolsTableHtml = (
  tools: readonly ToolDoc[],
): SafeHtml => html`<div class="table-scroll"><table class="tools">
<thead><tr><th>Tool</th><th>What it does</th><th>Price</th></tr></thead>
<tbody>${tools.map(
  (t) => html`<tr class="tool" data-tool="${t.name}">
<td class="path"><a href="#${toolAnchor(t.name)}"><code>${t.name}</code></a></td>
<td>${t.description}</td>
<td class="price">${priceCellHtml(t)}</td>
</tr>`,
)}</tbody></table></div>`;

const toolSectionHtml = (
  t: ToolDoc,
): SafeHtml => html`<section class="card tool-docs" id="${toolAnchor(t.name)}">
<h2><code>${t.name}</code></h2>
<p>${t.description}</p>
<p>${
  t.free ? html`<span class="price">Free</span>: no payment is asked.` : priceSentenceHtml(t)
} Read-only: it changes nothing anywhere.</p>
<h3>Arguments</h3>
<div class="tool-arguments">${schemaHtml(t.inputSchema)}</div>
<h3>Example arguments</h3>
<pre class="tool-example"><code>${json(t.inputExample)}</code></pre>
<h3>Result (structuredContent)</h3>
<div class="tool-result">${schemaHtml(t.outputSchema)}</div>
</section>`;

const promptsHtml = (
  prompts: McpDocs["prompts"],
): SafeHtml => html`<div class="table-scroll"><table class="prompts">
<thead><tr><th>Prompt</th><th>What it asks for</th><th>Arguments</th></tr></thead>
<tbody>${prompts.map(
  (p) => html`<tr class="prompt" data-prompt="${p.name}">
<td class="path"><code>${p.name}</code><div class="muted">${p.title}</div></td>
<td>${p.description}</td>
<td>${p.arguments.map(
    (a) =>
      html`<div><code>${a.name}</code>${a.required ? html`<span class="req">required</span>` : ""}${
        a.description === undefined ? "" : html` <span class="muted">${a.description}</span>`
      }</div>`,
  )}</td>
</tr>`,
)}</tbody></table></div>`;

/**
 * `GET /mcp/docs` for people: the hosted tool server at `/mcp`, how to connect a client to it (or
 * run the free standalone server), how a paid tool is paid over MCP, every tool with its price,
 * arguments and an example, and every prompt. Every echoed value goes through `html`.
 */
export function mcpDocsPage(docs: McpDocs, companions: Companions): string {
  const p = docs.payment;
  const body = html`
<section class="card">
<h2>Endpoint</h2>
<p><span class="badge post">POST</span> <code class="mcp-endpoint">${docs.endpoint}</code></p>
<p>MCP over <strong>streamable HTTP</strong>, stateless: every JSON-RPC request gets one JSON answer and no session is kept. Server <code>${docs.server.name}</code> version <code>${docs.server.version}</code>; capabilities: tools and prompts (no resources). No API key, no account, no OAuth: paid tools are paid per call in <strong>${labelsOf(p.networks)}</strong> over <strong>x402</strong>, and <code>server_capabilities</code> is free.</p>
<p class="muted">This page as JSON: <a href="${DISCOVERY_PATHS.mcpDocs}?format=json"><code>${DISCOVERY_PATHS.mcpDocs}?format=json</code></a>. The machine-readable card: <a href="${DISCOVERY_PATHS.serverCard}"><code>${DISCOVERY_PATHS.serverCard}</code></a>.</p>
</section>
<div class="grid2">
<section class="card">
<h2>Connect a client</h2>
<p>Any MCP client that speaks streamable HTTP:</p>
<pre class="client-config"><code>${json(docs.clientConfig.streamableHttp)}</code></pre>
<p>Or run the tools on your own machine with the standalone server over stdio:</p>
<pre class="stdio-config"><code>${json(docs.clientConfig.stdio)}</code></pre>
<p class="muted">${docs.clientConfig.stdioNote}</p>
</section>
<section class="card">
<h2>How payment works over MCP</h2>
<ol class="steps">${p.steps.map((s) => html`<li>${s}</li>`)}</ol>
<p class="muted">Terms: scheme <code>${p.scheme}</code>, valid ${p.maxTimeoutSeconds} seconds, on ${p.networks.map(
    (n, i) =>
      html`${i === 0 ? "" : "; or on "}<code>${n.network}</code> (${n.networkLabel}): asset <code>${n.asset}</code>, pay to <code>${n.payTo}</code>`,
  )}.</p>
</section>
</div>
<section class="card">
<h2>Tools</h2>
<p class="muted">${docs.toolCount} tools, all read-only. A tool that maps to an HTTP route costs what the route costs.</p>
${toolsTableHtml(docs.tools)}
</section>
${docs.tools.map(toolSectionHtml)}
<section class="card">
<h2>Prompts</h2>
<p class="muted">${docs.promptCount} prompt templates (<code>prompts/get</code>); every argument is a string.</p>
${promptsHtml(docs.prompts)}
</section>
<section class="card">
<h2>More</h2>
${discoveryLinksHtml(companions)}
</section>`;
  return pageHtml({
    title: docs.title,
    lead: docs.server.description,
    crumbs: html`<a href="${DISCOVERY_PATHS.landing}">${SERVICE.name}</a> / <a href="${DISCOVERY_PATHS.api}">API catalog</a> / MCP`,
    facts: [
      html`<span class="pill">${docs.toolCount} tools</span>`,
      html`<span class="pill">${docs.promptCount} prompts</span>`,
      html`<span class="pill">x402 v${p.x402Version} · ${labelsOf(p.networks)}</span>`,
      html`<span class="pill">server ${docs.server.version}</span>`,
    ],
    body,
  });
}
