import {
  Client as ModernClient,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
import { Client as LegacyClient } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { createMcpHttpHandler } from "../http/mcp-http-handler.js";
import { createMcpServer, type McpServerOptions } from "../server/create-server.js";

/** The two generations of the protocol the server speaks, by the revision each client asks for. */
export const GENERATIONS = ["2025-11-25", "2026-07-28"] as const;
export type Generation = (typeof GENERATIONS)[number];

/** A tool result as both clients give it (the fields the tests read). */
export interface CallResult {
  readonly content?: unknown;
  readonly structuredContent?: unknown;
  readonly isError?: boolean;
  readonly _meta?: Record<string, unknown>;
  readonly [member: string]: unknown;
}

interface ListedTool {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly inputSchema: {
    readonly type: string;
    readonly properties?: Record<string, unknown>;
    readonly required?: string[];
    readonly [member: string]: unknown;
  };
  readonly outputSchema?: { readonly [member: string]: unknown };
  readonly annotations?: { readonly [member: string]: unknown };
  readonly icons?: readonly unknown[];
  readonly _meta?: Record<string, unknown>;
}

interface PromptMessage {
  readonly role: string;
  readonly content: { readonly type: string; readonly text?: string };
}

/** What the tests ask of a client, whichever generation it speaks. */
export interface McpTestClient {
  readonly generation: Generation;
  listTools(): Promise<{ tools: ListedTool[] }>;
  callTool(params: {
    name: string;
    arguments?: Record<string, unknown>;
    _meta?: Record<string, unknown>;
  }): Promise<CallResult>;
  listPrompts(): Promise<{
    prompts: {
      name: string;
      description?: string;
      arguments?: { name: string; description?: string; required?: boolean }[];
    }[];
  }>;
  getPrompt(params: {
    name: string;
    arguments?: Record<string, string>;
  }): Promise<{ description?: string; messages: PromptMessage[] }>;
  /** A `tools/call` with params as given, unchecked by the client (to send what a client would not). */
  callRaw(params: Record<string, unknown>): Promise<unknown>;
  getServerVersion():
    | { name: string; version: string; title?: string; icons?: readonly unknown[] }
    | undefined;
  close(): Promise<void>;
}

/**
 * A client of `generation` connected to a server built from `options`, in this process:
 * - 2025-11-25: the SDK 1.x `Client` (what the Inspector and most deployed clients run) over
 *   its in-memory transport, after the `initialize` handshake;
 * - 2026-07-28: the SDK 2 `Client` pinned to that revision (no handshake: `server/discover`,
 *   then the `_meta` envelope on every request), over streamable HTTP served in-process by the
 *   same handler the hosts mount.
 */
export async function connect(
  options: McpServerOptions,
  generation: Generation = "2025-11-25",
): Promise<McpTestClient> {
  if (generation === "2025-11-25") {
    const client = new LegacyClient({ name: "svc-test-client", version: "1.0.0" });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await Promise.all([createMcpServer(options).connect(a), client.connect(b)]);
    return {
      generation,
      listTools: () => client.listTools(),
      callTool: (params) => client.callTool(params),
      listPrompts: () => client.listPrompts(),
      getPrompt: (params) => client.getPrompt(params),
      callRaw: (params) =>
        client.request({ method: "tools/call", params } as never, CallToolResultSchema),
      getServerVersion: () => client.getServerVersion(),
      close: () => client.close(),
    };
  }
  const handle = createMcpHttpHandler(options);
  const client = new ModernClient(
    { name: "svc-test-client", version: "1.0.0" },
    { versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL("http://mcp.test/mcp"), {
      fetch: (url, init) => handle(new Request(url, init)),
    }),
  );
  return {
    generation,
    listTools: () => client.listTools(),
    callTool: (params) => client.callTool(params),
    listPrompts: () => client.listPrompts(),
    getPrompt: (params) => client.getPrompt(params),
    callRaw: (params) => client.request({ method: "tools/call", params }),
    getServerVersion: () => client.getServerVersion(),
    close: () => client.close(),
  };
}

/** A rejected call's JSON-RPC error code and message, whichever client raised it. */
export async function protocolErrorOf(
  call: Promise<unknown>,
): Promise<{ code: number; message: string }> {
  const error = await call.then(
    () => {
      throw new Error("the call succeeded");
    },
    (e: unknown) => e,
  );
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code !== "number" || typeof message !== "string") throw error;
  return { code, message };
}
