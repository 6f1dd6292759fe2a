/** The fixed addresses of the discovery documents and pages, relative to the base URL. */
export const DISCOVERY_PATHS = {
  landing: "/",
  api: "/api",
  openapi: "/openapi.json",
  inventory: "/.well-known/x402-aurelian.json",
  /** The x402 discovery document x402scan fans out from (`wellKnownX402Of`). */
  wellKnownX402: "/.well-known/x402",
  mcp: "/mcp",
  mcpDocs: "/mcp/docs",
  serverCard: "/.well-known/mcp/server-card.json",
} as const;

/** Every discovery address as an absolute URL under `baseUrl`. */
export const discoveryUrls = (baseUrl: string) => ({
  landing: `${baseUrl}${DISCOVERY_PATHS.landing}`,
  api: `${baseUrl}${DISCOVERY_PATHS.api}`,
  openapi: `${baseUrl}${DISCOVERY_PATHS.openapi}`,
  inventory: `${baseUrl}${DISCOVERY_PATHS.inventory}`,
  mcp: `${baseUrl}${DISCOVERY_PATHS.mcp}`,
  mcpDocs: `${baseUrl}${DISCOVERY_PATHS.mcpDocs}`,
  serverCard: `${baseUrl}${DISCOVERY_PATHS.serverCard}`,
});
