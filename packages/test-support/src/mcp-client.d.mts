import type { Client as ModernClient, VersionNegotiationMode } from "@modelcontextprotocol/client";
import type { StdioServerParameters } from "@modelcontextprotocol/client/stdio";
import type { Client as LegacyClient } from "@modelcontextprotocol/sdk/client/index.js";

/** The two generations of the protocol the servers speak, by the revision each client asks for. */
export const GENERATIONS: readonly ["2025-11-25", "2026-07-28"];
export type Generation = (typeof GENERATIONS)[number];

/** The SDK's client of a generation: SDK 1.x for 2025-11-25, SDK 2 for 2026-07-28. */
export type ClientOf<G extends Generation> = G extends "2025-11-25" ? LegacyClient : ModernClient;

/** The name and version a client gives. */
export interface ClientIdentity {
  readonly name: string;
  readonly version: string;
}

/** A new SDK 1.x client (2025-11-25). */
export function legacyClient(identity?: ClientIdentity): LegacyClient;

/** A new SDK 2 client, pinned to 2026-07-28 unless `negotiation` says otherwise ("auto"). */
export function modernClient(
  identity?: ClientIdentity,
  negotiation?: VersionNegotiationMode,
): ModernClient;

/** What answers a web request in this process: a handler the hosts mount, an app's `request`. */
export type Answer = (request: Request) => Response | Promise<Response>;

export interface ConnectOptions {
  readonly identity?: ClientIdentity;
  /** The SDK 2 client's negotiation (pinned to 2026-07-28 by default). */
  readonly negotiation?: VersionNegotiationMode;
}

/**
 * A client of `generation` (2025-11-25 by default) connected over streamable HTTP to `url`; with
 * `answer`, its requests are handed to that handler in this process instead of the network.
 */
export function connectHttp(
  url: string | URL,
  generation?: "2025-11-25",
  options?: ConnectOptions & { readonly answer?: Answer },
): Promise<LegacyClient>;
export function connectHttp(
  url: string | URL,
  generation: "2026-07-28",
  options?: ConnectOptions & { readonly answer?: Answer },
): Promise<ModernClient>;
export function connectHttp<G extends Generation>(
  url: string | URL,
  generation: G,
  options?: ConnectOptions & { readonly answer?: Answer },
): Promise<ClientOf<G>>;

/** The server a stdio client spawns: its command, arguments, environment and folder. */
export type StdioServer = Omit<StdioServerParameters, "stderr">;

/** A client over stdio, with what the spawned server wrote on stderr. */
export interface StdioConnection<C> {
  readonly generation: Generation;
  readonly client: C;
  /** The errors the client met (`onerror`): a line on stdout that is not JSON-RPC, for one. */
  readonly errors: Error[];
  /** Everything the server wrote on stderr so far. */
  stderr(): string;
  close(): Promise<void>;
}

/**
 * A client of `generation` (2025-11-25 by default) spawning `server` over stdio, as a desktop
 * client does; `onStderr` gets the server's stderr as it comes.
 */
export function connectStdio(
  server: StdioServer,
  generation?: "2025-11-25",
  options?: ConnectOptions & { readonly onStderr?: (text: string) => void },
): Promise<StdioConnection<LegacyClient>>;
export function connectStdio(
  server: StdioServer,
  generation: "2026-07-28",
  options?: ConnectOptions & { readonly onStderr?: (text: string) => void },
): Promise<StdioConnection<ModernClient>>;
export function connectStdio<G extends Generation>(
  server: StdioServer,
  generation: G,
  options?: ConnectOptions & { readonly onStderr?: (text: string) => void },
): Promise<StdioConnection<ClientOf<G>>>;

/** A server in this process that a transport connects to (an SDK server, of either SDK). */
export interface LinkableServer {
  connect(transport: never): Promise<void>;
}

/** An SDK 1.x client linked to `server` in this process by the SDK's in-memory transport. */
export function connectLinked(
  server: LinkableServer,
  identity?: ClientIdentity,
): Promise<LegacyClient>;

/** A tool result as both clients give it (the fields the tests read). */
export interface CallResult {
  readonly content?: unknown;
  readonly structuredContent?: unknown;
  readonly isError?: boolean;
  readonly _meta?: Record<string, unknown>;
  readonly [member: string]: unknown;
}

/** A tool as both clients list it (the fields the tests read). */
export interface ListedTool {
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

export interface PromptMessage {
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

/** The generation-blind view of `client`, the SDK's client of `generation`. */
export function testClientOf<G extends Generation>(
  client: ClientOf<G>,
  generation: G,
): McpTestClient;

/**
 * A client of `generation` (2025-11-25 by default) over streamable HTTP to `url` (or to `answer`
 * in this process), seen through `testClientOf`.
 */
export function connectTestClient(
  url: string | URL,
  generation?: Generation,
  options?: ConnectOptions & { readonly answer?: Answer },
): Promise<McpTestClient>;

/** A rejected call's JSON-RPC error code and message, whichever client raised it. */
export function protocolErrorOf(call: Promise<unknown>): Promise<{ code: number; message: string }>;
