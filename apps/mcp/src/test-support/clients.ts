import {
  Client as ModernClient,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
import { StdioClientTransport as ModernStdioTransport } from "@modelcontextprotocol/client/stdio";
import { Client as LegacyClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport as LegacyHttpTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { BIN_ENV, MAIN } from "./bin.js";

/** The two generations of the protocol, by the revision each client speaks. */
export const GENERATIONS = ["2025-11-25", "2026-07-28"] as const;
export type Generation = (typeof GENERATIONS)[number];

/** A tool result as both clients give it (the fields the tests read). */
export interface CallResult {
  readonly content?: unknown;
  readonly structuredContent?: unknown;
  readonly isError?: boolean;
  readonly _meta?: Record<string, unknown>;
}

interface PromptMessage {
  readonly role: string;
  readonly content: { readonly type: string; readonly text?: string };
}

/** What the tests ask of a client, whichever generation it speaks. */
export interface McpTestClient {
  listTools(): Promise<{ tools: { name: string; inputSchema: { type: string } }[] }>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<CallResult>;
  listPrompts(): Promise<{ prompts: { name: string }[] }>;
  getPrompt(params: {
    name: string;
    arguments?: Record<string, string>;
  }): Promise<{ messages: PromptMessage[] }>;
  getServerVersion(): { name: string; version: string } | undefined;
}

export interface Connection {
  readonly generation: Generation;
  readonly client: McpTestClient;
  close(): Promise<void>;
}

const IDENTITY = { name: "svc-mcp-test", version: "1.0.0" };
const legacyClient = () => new LegacyClient(IDENTITY);
/** The SDK 2 client pinned to 2026-07-28: `server/discover`, then an envelope on every request. */
const modernClient = () =>
  new ModernClient(IDENTITY, { versionNegotiation: { mode: { pin: "2026-07-28" } } });

const stdio = () => ({
  command: process.execPath,
  args: [MAIN],
  env: BIN_ENV,
  stderr: "pipe" as const,
});

/**
 * A client of `generation` spawning the bin over stdio, as Claude Desktop or Cursor would:
 * the SDK 1.x client (2025-11-25, the `initialize` handshake) or the SDK 2 client (2026-07-28).
 */
export async function connectStdio(
  generation: Generation = "2025-11-25",
): Promise<Connection & { stderr: () => string }> {
  let stderr = "";
  const collect = (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  };
  if (generation === "2025-11-25") {
    const transport = new StdioClientTransport(stdio());
    transport.stderr?.on("data", collect);
    const client = legacyClient();
    await client.connect(transport);
    return { generation, client, close: () => client.close(), stderr: () => stderr };
  }
  const transport = new ModernStdioTransport(stdio());
  transport.stderr?.on("data", collect);
  const client = modernClient();
  await client.connect(transport);
  return { generation, client, close: () => client.close(), stderr: () => stderr };
}

/** A client of `generation` over streamable HTTP to a running `svc-mcp --http`. */
export async function connectHttp(
  mcpUrl: string,
  generation: Generation = "2025-11-25",
): Promise<Connection> {
  if (generation === "2025-11-25") {
    const client = legacyClient();
    await client.connect(new LegacyHttpTransport(new URL(mcpUrl)));
    return { generation, client, close: () => client.close() };
  }
  const client = modernClient();
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl)));
  return { generation, client, close: () => client.close() };
}
