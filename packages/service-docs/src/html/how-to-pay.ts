import { networkNamesOf, PAYMENT_HEADERS, type PaymentTerms } from "@svc/payments";
import { signingWayOf } from "../networks/signing-ways.js";
import { html, type SafeHtml } from "./html.js";

/** What the steps need of one way to pay (terms, or a route's `accepts` entry). */
type PayableOn = Pick<PaymentTerms, "network" | "maxTimeoutSeconds">;

/** The signing step on the one network served: as it always read, in that network's words. */
const oneNetworkStepHtml = (terms: PayableOn): SafeHtml => {
  const way = signingWayOf(terms.network);
  return html`<li>Sign an <code>exact</code> payment in ${networkNamesOf(terms).label} (<code>${terms.network}</code>) for the listed amount to the listed <code>payTo</code> (${way.signs(terms)}). An x402 client such as ${way.httpClient} does this for you.</li>`;
};

/** The signing step when several networks are served: one item per network, the default first. */
const networksStepHtml = (
  terms: readonly PayableOn[],
): SafeHtml => html`<li>Sign an <code>exact</code> payment for the listed amount to the listed <code>payTo</code>, on the network you pay from (the terms have one <code>accepts</code> entry for each):
<ul class="network-steps">${terms.map((t) => {
  const way = signingWayOf(t.network);
  return html`<li><strong>${networkNamesOf(t).label}</strong> (<code>${t.network}</code>): ${way.signs(t)}; e.g. with ${way.httpClient}.</li>`;
})}</ul></li>`;

/**
 * The x402 flow in a few steps, for people: the same on the landing page and every docs page,
 * naming every network of the terms served and how a payment is signed there.
 */
export const howToPayHtml = (terms: readonly PayableOn[]): SafeHtml => html`<ol class="steps">
<li>Send the request without payment. The answer is <strong>402 Payment Required</strong> with the terms: x402 v2's <code>PaymentRequired</code>, base64, in the <code>${PAYMENT_HEADERS.required}</code> header, and for x402 v1 clients the same terms in v1's words in the body (only the header carries the discovery declaration).</li>
${terms.length === 1 && terms[0] !== undefined ? oneNetworkStepHtml(terms[0]) : networksStepHtml(terms)}
<li>Send the same request again with the payment in the <code>${PAYMENT_HEADERS.signature}</code> header (an x402 v1 client such as <code>x402-fetch</code> sends its payment in <code>${PAYMENT_HEADERS.legacySignature}</code>).</li>
<li>The <strong>200</strong> answer carries the settlement receipt in <code>${PAYMENT_HEADERS.response}</code> (v1: <code>${PAYMENT_HEADERS.legacyResponse}</code>). A refused input (400) or a server failure is never charged.</li>
</ol>
<p class="muted">No API key, no account, no sign-up: the payment is the authorization.</p>`;
