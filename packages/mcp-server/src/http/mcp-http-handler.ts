import {
  createMcpHandler,
  isLegacyRequest,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
import { DRY_RUN_MAX_BYTES } from "@svc/compliance";
import { MCP_PAYMENT_META } from "@svc/payments";
import { createMcpServer, type McpServerOptions } from "../server/create-server.js";
import { isDryRunCall } from "../server/dry-run-call.js";
import { TOOLS } from "../tools/catalog.js";
import { PRICE_ARGUMENT } from "../tools/tool.js";
import { BATCH_REFUSAL, isBatchBody } from "./batch-body.js";
import { BodySlots } from "./body-slots.js";
import { OffThreadParser, type Parsed, type TrimRules } from "./off-thread-parser.js";

/**
 * The streamable HTTP transport as a web-standard handler (`Request` → `Response`), for any
 * framework (the API mounts it at `/mcp` in hono). Stateless: each POST gets a fresh server and
 * transport, answered as JSON, so no session state is kept between calls and any instance of a
 * horizontally scaled API can answer. A GET that asks for an event stream is refused (405):
 * a stateless server has no stream to resume. A JSON-RPC batch (an array body, which MCP
 * 2025-06-18 removed) is refused whole (400, -32600) before any of its members is parsed.
 */
export interface McpHttpOptions extends McpServerOptions {
  /** The largest JSON-RPC body accepted, in bytes (default 1 MiB, the API's body limit). */
  readonly maxBodyBytes?: number | undefined;
  /** The answer to a body over the limit (default: a JSON-RPC error, status 413). */
  readonly onTooLarge?: (() => Response) | undefined;
  /** Where large bodies take turns (default: one set of slots per process). */
  readonly largeBodies?: BodySlots | undefined;
  /** Where large bodies are parsed (default: one worker per process). */
  readonly parser?: OffThreadParser | undefined;
}

/**
 * A body above this is read in turn (`BodySlots`) and parsed on a worker thread
 * (`OffThreadParser`): every tool call but a document fits below it.
 */
export const LARGE_BODY_BYTES = 64 * 1024;

/** The process's own slots and parser, made on first use and shared by every handler. */
const shared: { slots?: BodySlots; parser?: OffThreadParser } = {};
const processSlots = (): BodySlots => {
  shared.slots ??= new BodySlots();
  return shared.slots;
};
const processParser = (): OffThreadParser => {
  shared.parser ??= new OffThreadParser();
  return shared.parser;
};

/** A JSON-RPC error answer of the transport's own shape (`id: null`: the request was not read). */
const jsonRpcError = (status: number, code: number, message: string): Response =>
  Response.json({ jsonrpc: "2.0", error: { code, message }, id: null }, { status });

type Bytes = { ok: true; bytes: Uint8Array } | { ok: false; tooLarge: true };

/** A request body parsed, and how many bytes it was. */
interface Body {
  readonly parsed: Parsed;
  readonly bytes: number;
}

/** The 413 of a dry run over `DRY_RUN_MAX_BYTES`, answering the call's id. */
const dryRunTooLarge = (message: unknown): Response => {
  const id = (message as { id?: unknown }).id;
  return Response.json(
    {
      jsonrpc: "2.0",
      error: {
        code: -32000,
        message: `Payload too large: a dry run takes at most ${DRY_RUN_MAX_BYTES} bytes; a larger call is checked by the paid call, whose refusals are not charged.`,
      },
      id: typeof id === "string" || typeof id === "number" ? id : null,
    },
    { status: 413 },
  );
};

/**
 * The body as bytes in a buffer of its own, read until it ends or exceeds `maxBytes` (then the
 * rest is never read). The SDK's own reader decodes it chunk by chunk into a growing string, and
 * a limit wrapped around the request stream re-streams it: together they made an unpaid 400 KB
 * call cost about 17 ms of CPU before anything knew the call was unpaid.
 */
async function readBytes(request: Request, declared: number, maxBytes: number): Promise<Bytes> {
  if (declared > maxBytes) return { ok: false, tooLarge: true };
  const chunks: Uint8Array[] = [];
  let received = 0;
  if (request.body !== null) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) {
        await reader.cancel();
        return { ok: false, tooLarge: true };
      }
      chunks.push(value);
    }
  }
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes };
}

