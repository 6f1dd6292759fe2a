import {
  ICON_PATH,
  ICON_PNG_BASE64,
  ICON_PNG_PATH,
  ICON_SVG,
  SERVER_JSON_PATH,
  serverJsonOf,
} from "@svc/mcp-server";
import type { Hono } from "hono";
import { requestBaseUrl } from "../discovery/request-base-url.js";
import { jsonResponse } from "../docs/html-response.js";

export interface McpListingOptions {
  /** The configured public base URL; derived per request from Host when unset (as discovery). */
  readonly baseUrl?: string | undefined;
}

/** A day: the icon changes only with a release. */
const ICON_MAX_AGE_SECONDS = 86_400;

/**
 * Mounts what registries and clients read to list the tool server, beside its server card:
 *
 * - `GET /.well-known/mcp/server.json`: the MCP registry's server.json (schema 2025-12-11) for the
 *   base URL the client used (or the configured one): the hosted `/mcp` as a remote, the
 *   published package over stdio, the icon. It sits under `/.well-known/mcp/` with the server
 *   card, where a crawler of this host looks; a publisher fetches it from here to publish;
 * - `GET /mcp/icon.svg`: the icon the card and server.json name, an SVG that runs nothing
 *   (a sandboxing CSP all the same, as clients are told to distrust SVG).
 *
 * Neither is paid; HEAD answers like GET.
 */
export function mountMcpListing(app: Hono, options: McpListingOptions): void {
  const baseUrlOf = requestBaseUrl(options.baseUrl);

  app.get(SERVER_JSON_PATH, (c) => jsonResponse(c, serverJsonOf({ baseUrl: baseUrlOf(c) }), false));

  app.get(ICON_PATH, (c) =>
    c.body(ICON_SVG, 200, {
      "Content-Type": "image/svg+xml",
      "Cache-Control": `public, max-age=${ICON_MAX_AGE_SECONDS}`,
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "X-Content-Type-Options": "nosniff",
    }),
  );

  const png = Buffer.from(ICON_PNG_BASE64, "base64");
  app.get(ICON_PNG_PATH, (c) =>
    c.body(png, 200, {
      "Content-Type": "image/png",
      "Cache-Control": `public, max-age=${ICON_MAX_AGE_SECONDS}`,
      "X-Content-Type-Options": "nosniff",
    }),
  );
}
