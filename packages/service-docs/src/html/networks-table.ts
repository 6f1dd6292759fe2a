import type { ServedNetwork } from "../networks/served-networks.js";
import { html, type SafeHtml } from "./html.js";

/**
 * Every network paid on, a row each (the default first): its name for people, its CAIP-2 id and
 * x402 v1 name, the USDC asset there and the payee. The same on the landing and catalog pages.
 */
export const networksTableHtml = (
  networks: readonly ServedNetwork[],
): SafeHtml => html`<div class="table-scroll"><table class="networks">
<thead><tr><th>Network</th><th>Asset (USDC)</th><th>Pay to</th></tr></thead>
<tbody>${networks.map(
  (n) => html`<tr class="network" data-network="${n.network}">
<td><strong>${n.networkLabel}</strong><div class="muted"><code>${n.network}</code>${n.v1Network === null ? "" : html` (x402 v1: <code>${n.v1Network}</code>)`}</div></td>
<td><code>${n.asset}</code></td>
<td><code>${n.payTo}</code></td>
</tr>`,
)}</tbody></table></div>`;