const parseHere = (bytes: Uint8Array): Parsed => {
  try {
    return { ok: true, message: JSON.parse(Buffer.from(bytes).toString("utf8")) };
  } catch {
    return { ok: false };
  }
};

export function createMcpHttpHandler(
  options: McpHttpOptions,
): (request: Request) => Promise<Response> {
  const slots = options.largeBodies ?? processSlots();
  const parser = options.parser ?? processParser();
  const tools = options.tools ?? TOOLS;
  // Only a large body needs them (the hosted API makes a handler per request).
  const rulesOf = (): TrimRules => ({
    paidTools:
      options.gateFor === undefined
        ? []
        : tools.filter((t) => t.pricing.kind === "paid").map((t) => t.name),
    paymentKey: MCP_PAYMENT_META,
    priceArguments: [PRICE_ARGUMENT],
  });
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  // The rest of the body is never read, so the connection is closed after the answer.
  const tooLarge = (): Response => {
    if (options.onTooLarge !== undefined) return options.onTooLarge();
    const res = jsonRpcError(
      413,
      -32000,
      `Payload too large: the body must be at most ${maxBodyBytes} bytes.`,
    );
    res.headers.set("Connection", "close");
    return res;
  };

  // A batch is refused before any of its members is parsed (`BATCH_REFUSAL`).
  const batchRefused = (): Response =>
    jsonRpcError(BATCH_REFUSAL.status, BATCH_REFUSAL.code, BATCH_REFUSAL.message);

  /** The parsed body and its size, or the answer that refuses it. */
  const bodyOf = async (request: Request): Promise<Body | Response> => {
    const declared = Number(request.headers.get("content-length") ?? Number.NaN);
    if (declared <= LARGE_BODY_BYTES) {
      const read = await readBytes(request, declared, maxBodyBytes);
      if (!read.ok) return tooLarge();
      if (isBatchBody(read.bytes)) return batchRefused();
      return { parsed: parseHere(read.bytes), bytes: read.bytes.byteLength };
    }
    const release = await slots.acquire();
    if (release === undefined) {
      return jsonRpcError(503, -32000, "Busy: too many large requests are waiting; retry shortly.");
    }
    try {
      const read = await readBytes(request, declared, maxBodyBytes);
      if (!read.ok) return tooLarge();
      if (isBatchBody(read.bytes)) return batchRefused();
      const bytes = read.bytes.byteLength;
      return bytes <= LARGE_BODY_BYTES
        ? { parsed: parseHere(read.bytes), bytes }
        : { parsed: await parser.parse(read.bytes, rulesOf()), bytes };
    } finally {
      release();
    }
  };

  return async (request) => {
    if (request.method !== "POST") {
      return Response.json(
        {
          jsonrpc: "2.0",
          error: { code: -32000, message: "Method not allowed: this stateless server takes POST." },
          id: null,
        },
        { status: 405, headers: { Allow: "POST" } },
      );
    }
    const body = await bodyOf(request);
    if (body instanceof Response) return body;
    if (!body.parsed.ok) return jsonRpcError(400, -32700, "Parse error: Invalid JSON");
    const message = body.parsed.message;
    // A dry run is free, so it is no larger than the API's dry runs; its arguments were never
    // looked at (a large unpaid call comes back from the parser without them).
    if (body.bytes > DRY_RUN_MAX_BYTES && isDryRunCall(message)) return dryRunTooLarge(message);
    // A request of the 2026-07-28 revision carries the `_meta` envelope the SDK classifies by:
    // it is answered by the SDK's per-request entry, strict to that revision. An older request
    // is answered by the stateless 2025 transport, as JSON (the entry's own 2025 leg answers
    // with an event stream). Either way the server lives for this one request.
    if (await isLegacyRequest(request, message)) {
      const server = createMcpServer(options);
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      await server.connect(transport);
      try {
        return await transport.handleRequest(request, { parsedBody: message });
      } finally {
        await server.close();
      }
    }
    const handler = createMcpHandler(() => createMcpServer(options), {
      legacy: "reject",
    });
    try {
      return await handler.fetch(request, { parsedBody: message });
    } finally {
      await handler.close();
    }
  };
}
