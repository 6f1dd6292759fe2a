import { beforeAll, describe, expect, it } from "vitest";
import { MCP_PROTOCOL_VERSIONS } from "../server/server-info.js";
import { sampleDeps } from "../test-support/sample-deps.js";
import { TOOLS } from "../tools/catalog.js";
import { createMcpHttpHandler } from "./mcp-http-handler.js";

// The wire of both protocol generations, as raw JSON-RPC over HTTP: what a client of either
// revision sends, and what it must get back. (The SDK clients of both generations run every tool
// in create-server.e2e.test.ts and paid-tools.e2e.test.ts; they hide the wire fields checked here.)
const LAZARUS = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const MODERN = "2026-07-28";

let handler: (request: Request) => Promise<Response>;
beforeAll(async () => {
  handler = createMcpHttpHandler({ deps: await sampleDeps() });
});

/** The `_meta` envelope a 2026-07-28 client puts on every request. */
const envelope = {
  "io.modelcontextprotocol/protocolVersion": MODERN,
  "io.modelcontextprotocol/clientInfo": { name: "raw-client", version: "1.0.0" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

interface Rpc {
  method: string;
  params?: Record<string, unknown>;
}

/** A JSON-RPC POST as a streamable HTTP client sends it, answered by the handler. */
const post = (headers: Record<string, string>, body: unknown): Promise<Response> =>
  handler(
    new Request("http://mcp.test/mcp", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        ...headers,
      },
      body: JSON.stringify(body),
    }),
  );

/**
 * A request of the stateless revision `revision` (2026-07-28 unless a test claims another): the
 * envelope in `_meta`, and the standard headers that mirror it.
 */
async function modern(
  { method, params = {} }: Rpc,
  headers: Record<string, string> = {},
  revision = MODERN,
): Promise<{ status: number; body: Record<string, unknown>; type: string | null }> {
  const name: Record<string, string> =
    typeof params.name === "string" ? { "mcp-name": params.name } : {};
  const response = await post(
    { "mcp-protocol-version": revision, "mcp-method": method, ...name, ...headers },
    {
      jsonrpc: "2.0",
      id: 7,
      method,
      params: {
        ...params,
        _meta: { ...envelope, "io.modelcontextprotocol/protocolVersion": revision },
      },
    },
  );
  const type = response.headers.get("content-type");
  const text = await response.text();
  return { status: response.status, type, body: type?.includes("json") ? JSON.parse(text) : {} };
}

/** A 2025-era request: no envelope, no handshake needed by a stateless server. */
async function legacy({ method, params }: Rpc): Promise<Record<string, unknown>> {
  const response = await post({}, { jsonrpc: "2.0", id: 8, method, params });
  expect(response.headers.get("content-type")).toMatch(/application\/json/);
  return (await response.json()) as Record<string, unknown>;
}

const resultOf = (body: Record<string, unknown>) => body.result as Record<string, unknown>;

describe("protocol 2026-07-28 (stateless: an envelope on every request, no handshake)", () => {
  it("server/discover names the revision, the capabilities and the instructions", async () => {
    const { status, body } = await modern({ method: "server/discover" });
    expect(status).toBe(200);
    const result = resultOf(body);
    expect(result.supportedVersions).toEqual([MODERN]);
    expect(result.capabilities).toMatchObject({ tools: {}, prompts: {} });
    expect(result.instructions).toMatch(/ofac_wallet_screen/);
    expect(result.resultType).toBe("complete");
  });

  it("tools/list: resultType, a cache policy every caller may share, and the server's identity", async () => {
    const { body } = await modern({ method: "tools/list" });
    const result = resultOf(body);
    expect(result.resultType).toBe("complete");
    expect(result).toMatchObject({ ttlMs: 300_000, cacheScope: "public" });
    expect((result.tools as unknown[]).length).toBe(TOOLS.length);
    expect(result._meta).toMatchObject({
      "io.modelcontextprotocol/serverInfo": { name: "ofac-wallet-screening" },
    });
  });

  it("tools/call answers with resultType complete and the same structured answer as 2025", async () => {
    const call = {
      method: "tools/call",
      params: { name: "ofac_wallet_screen", arguments: { address: LAZARUS } },
    };
    const result = resultOf((await modern(call)).body);
    expect(result.resultType).toBe("complete");
    expect(result.isError ?? false).toBe(false);
    const older = resultOf(await legacy(call));
    expect(older.resultType).toBeUndefined();
    expect(result.structuredContent).toEqual(older.structuredContent);
  });

  it("a refusal is still a tool result (isError), with resultType", async () => {
    const { body } = await modern({
      method: "tools/call",
      params: { name: "ofac_wallet_screen", arguments: { address: "0x12" } },
    });
    const result = resultOf(body);
    expect(result).toMatchObject({ resultType: "complete", isError: true });
    expect(result.structuredContent).toMatchObject({ code: "INVALID_ADDRESS" });
  });

  it("headers that disagree with the body are refused (400, -32020) before anything runs", async () => {
    const { status, body } = await modern(
      {
        method: "tools/call",
        params: { name: "ofac_wallet_screen", arguments: { address: LAZARUS } },
      },
      { "mcp-name": "list_status" },
    );
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: -32020 });
  });

  it("a request without the MCP-Protocol-Version header is refused, not served", async () => {
    const { status, body } = await modern({ method: "tools/list" }, { "mcp-protocol-version": "" });
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: -32020 });
  });

  it("a revision the server does not speak is refused with the ones it does", async () => {
    const { body } = await modern({ method: "tools/list" }, {}, "2099-01-01");
    const error = body.error as { code: number; data?: unknown } | undefined;
    expect(error?.code).toBe(-32022);
    expect(JSON.stringify(error?.data)).toContain(MODERN);
  });

  it("a subscription stream is acknowledged and closed at once: the server has nothing to announce and holds no connection", async () => {
    const { status, type } = await modern({
      method: "subscriptions/listen",
      params: { notifications: { toolsListChanged: true } },
    });
    // The body was read to its end above: the stream did not stay open.
    expect(status).toBe(200);
    expect(type).toMatch(/text\/event-stream/);
  });
});

describe("protocol 2025-11-25 beside it", () => {
  it("initialize still negotiates 2025-11-25, answered as JSON", async () => {
    const body = await legacy({
      method: "initialize",
      params: {
        protocolVersion: "2025-11-25",
        capabilities: {},
        clientInfo: { name: "raw", version: "1" },
      },
    });
    expect(resultOf(body)).toMatchObject({
      protocolVersion: "2025-11-25",
      serverInfo: { name: "ofac-wallet-screening" },
    });
  });

  it.each(MCP_PROTOCOL_VERSIONS.filter((version) => version < MODERN))(
    "every 2025-era revision the server card lists is one initialize settles on: %s",
    async (version) => {
      const body = await legacy({
        method: "initialize",
        params: {
          protocolVersion: version,
          capabilities: {},
          clientInfo: { name: "raw", version: "1" },
        },
      });
      expect(resultOf(body).protocolVersion).toBe(version);
    },
  );
});
