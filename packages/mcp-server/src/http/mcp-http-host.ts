import { randomUUID } from "node:crypto";
import type { ComplianceDeps } from "@svc/compliance";
import { assertListings, toolResourceUrl } from "@svc/payments";
import type { AnyPrompt } from "../prompts/prompt.js";
import type { McpServerOptions } from "../server/create-server.js";
import type { DryRunAllowance } from "../server/dry-run-call.js";
import { type ToolPayments, toolGates, toolListings } from "../server/tool-gates.js";
import { TOOLS } from "../tools/catalog.js";
import type { AnyTool } from "../tools/tool.js";
import type { BodySlots } from "./body-slots.js";
import { type CallerPolicy, refusedCaller } from "./caller-policy.js";
import { createMcpHttpHandler } from "./mcp-http-handler.js";
import type { OffThreadParser } from "./off-thread-parser.js";
import { type LogSink, logRequestLine, tenthsOfMs } from "./request-line.js";

/** Where a host logs, and what. */
interface McpHttpLog {
  /** The host's logger: every line is pino's JSON shape. */
  readonly sink: LogSink;
  /**
   * Whether the host writes each request's line (`msg: "request"`, `RequestLine`): false where
   * the app around it already writes one for every request, in that same shape (the hosted API).
   * A tool's fault (`msg: "tool.fault"`, `{requestId, tool, err}`) is always written.
   */
  readonly requests: boolean;
}

/**
 * The MCP endpoint over HTTP, as both hosts of the service serve it: the hosted API at `/mcp`
 * (paid) and `svc-mcp --http` (free, on this machine). What differs between them is said here
 * and nowhere else.
 */
export interface McpHttpHostOptions {
  /** The list, the history and the renderer the tools run on. */
  readonly deps: ComplianceDeps;
  readonly tools?: readonly AnyTool[] | undefined;
  readonly prompts?: readonly AnyPrompt[] | undefined;
  /** Where the tools are paid (the hosted API); without it every tool is free (standalone). */
  readonly payments?: ToolPayments | undefined;
  /** The largest JSON-RPC body taken, in bytes: the host's documented limit (413 above it). */
  readonly maxBodyBytes: number;
  /** Who may call (`ANY_CALLER` or `LOOPBACK_CALLER`, or a mix). */
  readonly callers: CallerPolicy;
  /** Where request lines and faults are logged; nowhere when unset. */
  readonly log?: McpHttpLog | undefined;
  /** Each tool call once answered (the service's metrics): see `McpServerOptions.onToolCall`. */
  readonly onToolCall?: McpServerOptions["onToolCall"];
  /** Where large bodies take turns and are parsed (default: the process's own). */
  readonly largeBodies?: BodySlots | undefined;
  readonly parser?: OffThreadParser | undefined;
}

/** What the app knows of one request that the host does not. */
export interface McpHttpCall {
  /** The app's id for the request (default: a new UUID, sent back as `X-Request-Id`). */
  readonly requestId?: string | undefined;
  /** A paid call was settled inside this answer (the app's request log marks it charged). */
  readonly onCharged?: (() => void) | undefined;
  /** The app's own answer to a body over the limit (default: a JSON-RPC error, 413). */
  readonly onTooLarge?: (() => Response) | undefined;
  /**
   * The service's public base URL for this request (behind a proxy, the app knows it; the
   * request's own origin otherwise): what a signed attestation names, with the key set under it.
   */
  readonly baseUrl?: string | undefined;
  /** This caller's allowance of dry runs (the app's, shared with its routes' `?dry_run=1`). */
  readonly dryRuns?: DryRunAllowance | undefined;
  /** The app's key for the calling client: its allowance of refused sign-ins (`ToolCaller`). */
  readonly client?: string | undefined;
}

/** Answers one request to the MCP endpoint. */
export type McpHttpHost = (request: Request, call?: McpHttpCall) => Promise<Response>;

/** A JSON-RPC error answer of the transport's shape (`id: null`: the request was not read). */
const forbidden = (message: string): Response =>
  Response.json({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }, { status: 403 });

/**
 * The MCP endpoint of a host (any framework: a web-standard `Request` → `Response`), stateless:
 *
 * 1. a caller the policy does not take is refused (403) before anything is read;
 * 2. the streamable HTTP transport of `createMcpHttpHandler` answers (POST only, 405 otherwise;
 *    the body limit enforced as it is read, 413), with the tools behind their payment gates
 *    (one per tool and price, built once) when the host is paid, and a paid screening answer
 *    signed (`attestation`) when the payments carry a signing key;
 * 3. the request's line is logged, when the host logs them, with the app's request id.
 */
export function createMcpHttpHost(options: McpHttpHostOptions): McpHttpHost {
  const gateFor = options.payments === undefined ? undefined : toolGates(options.payments);
  // A paid tool whose directory listing would not validate stops the host here, with the reason.
  if (gateFor !== undefined) assertListings(toolListings(gateFor, options.tools ?? TOOLS));
  const log = options.log;

  return async (request, call = {}) => {
    const started = performance.now();
    const requestId = call.requestId ?? randomUUID();
    let charged = false;
    const refusal = refusedCaller(request.headers, options.callers);
    const key = options.payments?.signingKey;
    // A paid tool's 402 names the endpoint it is served at, on the request's base URL, with the
    // tool (`toolResourceUrl`): what a directory lists it under, and where it is called.
    const endpoint = `${call.baseUrl ?? new URL(request.url).origin}${new URL(request.url).pathname}`;
    const handle = createMcpHttpHandler({
      deps: options.deps,
      tools: options.tools,
      prompts: options.prompts,
      gateFor:
        gateFor === undefined
          ? undefined
          : (tool, price) => gateFor(tool, price).at(toolResourceUrl(endpoint, tool.name)),
      paidOn: options.payments?.terms,
      // Paid screening answers are signed when the host has a key (the base URL is per request).
      attestation:
        key === undefined
          ? undefined
          : {
              key,
              baseUrl: call.baseUrl ?? new URL(request.url).origin,
              keep: options.payments?.keepAttestation,
            },
      maxBodyBytes: options.maxBodyBytes,
      onTooLarge: call.onTooLarge,
      largeBodies: options.largeBodies,
      parser: options.parser,
      // A paid call carries its receipt inside the JSON-RPC result, where a request log cannot
      // see it: the server reports it.
      onCharged: () => {
        charged = true;
        call.onCharged?.();
      },
      onFault: (error, tool) => log?.sink.error({ requestId, tool, err: error }, "tool.fault"),
      onToolCall: options.onToolCall,
      dryRuns: call.dryRuns,
      // A signed-in tool's proof is for this endpoint; its refusals count against this client.
      caller: { endpoint, client: call.client },
    });
    const response = refusal === undefined ? await handle(request) : forbidden(refusal);
    if (call.requestId === undefined) response.headers.set("X-Request-Id", requestId);
    if (log?.requests === true) {
      logRequestLine(log.sink, {
        requestId,
        method: request.method,
        path: new URL(request.url).pathname,
        status: response.status,
        durationMs: tenthsOfMs(performance.now() - started),
        charged,
      });
    }
    return response;
  };
}
