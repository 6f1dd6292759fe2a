import type { Context } from "hono";

/**
 * A page that can only do what it shows: no scripts, no frames, no outside fetches, styles only
 * from its own inline stylesheet. Escaping is the defence; this policy is the second one, should
 * an escape ever be missed.
 */
export const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Sends a rendered page with its security headers; `Vary: Accept` where JSON is the other answer. */
export function htmlResponse(c: Context, page: string, negotiated: boolean): Response {
  c.header("Content-Security-Policy", PAGE_CSP);
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Referrer-Policy", "no-referrer");
  if (negotiated) c.header("Vary", "Accept");
  return c.html(page);
}

/** Sends a discovery document as JSON; `Vary: Accept` where HTML is the other answer. */
export function jsonResponse(c: Context, body: unknown, negotiated: boolean): Response {
  c.header("X-Content-Type-Options", "nosniff");
  if (negotiated) c.header("Vary", "Accept");
  return c.json(body as object);
}
