import { PAGE_CSP } from "@svc/service-docs";
import type { Context } from "hono";

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
