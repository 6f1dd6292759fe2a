import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernHttpTransport,
} from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Hono } from "hono";

/** The app on a real loopback port, as production serves it. */
export interface Served {
  readonly origin: string;
  close(): Promise<void>;
}

export async function serveOnLoopback(app: Hono): Promise<Served> {
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The SDK's own client over its streamable HTTP transport, connected to `<origin>/mcp`. */
export async function connectMcp(origin: string): Promise<Client> {
  const client = new Client({ name: "svc-http-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${origin}/mcp`)));
  return client;
}

/**
 * The SDK 2 client pinned to MCP 2026-07-28 (no handshake: `server/discover`, then the `_meta`
 * envelope and the standard headers on every request), connected to `<origin>/mcp`.
 */
export async function connectMcpModern(origin: string): Promise<ModernClient> {
  const client = new ModernClient(
    { name: "svc-http-test", version: "1.0.0" },
    { versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
  await client.connect(new ModernHttpTransport(new URL(`${origin}/mcp`)));
  return client;
}
