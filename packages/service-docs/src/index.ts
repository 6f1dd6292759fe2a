/**
 * The discovery documents and the docs pages of the service, derived from the catalog, the
 * payment terms, a base URL, the list status and the MCP tools and prompts: JSON documents and
 * HTML strings, no server and no I/O.
 */

export { type ApiCatalog, apiCatalogOf } from "./api-catalog/api-catalog.js";
export { bazaarDiscoveryOf } from "./bazaar/bazaar-discovery.js";
export type { Companions } from "./html/discovery-links.js";
export { PAGE_CSP } from "./html/page-policy.js";
export type { DiscoveryContext } from "./listing/discovery-context.js";
export {
  docsPathOf,
  /** @public */ hasDocsPage,
  listingOf,
  /** @public */ listingsOf,
} from "./listing/listing.js";
export {
  DEFAULT_MCP_CATALOG,
  type McpCatalog,
  type McpDocs,
  mcpDocsOf,
} from "./mcp-docs/mcp-docs.js";
export { openApiOf } from "./openapi/openapi.js";
export { REQUEST_LIMITS } from "./openapi/request-limits.js";
export { apiCatalogPage } from "./pages/api-catalog-page.js";
export { landingPage } from "./pages/landing-page.js";
export { mcpDocsPage } from "./pages/mcp-docs-page.js";
export { routeDocsPage } from "./pages/route-docs-page.js";
export { DEVNET_INFO_PATH } from "./route-docs/paid-call.js";
export { routeDocsOf } from "./route-docs/route-docs.js";
export { DISCOVERY_PATHS } from "./service/discovery-paths.js";
export {
  type FreeEndpoint,
  methodOf,
} from "./service/free-endpoint.js";
export { SERVICE } from "./service/service-info.js";
export { serviceListingOf } from "./service/service-listing.js";
export { wellKnownX402Of } from "./well-known/well-known-x402.js";
export { type Inventory, inventoryOf } from "./x402-inventory/x402-inventory.js";
