import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { createMcpServer, type McpServerOptions } from "../server/create-server.js";

/**
 * The streamable HTTP transport as a web-standard handler (`Request` → `Response`), for any
 * framework (the API mounts it at `/mcp` in hono). Stateless: each POST gets a fresh server and
 * transport, answered as JSON, so no session state is kept between calls and any instance of a
 * horizontally scaled API can answer. A GET that asks for an event stream is refused (405):
 * a stateless server has no stream to resume.
 */
export interface McpHttpOptions extends McpServerOptions {
  /** The largest JSON-RPC body accepted, in bytes (default 1 MiB, the API's body limit). */
  readonly maxBodyBytes?: number | undefined;
  /** The answer to a body over the limit (default: a JSON-RPC error, status 413). */
  readonly onTooLarge?: (() => Response) | undefined;
}

/** A JSON-RPC error answer of the transport's own shape (`id: null`: the request was not read). */
const jsonRpcError = (status: number, code: number, message: string): Response =>
  Response.json({ jsonrpc: "2.0", error: { code, message }, id: null }, { status });

type Body = { ok: true; value: unknown } | { ok: false; response: Response };

/**
 * Reads the body as bytes, stopping as soon as it exceeds `maxBytes`, and parses it once: the
 * SDK's own reader decodes it chunk by chunk into a growing string, and a limit wrapped around
 * the request stream re-streams it, which together made an unpaid 400 KB call cost about 17 ms
 * of CPU before anything knew the call was unpaid. The answers match the transport's (413 past
 * the limit, -32700 for what is not JSON); the media type and Accept checks stay the transport's.
 */
async function readJsonBody(
  request: Request,
  maxBytes: number,
  onTooLarge?: () => Response,
): Promise<Body> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  // The rest of the body is never read, so the connection is closed after the answer.
  const tooLarge = (): Response => {
    if (onTooLarge !== undefined) return onTooLarge();
    const res = jsonRpcError(
      413,
      -32000,
      `Payload too large: the body must be at most ${maxBytes} bytes.`,
    );
    res.headers.set("Connection", "close");
    return res;
  };
  if (declared > maxBytes) return { ok: false, response: tooLarge() };
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
        return { ok: false, response: tooLarge() };
      }
      chunks.push(value);
    }
  }
  try {
    return { ok: true, value: JSON.parse(Buffer.concat(chunks, received).toString("utf8")) };
  } catch {
    return { ok: false, response: jsonRpcError(400, -32700, "Parse error: Invalid JSON") };
  }
}

export function createMcpHttpHandler(
  options: McpHttpOptions,
): (request: Request) => Promise<Response> {
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
    const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
    const body = await readJsonBody(request, maxBodyBytes, options.onTooLarge);
    if (!body.ok) return body.response;
    const server = createMcpServer(options);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: maxBodyBytes,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request, { parsedBody: body.value });
    } finally {
      await server.close();
    }
  };
}
