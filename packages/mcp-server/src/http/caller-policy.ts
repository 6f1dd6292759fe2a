/**
 * Who may call an MCP endpoint over HTTP, by what a browser cannot hide: the page's `Origin` and
 * the `Host` the request was addressed to.
 *
 * - `"any"`: anyone (the hosted API is public; its CORS and host checks are the app's own);
 * - `"loopback"`: only this machine. The MCP transport asks a local server to guard against DNS
 *   rebinding: a page of another site, its name pointed at 127.0.0.1, must not reach it. Such a
 *   request carries the other site in `Origin` and in `Host`.
 *
 * A request without the header is let through: it is not a browser's (every browser sends
 * `Host`, and `Origin` on every POST).
 */
export interface CallerPolicy {
  /** Pages whose `Origin` may call. */
  readonly origins: "any" | "loopback";
  /** Names the request may be addressed to (`Host`): `"loopback"` for a server bound to loopback. */
  readonly hosts: "any" | "loopback";
}

/** The hosted API's: anyone, anywhere. */
export const ANY_CALLER: CallerPolicy = { origins: "any", hosts: "any" };

/** A server on loopback: pages and names of this machine only. */
export const LOOPBACK_CALLER: CallerPolicy = { origins: "loopback", hosts: "loopback" };

/** Whether a host name (as a URL parses it) names this machine: localhost, 127.0.0.0/8, [::1]. */
export function isLoopbackName(hostname: string): boolean {
  const name = hostname.toLowerCase();
  return (
    name === "localhost" ||
    name === "[::1]" ||
    name === "::1" ||
    /^127(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(name)
  );
}

/** The host name of a URL or of a `Host` value, or undefined when it is not one. */
const hostnameOf = (url: string): string | undefined => {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
};

/** Why a request is refused under `policy` (a sentence for the caller), or undefined. */
export function refusedCaller(
  headers: { get(name: string): string | null },
  policy: CallerPolicy,
): string | undefined {
  const origin = headers.get("origin");
  if (policy.origins === "loopback" && origin !== null) {
    const name = hostnameOf(origin);
    if (name === undefined || !isLoopbackName(name)) {
      return "Forbidden: this local server takes no cross-site calls.";
    }
  }
  const host = headers.get("host");
  if (policy.hosts === "loopback" && host !== null) {
    const name = hostnameOf(`http://${host}`);
    if (name === undefined || !isLoopbackName(name)) {
      return "Forbidden: this local server answers only requests addressed to localhost, 127.0.0.1 or [::1].";
    }
  }
  return undefined;
}
