import { DISCOVERY_PATHS } from "../service/discovery-paths.js";
import { html, type SafeHtml } from "./html.js";

/** Which optional companions are actually served by this app (the MCP server is mounted apart). */
export interface Companions {
  readonly mcpDocs: boolean;
  readonly serverCard: boolean;
  /** Development's local chain and funded payers (`/dev/devnet.json`); never in production. */
  readonly devnet?: boolean | undefined;
}

interface LinkItem {
  readonly path: string;
  readonly label: string;
  readonly note: string;
}

/**
 * The discovery documents as a list of links. Pages link only to what this app serves, so the
 * MCP docs and server card appear once the tool server is mounted; the JSON documents always
 * name their fixed addresses.
 */
export function discoveryLinksHtml(companions: Companions): SafeHtml {
  const items: LinkItem[] = [
    {
      path: DISCOVERY_PATHS.api,
      label: "API catalog",
      note: "Every endpoint, price and payment term (JSON; HTML in a browser)",
    },
    {
      path: DISCOVERY_PATHS.openapi,
      label: "OpenAPI 3.1",
      note: "Request and response schemas, 402 terms, x-payment-info",
    },
    {
      path: DISCOVERY_PATHS.inventory,
      label: "x402 inventory",
      note: "Discovery resources for x402 crawlers and agents",
    },
    ...(companions.mcpDocs
      ? [
          {
            path: DISCOVERY_PATHS.mcpDocs,
            label: "MCP docs",
            note: "The MCP tool server at /mcp: tools, prices, prompts, client setup",
          },
        ]
      : []),
    ...(companions.serverCard
      ? [
          {
            path: DISCOVERY_PATHS.serverCard,
            label: "MCP server card",
            note: "Tool server identity, tools and prompts",
          },
        ]
      : []),
  ];
  return html`<ul class="links">${items.map(
    (i) =>
      html`<li><a href="${i.path}">${i.label}</a> <code>${i.path}</code><span>${i.note}</span></li>`,
  )}</ul>`;
}
