/**
 * Whether a payment's `resource.url` names `route`: an HTTP path template
 * (`/api/ofac-wallet-screen/:address`) or a non-HTTP resource (`mcp://tool/<name>`).
 *
 * An HTTP payment's URL must end with the template's segments (a `:param` matches any one
 * segment; whatever precedes them is the service's base path, so a deployment under a prefix or
 * behind a proxy still matches); its host is not compared, since the same service answers under
 * several names. A non-HTTP resource must be named exactly.
 */
export function routeMatches(route: string, resourceUrl: string): boolean {
  if (!route.startsWith("/")) return resourceUrl === route;
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
