import type { MiddlewareHandler } from "hono";
import { problem } from "./problem.js";

/**
 * The longest request target (path and query) accepted: a screening GET of the longest address
 * screening takes (256 characters), every character percent-encoded, and a query; the longest
 * real one is under 400 characters. A paid route's 402 names its URL (in its resource and in its
 * signed offer, about three header bytes a character), so this bounds every 402 (8 KB of headers).
 */
export const MAX_TARGET_LENGTH = 1024;

/**
 * The longest Host header accepted: a DNS name (253 characters) and a port. The base URL of every
 * document and 402 is derived from it when `PUBLIC_BASE_URL` is unset.
 */
export const MAX_HOST_LENGTH = 253 + ":65535".length;

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
 * - a target longer than `MAX_TARGET_LENGTH` (414), or a Host header longer than
 *   `MAX_HOST_LENGTH` (400), so no answer that names its URL grows with it.
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
    if ((c.req.header("host") ?? "").length > MAX_HOST_LENGTH) {
      return problem(
        c,
        400,
        "INVALID_REQUEST_TARGET",
        `The Host header must be a host name and port of at most ${MAX_HOST_LENGTH} characters.`,
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
