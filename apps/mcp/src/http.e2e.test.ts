import { request } from "node:http";
import { REQUEST_LINE_FIELDS } from "@svc/mcp-server";
import { connectTestClient, GENERATIONS } from "@svc/test-support/mcp-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_MCP_BODY_BYTES } from "./serve/http.js";
import { type RunningBin, startBin, startHttpBin } from "./test-support/bin.js";
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

for (const generation of GENERATIONS) {
  describeToolServer("streamable HTTP (--http)", generation, () =>
    connectTestClient(mcpUrl, generation),
  );
}

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

/** A POST written with exactly these headers (fetch would set Host itself). */
const rawPost = (body: string, headers: Record<string, string>) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(mcpUrl, {
      method: "POST",
      agent: false,
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        ...headers,
      },
    });
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => {
        text += d;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", reject);
    req.end(body);
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

  it("bound to loopback, refuses a request addressed to another name (DNS rebinding)", async () => {
    const port = new URL(mcpUrl).port;
    // fetch sets Host itself: the request is written as a rebound page's would be.
    const rebound = await rawPost(INITIALIZE, { Host: `evil.example.com:${port}` });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body)).toMatchObject({ jsonrpc: "2.0", error: { code: -32000 } });
    expect((await rawPost(INITIALIZE, { Host: `localhost:${port}` })).status).toBe(200);
  });

  it(`takes a body between 1 MiB and its documented limit (${MAX_MCP_BODY_BYTES} bytes)`, async () => {
    const padding = "x".repeat(1.5 * 1024 * 1024);
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: 7,
      method: "tools/list",
      params: { _meta: { padding } },
    });
    expect(body.length).toBeGreaterThan(1024 * 1024);
    expect(body.length).toBeLessThan(MAX_MCP_BODY_BYTES);
    const res = await post(body, { "mcp-protocol-version": "2025-06-18" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: 7, result: { tools: expect.any(Array) } });
  });

  it("refuses a body over the limit (413)", async () => {
    const big = await post(`"${"x".repeat(MAX_MCP_BODY_BYTES)}"`);
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32000 } });
  });

  it("logs each MCP request's line in the hosted API's shape, with the id it sends back", async () => {
    const res = await post(INITIALIZE, { "x-request-id": "svc-mcp-line-test" });
    expect(res.headers.get("x-request-id")).toBe("svc-mcp-line-test");
    const line = await bin.waitFor(
      (l) => l.msg === "request" && l.requestId === "svc-mcp-line-test",
    );
    expect(Object.keys(line)).toEqual(["level", "time", ...REQUEST_LINE_FIELDS, "msg"]);
    expect(line).toMatchObject({
      level: "info",
      method: "POST",
      path: "/mcp",
      status: 200,
      charged: false,
    });
    const refused = bin.logs().filter((l) => l.msg === "request" && l.status === 403);
    expect(refused.length).toBeGreaterThan(0);
    for (const l of refused) expect(l.level).toBe("warn");
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
