import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_MCP_BODY_BYTES } from "./serve/http.js";
import { type RunningBin, startBin, startHttpBin } from "./test-support/bin.js";
import { connectHttp } from "./test-support/clients.js";
import { describeToolServer } from "./test-support/conformance.js";

let bin: RunningBin;
let mcpUrl: string;
let baseUrl: string;
beforeAll(async () => {
  ({ bin, mcpUrl, baseUrl } = await startHttpBin());
});
afterAll(async () => {
  await bin?.kill();
});

describeToolServer("streamable HTTP (--http)", () => connectHttp(mcpUrl));

const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "raw", version: "1" },
  },
});

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(mcpUrl, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
    body,
  });

describe("svc-mcp --http, as a server", () => {
  it("says where it listens and reports its health and list", async () => {
    expect(mcpUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const health = await fetch(`${baseUrl}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({
      status: "ok",
      server: "ofac-wallet-screening",
      list: { ready: true, sample: true, datasetDate: expect.any(String) },
    });
  });

  it("answers POST /mcp with JSON, refuses GET (405), and 404s elsewhere", async () => {
    const ok = await post(INITIALIZE);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await ok.json()).toMatchObject({
      id: 1,
      result: { serverInfo: { name: "ofac-wallet-screening" } },
    });
    const get = await fetch(mcpUrl, { headers: { accept: "text/event-stream" } });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect((await fetch(`${baseUrl}/sse`)).status).toBe(404);
  });

  it("refuses calls from another site's page (Origin), takes them from a local one", async () => {
    const foreign = await post(INITIALIZE, { origin: "http://attacker.example" });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32000 } });
    expect((await post(INITIALIZE, { origin: "null" })).status).toBe(403);
    expect((await post(INITIALIZE, { origin: "http://localhost:6274" })).status).toBe(200);
    expect((await post(INITIALIZE, { origin: "http://127.0.0.1:6274" })).status).toBe(200);
  });

  it("refuses a body over the limit (413)", async () => {
    const big = await post(`"${"x".repeat(MAX_MCP_BODY_BYTES)}"`);
    expect(big.status).toBe(413);
  });
});

describe("svc-mcp --http, as a process", () => {
  it("exits 1 naming the problem when the port is taken", async () => {
    const port = new URL(mcpUrl).port;
    const second = startBin(["--http", port]);
    expect(await second.exited()).toBe(1);
    const failed = second.logs().find((l) => l.msg === "start.failed");
    expect(failed?.err).toMatchObject({ message: expect.stringMatching(/EADDRINUSE/) });
  });

  it("stops and exits 0 on SIGTERM", async () => {
    const { bin: own } = await startHttpBin();
    expect(await own.kill()).toBe(0);
    expect(own.logs().map((l) => l.msg)).toEqual(["list.loaded", "ready", "stopping", "stopped"]);
  });
});
