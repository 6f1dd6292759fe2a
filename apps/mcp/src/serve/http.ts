import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createMcpHttpHandler, type McpServerOptions } from "@svc/mcp-server";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Serving } from "./stdio.js";

/** The largest request body taken at /mcp (the API's 1 MiB body, plus the JSON-RPC envelope). */
export const MAX_MCP_BODY_BYTES = 2 * 1024 * 1024;

export interface HttpAppOptions {
  readonly mcp: McpServerOptions;
  /** The body of `GET /health`. */
  readonly health: () => Record<string, unknown>;
  /** Faults of the HTTP layer itself (the tools report theirs through `mcp.onFault`). */
  readonly onError?: ((error: unknown) => void) | undefined;
}

const LOOPBACK_HOSTNAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Whether a browser's `Origin` may call this local server. The MCP transport spec asks servers to
 * validate Origin against DNS rebinding: a page of another site must not reach a server on
 * loopback. Clients that are not browsers send no Origin and are let through.
 */
export function isAllowedOrigin(origin: string | undefined): boolean {
  if (origin === undefined) return true;
  try {
    return LOOPBACK_HOSTNAMES.has(new URL(origin).hostname);
  } catch {
    return false;
  }
}

const rpcError = (code: number, message: string) => ({
  jsonrpc: "2.0" as const,
  error: { code, message },
  id: null,
});

/** `/mcp` (streamable HTTP, stateless, POST only) and `GET /health`, as a hono app. */
export function createHttpApp(options: HttpAppOptions): Hono {
  const handle = createMcpHttpHandler(options.mcp);
  const app = new Hono();
  app.use("/mcp", async (c, next) => {
    if (!isAllowedOrigin(c.req.header("origin"))) {
      return c.json(
        rpcError(-32000, "Forbidden: this local server takes no cross-site calls."),
        403,
      );
    }
    await next();
  });
  app.use(
    "/mcp",
    bodyLimit({
      maxSize: MAX_MCP_BODY_BYTES,
      onError: (c) =>
        c.json(rpcError(-32000, `The body must be at most ${MAX_MCP_BODY_BYTES} bytes.`), 413),
    }),
  );
  app.all("/mcp", (c) => handle(c.req.raw));
  app.get("/health", (c) => c.json(options.health()));
  app.notFound((c) =>
    c.json({ error: "Not Found: the MCP endpoint is POST /mcp; liveness is GET /health." }, 404),
  );
  app.onError((error, c) => {
    options.onError?.(error);
    return c.json(rpcError(-32603, "Internal error"), 500);
  });
  return app;
}

/** A listening HTTP server: where, and how to stop it. */
export interface HttpServing extends Serving {
  /** The base URL, e.g. `http://127.0.0.1:8765` (the MCP endpoint is `${url}/mcp`). */
  readonly url: string;
}

/** Listens on `host:port` (port 0: a free one). Rejects if the address cannot be bound. */
export async function serveHttp(
  app: Hono,
  { port, host }: { readonly port: number; readonly host: string },
): Promise<HttpServing> {
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port, hostname: host }, () => {
      s.off("error", reject);
      resolve(s);
    });
    s.once("error", reject);
  });
  const bound = (server.address() as AddressInfo).port;
  const hostPart = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${hostPart}:${bound}`,
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  };
}
