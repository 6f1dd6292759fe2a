import type { Context } from "hono";
import { targetOf } from "../app/request-target.js";
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

/**
 * The URL of the resource a request asked for, as its 402 names it and its payment must: the
 * request's path and query on the request's base URL (`requestBaseUrl`), never on a host taken
 * from an absolute-form target.
 */
export function requestResourceUrl(configured: string | undefined): (c: Context) => string {
  const baseOf = requestBaseUrl(configured);
  return (c) => `${baseOf(c)}${targetOf(c.req.url)}`;
}
