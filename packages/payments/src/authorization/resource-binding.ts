/**
 * Whether a payment's `resource.url` names `route`: an HTTP path template
 * (`/api/ofac-wallet-screen/:address`) or a non-HTTP resource (`mcp://tool/<name>`), which a
 * hosted tool also names as its endpoint's URL with the tool as `tool` (`toolResourceUrl`).
 *
 * An HTTP payment's URL must end with the template's segments (a `:param` matches any one
 * segment; whatever precedes them is the service's base path, so a deployment under a prefix or
 * behind a proxy still matches); its host is not compared, since the same service answers under
 * several names. A non-HTTP resource must be named exactly.
 */
export function routeMatches(route: string, resourceUrl: string): boolean {
  if (!route.startsWith("/")) return resourceUrl === route || namesTool(route, resourceUrl);
  let path: string;
  try {
    const url = new URL(resourceUrl);
    if (url.protocol !== "http:" && url.protocol !== "https:") return false;
    path = url.pathname;
  } catch {
    return false;
  }
  const want = route.split("/").filter((s) => s !== "");
  const got = path.split("/").filter((s) => s !== "");
  if (got.length < want.length) return false;
  const tail = got.slice(got.length - want.length);
  return want.every((segment, i) => segment.startsWith(":") || segment === tail[i]);
}

/** The route of an MCP tool: `mcp://tool/<name>`. */
const TOOL_ROUTE = /^mcp:\/\/tool\/(.+)$/;

/**
 * The resource URL a hosted MCP tool's PaymentRequired names: the endpoint it is served at (an
 * http(s) URL), the tool as its `tool` parameter. The x402 Bazaar lists an MCP tool under its
 * resource URL's origin and path with the tool's name (its `mcp` declaration's `toolName`): under
 * `mcp://tool/<name>`, which has no origin, a listing could not say where the tool is served.
 * The parameter keeps a payment bound to its tool, as `mcp://tool/<name>` did.
 */
export const toolResourceUrl = (endpoint: string, tool: string): string => {
  const url = new URL(endpoint);
  url.search = "";
  url.hash = "";
  url.searchParams.set("tool", tool);
  return url.toString();
};

/** Whether `resourceUrl` is a hosted endpoint's URL naming the tool of `route` (`toolResourceUrl`). */
function namesTool(route: string, resourceUrl: string): boolean {
  const tool = TOOL_ROUTE.exec(route)?.[1];
  if (tool === undefined) return false;
  try {
    const url = new URL(resourceUrl);
    return (
      (url.protocol === "http:" || url.protocol === "https:") &&
      url.searchParams.getAll("tool").length === 1 &&
      url.searchParams.get("tool") === tool
    );
  } catch {
    return false;
  }
}
