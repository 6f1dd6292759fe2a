import { networkNamesOf, PAYMENT_HEADERS, type PaymentTerms } from "@svc/payments";
import { html, type SafeHtml } from "./html.js";

/**
 * The x402 flow in a few steps, for people: the same on the landing page and every docs page,
 * naming the network and asset of the terms served.
 */
export const howToPayHtml = (
  terms: Pick<PaymentTerms, "network" | "maxTimeoutSeconds">,
): SafeHtml => html`<ol class="steps">
<li>Send the request without payment. The answer is <strong>402 Payment Required</strong> with the terms: x402 v2's <code>PaymentRequired</code>, base64, in the <code>${PAYMENT_HEADERS.required}</code> header, and the same terms in x402 v1's words in the body.</li>
<li>Sign an <code>exact</code> payment in ${networkNamesOf(terms).label} (<code>${terms.network}</code>) for the listed amount to the listed <code>payTo</code> (an EIP-3009 authorization, valid ${terms.maxTimeoutSeconds} seconds). An x402 client such as <code>@x402/fetch</code> does this for you.</li>
<li>Send the same request again with the payment in the <code>${PAYMENT_HEADERS.signature}</code> header (an x402 v1 client such as <code>x402-fetch</code> sends its payment in <code>${PAYMENT_HEADERS.legacySignature}</code>).</li>
<li>The <strong>200</strong> answer carries the settlement receipt in <code>${PAYMENT_HEADERS.response}</code> (v1: <code>${PAYMENT_HEADERS.legacyResponse}</code>). A refused input (400) or a server failure is never charged.</li>
</ol>
<p class="muted">No API key, no account, no sign-up: the payment is the authorization.</p>`;
