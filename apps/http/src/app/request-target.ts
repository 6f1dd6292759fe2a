import type { MiddlewareHandler } from "hono";
import { problem } from "./problem.js";

/**
 * The longest request target (path and query) accepted. The longest real one, a screening GET,
 * is under 400 characters; a paid route's 402 names its URL, so a bound here bounds every 402.
 */
export const MAX_TARGET_LENGTH = 4096;

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
    const url = new URL(c.req.url);
    if (url.pathname.length + url.search.length > MAX_TARGET_LENGTH) {
      return problem(
        c,
        414,
        "URI_TOO_LONG",
        `The request target must be at most ${MAX_TARGET_LENGTH} characters.`,
      );
    }
    if (isAbsoluteForm(c.env)) {
      const host = hostOf(c.req.header("host") ?? "");
      if (host !== url.host && url.host !== publicHost) {
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
