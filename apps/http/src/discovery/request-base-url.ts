import type { Context } from "hono";
import { baseUrlOf, normalizeBaseUrl } from "./base-url.js";

/**
 * The base URL of each request as every discovery document names it: the configured public base
 * URL (checked and normalized once, here), or else the one derived from the request's Host header
 * and `X-Forwarded-Proto` (`baseUrlOf`). The discovery documents and the MCP documents share it,
 * so they always agree on where the service is.
 */
export function requestBaseUrl(configured: string | undefined): (c: Context) => string {
  const normalized = configured === undefined ? undefined : normalizeBaseUrl(configured);
  return (c) =>
    baseUrlOf(
      {
        url: c.req.url,
        host: c.req.header("host"),
        forwardedProto: c.req.header("x-forwarded-proto"),
      },
      normalized,
    );
}
