import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { ComplianceDeps } from "@svc/compliance";
import {
  type CallerPolicy,
  createMcpHttpHost,
  isLoopbackName,
  LOOPBACK_CALLER,
  type LogSink,
} from "@svc/mcp-server";
import { Hono } from "hono";
import { requestId } from "hono/request-id";
import type { Serving } from "./stdio.js";

/** The largest request body taken at /mcp (the API's 1 MiB body, plus the JSON-RPC envelope). */
export const MAX_MCP_BODY_BYTES = 2 * 1024 * 1024;

export interface HttpAppOptions {
  /** The list, the history and the renderer the tools run on (every tool free). */
  readonly deps: ComplianceDeps;
  /** Who may call: `callersFor` the address the server is bound to. */
  readonly callers: CallerPolicy;
  /** Where each request's line and each tool's fault are logged. */
  readonly log: LogSink;
  /** The body of `GET /health`. */
  readonly health: () => Record<string, unknown>;
  /** Faults of the HTTP layer itself (the tools' are logged as `tool.fault`). */
  readonly onError?: ((error: unknown) => void) | undefined;
}

/**
 * Who may call a server bound to `host`. A page of another site never may (its `Origin`): a
 * local server must not be reachable from a browser through DNS rebinding. Bound to loopback,
 * the request must also be addressed to a loopback name (its `Host`); bound to another address,
 * which the operator chose for the network's other machines, any name they use is taken.
 */
export function callersFor(host: string): CallerPolicy {
  const name = host.startsWith("[") ? host : host.includes(":") ? `[${host}]` : host;
  return isLoopbackName(name) ? LOOPBACK_CALLER : { origins: "loopback", hosts: "any" };
}

const rpcError = (code: number, message: string) => ({
  jsonrpc: "2.0" as const,
  error: { code, message },
  id: null,
});

/**
 * `/mcp` (streamable HTTP, stateless, POST only: the service's one MCP host, free, within
 * `MAX_MCP_BODY_BYTES`, each request logged with its id) and `GET /health`, as a hono app.
 */
export function createHttpApp(options: HttpAppOptions): Hono {
  const host = createMcpHttpHost({
    deps: options.deps,
    maxBodyBytes: MAX_MCP_BODY_BYTES,
    callers: options.callers,
    log: { sink: options.log, requests: true },
  });
  const app = new Hono();
  app.use("/mcp", requestId());
  app.all("/mcp", async (c) => {
    const res = await host(c.req.raw, { requestId: c.get("requestId") });
    // Through the context, so the answer carries the request id the middleware prepared.
    return c.newResponse(res.body, res);
  });
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

/** How long an idle keep-alive connection stays open (longer than any client's own idle timeout). */
const KEEP_ALIVE_MS = 65_000;

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
  // Idle keep-alive connections are closed by the client, never by this server: Node's 5 s
  // default let the server close one just as a client reused it under load, and that request
  // failed ("other side closed"). Node requires the headers timeout to exceed it.
  if ("keepAliveTimeout" in server) {
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  }
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
