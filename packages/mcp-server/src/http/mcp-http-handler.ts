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
    const server = createMcpServer(options);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: options.maxBodyBytes ?? 1024 * 1024,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request);
    } finally {
      await server.close();
    }
  };
}
