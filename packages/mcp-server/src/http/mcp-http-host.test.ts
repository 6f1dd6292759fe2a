import type { ComplianceDeps } from "@svc/compliance";
import { beforeAll, describe, expect, it } from "vitest";
import { sampleDeps } from "../test-support/sample-deps.js";
import { TOOLS } from "../tools/catalog.js";
import { ANY_CALLER, LOOPBACK_CALLER } from "./caller-policy.js";
import { createMcpHttpHost, type McpHttpHostOptions } from "./mcp-http-host.js";
import { type LogSink, REQUEST_LINE_FIELDS } from "./request-line.js";

const MiB = 1024 * 1024;
let deps: ComplianceDeps;
beforeAll(async () => {
  deps = await sampleDeps();
});

interface Line {
  readonly level: "info" | "warn" | "error";
  readonly msg: string;
  readonly fields: Record<string, unknown>;
}

/** A sink keeping what it was given, as pino would write it. */
const memorySink = (lines: Line[]): LogSink => ({
  info: (fields, msg) => lines.push({ level: "info", msg, fields: { ...fields } }),
  warn: (fields, msg) => lines.push({ level: "warn", msg, fields: { ...fields } }),
  error: (fields, msg) => lines.push({ level: "error", msg, fields: { ...fields } }),
});

const hostOf = (options: Partial<McpHttpHostOptions> = {}) =>
  createMcpHttpHost({ deps, maxBodyBytes: 2 * MiB, callers: LOOPBACK_CALLER, ...options });

/** A JSON-RPC POST as a streamable HTTP client sends it, to this machine unless told. */
const post = (body: unknown, headers: Record<string, string> = {}) =>
  new Request("http://127.0.0.1:8765/mcp", {
    method: "POST",
    headers: {
      host: "127.0.0.1:8765",
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-06-18",
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const toolsList = (padding = 0) => ({
  jsonrpc: "2.0",
  id: 1,
  method: "tools/list",
  params: padding === 0 ? {} : { _meta: { padding: "x".repeat(padding) } },
});

describe("the MCP HTTP host", () => {
  it("on loopback, refuses a rebound name and another site's page (403) before reading", async () => {
    const host = hostOf();
    const rebound = await host(
      post(toolsList(), { host: "evil.example.com:8765", origin: "http://evil.example.com:8765" }),
    );
    expect(rebound.status).toBe(403);
    expect(await rebound.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32000 } });
    expect((await host(post(toolsList(), { origin: "https://attacker.example" }))).status).toBe(
      403,
    );
    const local = await host(post(toolsList(), { origin: "http://localhost:6274" }));
    expect(local.status).toBe(200);
  });

  it("hosted (any caller), takes every site's page and name", async () => {
    const host = hostOf({ callers: ANY_CALLER });
    const res = await host(
      post(toolsList(), { host: "api.example", origin: "https://agent.example" }),
    );
    expect(res.status).toBe(200);
  });

  it("enforces the limit it is given: between 1 and 2 MiB is taken under 2 MiB, not above", async () => {
    const host = hostOf({ maxBodyBytes: 2 * MiB });
    const taken = await host(post(toolsList(1.5 * MiB)));
    expect(taken.status).toBe(200);
    expect(((await taken.json()) as { result: { tools: unknown[] } }).result.tools.length).toBe(
      TOOLS.length,
    );
    expect((await host(post(toolsList(2 * MiB)))).status).toBe(413);
    const small = hostOf({ maxBodyBytes: MiB });
    expect((await small(post(toolsList(1.5 * MiB)))).status).toBe(413);
  });

  it("answers a body over the limit as the app asks", async () => {
    const host = hostOf({ maxBodyBytes: 1000 });
    const res = await host(post(toolsList(2000)), {
      onTooLarge: () => Response.json({ code: "PAYLOAD_TOO_LARGE" }, { status: 413 }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ code: "PAYLOAD_TOO_LARGE" });
  });

  it("logs each request's line in the service's shape, at the level of its status", async () => {
    const lines: Line[] = [];
    const host = hostOf({ log: { sink: memorySink(lines), requests: true } });
    await host(post(toolsList()), { requestId: "req-1" });
    await host(post(toolsList(), { origin: "https://attacker.example" }), { requestId: "req-2" });
    const own = await host(post(toolsList()));
    expect(lines.map((l) => [l.msg, l.level, l.fields.requestId])).toEqual([
      ["request", "info", "req-1"],
      ["request", "warn", "req-2"],
      ["request", "info", own.headers.get("x-request-id")],
    ]);
    for (const line of lines) expect(Object.keys(line.fields)).toEqual([...REQUEST_LINE_FIELDS]);
    expect(lines[0]?.fields).toMatchObject({
      method: "POST",
      path: "/mcp",
      status: 200,
      durationMs: expect.any(Number),
      charged: false,
    });
    expect(own.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("leaves request lines to the app when told, and logs a tool's fault with the request id", async () => {
    const lines: Line[] = [];
    const host = hostOf({
      deps: { ...deps, render: () => Promise.reject(new Error("renderer crashed")) },
      log: { sink: memorySink(lines), requests: false },
    });
    const res = await host(
      post({
        jsonrpc: "2.0",
        id: 2,
        method: "tools/call",
        params: {
          name: "ofac_wallet_report",
          arguments: {
            address: "0x098B716B8Aaf21512996dC57EB0615e2383E2f96",
            output_format: "pdf",
          },
        },
      }),
      { requestId: "req-3" },
    );
    expect(res.status).toBe(200);
    expect(JSON.stringify(await res.json())).not.toContain("renderer crashed");
    expect(lines.map((l) => [l.msg, l.level])).toEqual([["tool.fault", "error"]]);
    expect(lines[0]?.fields).toMatchObject({
      requestId: "req-3",
      tool: "ofac_wallet_report",
      err: { message: "renderer crashed" },
    });
  });
});
