import type { MiddlewareHandler } from "hono";
import { problem } from "./problem.js";

/**
 * The longest request target (path and query) accepted. The longest real one, a screening GET,
 * is under 400 characters; a paid route's 402 names its URL, so a bound here bounds every 402.
 */
export const MAX_TARGET_LENGTH = 4096;

/**
 * The path and query of an absolute URL (`http://host/a/b?c` → `/a/b?c`), read off the string: a
 * request's URL is already normalized, and this runs on every request, where parsing it into a
 * `URL` again would be the most expensive step of an unpaid 402.
 */
export function targetOf(url: string): string {
  const slash = url.indexOf("/", url.indexOf("//") + 2);
  if (slash < 0) return "/";
  const hash = url.indexOf("#", slash);
  return hash < 0 ? url.slice(slash) : url.slice(slash, hash);
}

/** A host as the URL standard writes it (lower case, default port dropped), or undefined. */
const hostOf = (authority: string): string | undefined => {
  try {
    return new URL(`http://${authority}`).host;
  } catch {
    return undefined;
  }
};

/**
 * Whether the request line carried an absolute URL (`GET http://host/path`) rather than a path:
 * the Node server then builds the request's URL from it instead of from the Host header. Only
 * the raw request (`env.incoming` of @hono/node-server) tells.
 */
const isAbsoluteForm = (env: unknown): boolean => {
  const target = (env as { incoming?: { url?: unknown } } | undefined)?.incoming?.url;
  return typeof target === "string" && /^https?:\/\//i.test(target);
};

/**
 * Refuses request targets the service must not answer for:
 *
 * - an absolute-form target (`GET http://other.example/api/… HTTP/1.1`) naming another host than
 *   the Host header (or the configured public host): such a request is addressed to someone else,
 *   and answering it would write that host into the URLs of the answer (400);
 * - a target longer than `MAX_TARGET_LENGTH` (414), so no answer that names its URL grows with it.
 */
export function requestTarget(publicBaseUrl: string | undefined): MiddlewareHandler {
  const publicHost = publicBaseUrl === undefined ? undefined : new URL(publicBaseUrl).host;
  return async (c, next) => {
    if (targetOf(c.req.url).length > MAX_TARGET_LENGTH) {
      return problem(
        c,
        414,
        "URI_TOO_LONG",
        `The request target must be at most ${MAX_TARGET_LENGTH} characters.`,
      );
    }
    if (isAbsoluteForm(c.env)) {
      const host = hostOf(c.req.header("host") ?? "");
      const target = new URL(c.req.url).host;
      if (host !== target && target !== publicHost) {
        return problem(
          c,
          400,
          "INVALID_REQUEST_TARGET",
          "The request target names another host than this service.",
        );
      }
    }
    await next();
  };
}
