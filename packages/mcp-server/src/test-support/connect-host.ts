import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernTransport,
} from "@modelcontextprotocol/client";
import { Client as LegacyClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as LegacyTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Generation, McpTestClient } from "./connect.js";

/** What the tests of a host ask of its client. */
export type HostClient = Pick<McpTestClient, "generation" | "listTools" | "callTool" | "close">;

/**
 * A client of `generation` over streamable HTTP to a host answering web-standard requests (the
 * MCP HTTP host, as the API mounts it), its requests handed to `answer` in this process: the SDK
 * 1.x `Client` after the `initialize` handshake (2025-11-25), or the SDK 2 `Client` pinned to
 * 2026-07-28.
 */
export async function connectToHost(
  answer: (request: Request) => Promise<Response>,
  generation: Generation,
): Promise<HostClient> {
  const url = new URL("http://mcp.test/mcp");
  const fetch = (input: string | URL | Request, init?: RequestInit) =>
    answer(new Request(input, init));
  if (generation === "2025-11-25") {
    const client = new LegacyClient({ name: "svc-test-client", version: "1.0.0" });
    await client.connect(new LegacyTransport(url, { fetch }));
    return {
      generation,
      listTools: () => client.listTools(),
      callTool: (params) => client.callTool(params),
      close: () => client.close(),
    };
  }
  const client = new ModernClient(
    { name: "svc-test-client", version: "1.0.0" },
    { versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
  await client.connect(new ModernTransport(url, { fetch }));
  return {
    generation,
    listTools: () => client.listTools(),
    callTool: (params) => client.callTool(params),
    close: () => client.close(),
  };
}
