/**
 * A host as RFC 3986 allows it in a Host header: a DNS name or IPv4 address, or a bracketed
 * IPv6 address, with an optional port. Anything else (quotes, angle brackets, slashes, spaces)
 * is refused, so a forged Host header cannot smuggle markup or another path into the documents.
 */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * Checks and normalizes a configured public base URL (`PUBLIC_BASE_URL`): http or https, no
 * query or fragment, no trailing slash, so `${base}/api` is always right.
 */
export function normalizeBaseUrl(configured: string): string {
  const url = new URL(configured);
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new RangeError(`the public base URL must be http or https, got ${configured}`);
  }
  if (url.search !== "" || url.hash !== "" || url.username !== "" || url.password !== "") {
    throw new RangeError(
      `the public base URL must be an origin and optional path, got ${configured}`,
    );
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}

/** The parts of a request the base URL is derived from. */
export interface RequestOrigin {
  /** The full request URL (its scheme, and the host when the Host header is unusable). */
  readonly url: string;
  readonly host: string | undefined;
  readonly forwardedProto: string | undefined;
}

/**
 * The public base URL for one request. The configured one wins (set `PUBLIC_BASE_URL` in
 * production: it is the only value a proxy cannot get wrong). Without it, the base is derived
 * per request from the Host header, so the documents name the address the client actually used
 * (a LAN address, a tunnel, localhost): the scheme is the request's, or `X-Forwarded-Proto` when
 * it is exactly http or https (a TLS-terminating proxy), and an invalid Host header is ignored in
 * favour of the request URL's host.
 */
export function baseUrlOf(request: RequestOrigin, configured: string | undefined): string {
  if (configured !== undefined) return configured;
  // Read off the URL's string: a request's URL is already normalized, and this runs for every
  // paid route's 402, where parsing it again was a large part of the service's own work.
  const proto =
    request.forwardedProto === "https" || request.forwardedProto === "http"
      ? request.forwardedProto
      : request.url.startsWith("https:")
        ? "https"
        : "http";
  const host =
    request.host !== undefined && HOST.test(request.host)
      ? request.host
      : new URL(request.url).host;
  return `${proto}://${host}`;
}
