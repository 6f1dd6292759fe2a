import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { connectHttp } from "@svc/test-support/mcp-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleDeps } from "../test-support/sample-deps.js";
import { createMcpHttpHandler } from "./mcp-http-handler.js";

let handler: (request: Request) => Promise<Response>;
let client: Client;

beforeAll(async () => {
  handler = createMcpHttpHandler({ deps: await sampleDeps() });
  // The SDK's streamable HTTP client, its requests handed to the handler in-process.
  client = await connectHttp("http://mcp.test/mcp", "2025-11-25", { answer: handler });
});
afterAll(async () => client?.close());

/** A raw JSON-RPC POST as a streamable HTTP client sends it. */
const post = (body: string, headers: Record<string, string> = {}) =>
  new Request("http://mcp.test/mcp", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
    body,
  });

describe("the web-standard streamable HTTP handler", () => {
  it("initializes, lists and calls tools over streamable HTTP, statelessly", async () => {
    expect(client.getServerVersion()).toMatchObject({
      name: "ofac-wallet-screening",
      version: "0.1.2",
    });
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, prompts: {} });
    expect((await client.listTools()).tools).toHaveLength(12);
    const r = await client.callTool({
      name: "ofac_wallet_screen",
      arguments: { address: "0x098B716B8Aaf21512996dC57EB0615e2383E2f96" },
    });
    expect(r.structuredContent).toMatchObject({ data: { summary: { status: "match" } } });
  });

  it("answers JSON, not an event stream, and keeps no session", async () => {
    const response = await handler(
      post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }), {
        "mcp-protocol-version": "2025-06-18",
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    expect(response.headers.get("mcp-session-id")).toBeNull();
    const body = (await response.json()) as { result: { tools: unknown[] } };
    expect(body.result.tools).toHaveLength(12);
  });

  it("refuses a GET stream and a DELETE with 405 and Allow: POST", async () => {
    for (const method of ["GET", "DELETE"]) {
      const response = await handler(
        new Request("http://mcp.test/mcp", { method, headers: { accept: "text/event-stream" } }),
      );
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
    }
  });

  it("refuses a body above its limit with 413", async () => {
    const small = createMcpHttpHandler({ deps: await sampleDeps(), maxBodyBytes: 1000 });
    const response = await small(
      post(
        JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "tools/list",
          params: { pad: "x".repeat(2000) },
        }),
      ),
    );
    expect(response.status).toBe(413);
  });

  it("answers malformed JSON with a JSON-RPC parse error, not a stack trace", async () => {
    const response = await handler(post("{not json"));
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ error: { code: -32700 } });
    expect(text).not.toMatch(/ at .*\.js:\d+/);
  });
});
