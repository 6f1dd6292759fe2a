import { SERVICE } from "../service/service-info.js";
import { html, type SafeHtml, trustedHtml } from "./html.js";
import { STYLES } from "./styles.js";

export interface Page {
  /** The `<title>` and the heading. */
  readonly title: string;
  /** The text under the heading (also the meta description). */
  readonly lead: string;
  /** Breadcrumb above the heading (already safe HTML), if any. */
  readonly crumbs?: SafeHtml;
  /** Small facts shown as pills in the header (price, method…). */
  readonly facts?: readonly SafeHtml[];
  readonly body: SafeHtml;
}

/** The shell of every HTML page: one inline stylesheet, the header band, the footer. */
export function pageHtml(page: Page): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="${page.lead}">
<link rel="icon" href="data:,">
<title>${page.title}</title>
<style>${trustedHtml(STYLES)}</style>
</head>
<body>
<header class="hero"><div class="wrap">
${page.crumbs === undefined ? "" : html`<div class="crumbs">${page.crumbs}</div>`}
<h1>${page.title}</h1>
<p>${page.lead}</p>
${page.facts === undefined || page.facts.length === 0 ? "" : html`<div class="facts">${page.facts}</div>`}
</div></header>
<main class="wrap">
${page.body}
</main>
<footer><div class="wrap">${SERVICE.name} · API version ${SERVICE.version} · ${SERVICE.disclaimer}</div></footer>
</body>
</html>
`.toString();
}
