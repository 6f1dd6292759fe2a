// The MCP clients the tests meet the service's tool servers with, of both generations of the
// protocol: the SDK 1.x `Client` (2025-11-25, after the `initialize` handshake: what the Inspector
// and most deployed clients run) and the SDK 2 `Client` pinned to 2026-07-28 (no handshake:
// `server/discover`, then the `_meta` envelope on every request). Over streamable HTTP (to a URL,
// or answered in this process by a handler), over stdio (a spawned server) or, for SDK 1.x, over
// the in-memory transport linked to a server in this process.
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernHttpTransport,
} from "@modelcontextprotocol/client";
import { StdioClientTransport as ModernStdioTransport } from "@modelcontextprotocol/client/stdio";
import { Client as LegacyClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as LegacyStdioTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport as LegacyHttpTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";

/** The two generations of the protocol the servers speak, by the revision each client asks for. */
export const GENERATIONS = ["2025-11-25", "2026-07-28"];

/** The name and version the test clients give. */
const TEST_CLIENT = { name: "svc-test-client", version: "1.0.0" };

/** The revision the SDK 2 client is pinned to. */
const PINNED = { pin: "2026-07-28" };

/** A new SDK 1.x client (2025-11-25). */
export const legacyClient = (identity = TEST_CLIENT) => new LegacyClient(identity);

/** A new SDK 2 client, pinned to 2026-07-28 unless `negotiation` says otherwise ("auto"). */
export const modernClient = (identity = TEST_CLIENT, negotiation = PINNED) =>
  new ModernClient(identity, { versionNegotiation: { mode: negotiation } });

const clientOf = (generation, options) =>
  generation === "2025-11-25"
    ? legacyClient(options.identity)
    : modernClient(options.identity, options.negotiation);

/**
 * A client of `generation` connected over streamable HTTP to `url`; with `answer`, its requests
 * are handed to that handler in this process instead of the network.
 */
export async function connectHttp(url, generation = "2025-11-25", options = {}) {
  const endpoint = new URL(url);
  const { answer } = options;
  const transportOptions =
    answer === undefined
      ? undefined
      : { fetch: (input, init) => Promise.resolve(answer(new Request(input, init))) };
  const client = clientOf(generation, options);
  await client.connect(
    generation === "2025-11-25"
      ? new LegacyHttpTransport(endpoint, transportOptions)
      : new ModernHttpTransport(endpoint, transportOptions),
  );
  return client;
}

/**
 * A client of `generation` spawning `server` over stdio, as a desktop client does: its stderr is
 * collected (and handed to `onStderr` as it comes), and so are the errors the client meets (a
 * line on stdout that is not JSON-RPC, for one).
 */
export async function connectStdio(server, generation = "2025-11-25", options = {}) {
  const params = { ...server, stderr: "pipe" };
  const transport =
    generation === "2025-11-25"
      ? new LegacyStdioTransport(params)
      : new ModernStdioTransport(params);
  let stderr = "";
  transport.stderr?.on("data", (chunk) => {
    const text = chunk.toString("utf8");
    stderr += text;
    options.onStderr?.(text);
  });
  const errors = [];
  const client = clientOf(generation, options);
  client.onerror = (error) => errors.push(error);
  await client.connect(transport);
  return { generation, client, errors, stderr: () => stderr, close: () => client.close() };
}

/** An SDK 1.x client linked to `server` in this process by the SDK's in-memory transport. */
export async function connectLinked(server, identity = TEST_CLIENT) {
  const client = legacyClient(identity);
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(a), client.connect(b)]);
  return client;
}

/** What the tests ask of a client, whichever generation it speaks. */
export function testClientOf(client, generation) {
  return {
    generation,
    listTools: () => client.listTools(),
    callTool: (params) => client.callTool(params),
    listPrompts: () => client.listPrompts(),
    getPrompt: (params) => client.getPrompt(params),
    callRaw: (params) =>
      generation === "2025-11-25"
        ? client.request({ method: "tools/call", params }, CallToolResultSchema)
        : client.request({ method: "tools/call", params }),
    getServerVersion: () => client.getServerVersion(),
    close: () => client.close(),
  };
}

/**
 * A client of `generation` over streamable HTTP to `url` (or to `answer` in this process), seen
 * through `testClientOf`.
 */
export async function connectTestClient(url, generation = "2025-11-25", options = {}) {
  return testClientOf(await connectHttp(url, generation, options), generation);
}

/** A rejected call's JSON-RPC error code and message, whichever client raised it. */
export async function protocolErrorOf(call) {
  const error = await call.then(
    () => {
      throw new Error("the call succeeded");
    },
    (e) => e,
  );
  const { code, message } = error;
  if (typeof code !== "number" || typeof message !== "string") throw error;
  return { code, message };
}
