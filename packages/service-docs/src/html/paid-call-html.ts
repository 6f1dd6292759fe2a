import { DRY_RUN_MAX_BYTES, DRY_RUN_RATE_LIMIT } from "@svc/compliance";
import { DEVNET_INFO_PATH, PAID_CALL_SETUP, PAYER_KEY_VARIABLE } from "../route-docs/paid-call.js";
import { html, type SafeHtml } from "./html.js";

/** The examples of one route the fragment shows. */
export interface PaidCallExamples {
  /** The free dry run with curl. */
  readonly dryRunExample: string;
  /** The paid call in TypeScript (at most ten lines), or null where no EVM network is served. */
  readonly paidCallExample: string | null;
}

/**
 * How a newcomer gets from nothing to a 200 on a route, the same on the landing page and every
 * docs page: the request checked free first (`?dry_run=1`: its price, or the 400 the paid call
 * would give), then paid in TypeScript with @x402/fetch; in development, where the funded payers
 * are (only where the app serves them).
 */
export function paidCallHtml(examples: PaidCallExamples, devnet: boolean): SafeHtml {
  return html`<h3>Check it free first: a dry run</h3>
<p>Add <code>?dry_run=1</code>: the request is checked exactly as the paid call checks it and answered without payment: <strong>200</strong> with its price, or the <strong>400</strong> the paid call would give (code and field paths). Nothing runs and nothing is charged.</p>
<pre class="dry-run-example"><code>${examples.dryRunExample}</code></pre>
<p class="muted">A dry run reads a body of at most ${DRY_RUN_MAX_BYTES} bytes; each client may make ${DRY_RUN_RATE_LIMIT.burst} at once, then ${DRY_RUN_RATE_LIMIT.perSecond} a second (429 with Retry-After past it). On the MCP server, the same check is a tool call with <code>_meta["svc/dry-run"]: true</code>.</p>
${
  examples.paidCallExample === null
    ? ""
    : html`<h3>Pay and call it: TypeScript</h3>
<pre class="paid-call-ts"><code>${examples.paidCallExample}</code></pre>
<p class="muted">Save it as <code>paid-call.mts</code> (an ES module: it awaits at the top), then <code>${PAID_CALL_SETUP.install}</code> and <code>${PAID_CALL_SETUP.run}</code> (the payer's private key, holding USDC). The client answers the 402 by signing a USDC authorization for the price and sends the request again with it; a refused request (4xx) is not charged.</p>`
}
${
  devnet
    ? html`<p class="devnet-note">In development this service pays through a local chain: <a href="${DEVNET_INFO_PATH}"><code>${DEVNET_INFO_PATH}</code></a> lists funded payers (their public, worthless devnet keys: <code>payers[0].privateKey</code> is a <code>${PAYER_KEY_VARIABLE}</code> that works here), and <code>pnpm demo</code> pays one call end to end.</p>`
    : ""
}`;
}
