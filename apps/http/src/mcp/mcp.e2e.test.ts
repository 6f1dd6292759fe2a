import { request } from "node:http";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import { reportPdfGenerate, walletSanctionsReport } from "@svc/compliance";
import { PROMPTS, priceOf, REQUEST_LINE_FIELDS, TOOLS } from "@svc/mcp-server";
import {
  atomicUsdc,
  BASE_USDC,
  MCP_PAYMENT_META,
  MCP_PAYMENT_RESPONSE_META,
  sumPrices,
} from "@svc/payments";
import { renderDocument } from "@svc/renderers";
import { type Served, serveOnLoopback } from "@svc/test-support/loopback";
import { connectHttp, GENERATIONS } from "@svc/test-support/mcp-client";
import { payerOf } from "@svc/test-support/x402-payer";
import type { Devnet } from "@svc/x402-devnet";
import type { PaymentRequired, SettleResponse } from "@x402/core/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app/create-app.js";
import { MAX_BODY_BYTES } from "../app/mount-operation.js";
import { memoryLog } from "../log/test-support/memory-log.js";
import { leakyFailingRender, type PaidStack, startPaidStack } from "../test-support/paid-stack.js";

// The hosted tool server as a client meets it: the SDK's Client over streamable HTTP against the
// app on a loopback port, every paid tool paid for real on the local chain through the same
// resource server and terms as the routes.
let stack: PaidStack;
let devnet: Devnet;
let served: Served;
let failingServed: Served;
let client: Client;
const logged: Record<string, unknown>[] = [];
const failingLogged: Record<string, unknown>[] = [];
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";

beforeAll(async () => {
  stack = await startPaidStack();
  devnet = stack.devnet;
  const common = stack.common;
  served = await serveOnLoopback(
    createApp({ ...common, render: renderDocument, log: memoryLog(logged) }),
  );
  failingServed = await serveOnLoopback(
    createApp({
      ...common,
      render: leakyFailingRender,
      log: memoryLog(failingLogged),
    }),
  );
  client = await connectHttp(`${served.origin}/mcp`);
});
afterAll(async () => {
  await client?.close();
  await served?.close();
  await failingServed?.close();
  await stack?.stop();
});

type CallResult = Awaited<ReturnType<Client["callTool"]>>;
const requiredOf = (r: CallResult) => r.structuredContent as unknown as PaymentRequired;
const receiptOf = (r: CallResult) => r._meta?.[MCP_PAYMENT_RESPONSE_META] as SettleResponse;
const payee = () => devnet.balanceOf(devnet.payTo);
const payer = (i: number) => payerOf(devnet.payers[i]!.privateKey);
const PAID_TOOLS = TOOLS.filter((t) => t.pricing.kind === "paid");

describe("listing", () => {
  it("lists the twelve tools (nine, list_status and the two workflows), each with a closed object input, paid ones neither read-only nor idempotent", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
    expect(tools).toHaveLength(12);
    for (const tool of tools) {
      const paid = PAID_TOOLS.some((t) => t.name === tool.name);
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(!paid);
      expect(tool.annotations?.idempotentHint, tool.name).toBe(!paid);
      expect(tool.inputSchema.type, tool.name).toBe("object");
      expect(tool.inputSchema.additionalProperties, tool.name).toBe(false);
      expect(typeof tool.description).toBe("string");
    }
  });

  it("lists the six prompts, and expands one", async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(PROMPTS.map((p) => p.name));
    expect(prompts).toHaveLength(6);
    const brief = await client.getPrompt({
      name: "wallet_ofac_screening_brief",
      arguments: { address: LISTED },
    });
    expect(JSON.stringify(brief.messages)).toContain(LISTED);
  });

  it("says who it is in the handshake: name and version 0.1.2, tools and prompts", () => {
    expect(client.getServerVersion()).toMatchObject({
      name: "ofac-wallet-screening",
      version: "0.1.2",
    });
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, prompts: {} });
  });
});

describe("server_capabilities", () => {
  it("answers without payment and charges nothing", async () => {
    const before = await payee();
    const r = await client.callTool({ name: "server_capabilities", arguments: {} });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toMatchObject({
      success: true,
      data: {
        server: { version: "0.1.2" },
        payment: {
          required: true,
          requiredFor: PAID_TOOLS.map((t) => t.name),
          notRequiredFor: ["server_capabilities", "list_status"],
        },
      },
    });
    expect(r._meta?.[MCP_PAYMENT_RESPONSE_META]).toBeUndefined();
    expect(await payee()).toBe(before);
  });
});

describe("every paid tool, paid over MCP", () => {
  for (const tool of PAID_TOOLS) {
    const price = priceOf(tool, tool.inputExample) as string;
    it(`${tool.name} ($${price}): PaymentRequired unpaid, then the answer and the receipt, charged exactly`, async () => {
      const before = await payee();
      const unpaid = await client.callTool({
        name: tool.name,
        arguments: tool.inputExample as Record<string, unknown>,
      });
      expect(unpaid.isError).toBe(true);
      const required = requiredOf(unpaid);
      expect(required).toMatchObject({
        x402Version: 2,
        resource: { url: `${served.origin}/mcp?tool=${tool.name}` },
        accepts: [
          {
            scheme: "exact",
            network: "eip155:8453",
            amount: atomicUsdc(price),
            asset: BASE_USDC,
            payTo: devnet.payTo,
            maxTimeoutSeconds: 60,
          },
        ],
      });
      expect(await payee()).toBe(before);

      const payment = await payer(0).createPaymentPayload(required);
      const paid = await client.callTool({
        name: tool.name,
        arguments: tool.inputExample as Record<string, unknown>,
        _meta: { [MCP_PAYMENT_META]: payment },
      });
      expect(paid.isError, JSON.stringify(paid.structuredContent)).toBeFalsy();
      expect(paid.structuredContent).toMatchObject({ success: true });
      expect(receiptOf(paid)).toMatchObject({
        success: true,
        network: "eip155:8453",
        payer: devnet.payers[0]!.address,
      });
      expect(await payee()).toBe(before + BigInt(atomicUsdc(price)));
    });
  }

  it("ofac_wallet_report as a PDF costs the single-address report plus the PDF route ($0.09), and returns the PDF", async () => {
    const tool = TOOLS.find((t) => t.name === "ofac_wallet_report")!;
    expect(priceOf(tool, { address: LISTED, output_format: "pdf" })).toBe("0.09");
    expect(sumPrices(walletSanctionsReport.price, reportPdfGenerate.price)).toBe("0.09");
    const before = await payee();
    const args = { address: LISTED, output_format: "pdf" };
    const required = requiredOf(await client.callTool({ name: tool.name, arguments: args }));
    expect(required.accepts[0]?.amount).toBe("90000");
    const paid = await client.callTool({
      name: tool.name,
      arguments: args,
      _meta: { [MCP_PAYMENT_META]: await payer(1).createPaymentPayload(required) },
    });
    expect(paid.isError).toBeFalsy();
    const pdf = (paid.content as { type: string; resource?: { mimeType: string; blob: string } }[])
      .map((c) => c.resource)
      .find((r) => r?.mimeType === "application/pdf");
    expect(
      Buffer.from(pdf?.blob ?? "", "base64")
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    expect(await payee()).toBe(before + 90_000n);
  });

  it("the request log says which MCP calls were charged", () => {
    const mcpLines = logged.filter((e) => e.msg === "request" && e.path === "/mcp");
    expect(mcpLines.some((e) => e.msg === "request" && e.charged)).toBe(true);
    expect(mcpLines.some((e) => e.msg === "request" && !e.charged && e.status === 200)).toBe(true);
  });

  it("logs one line per MCP request, in the shape svc-mcp --http logs its own", () => {
    const mcpLines = logged.filter((e) => e.msg === "request" && e.path === "/mcp");
    // The app's request log writes them; the MCP host, told so, writes none of its own.
    expect(new Set(mcpLines.map((e) => e.requestId)).size).toBe(mcpLines.length);
    for (const line of mcpLines) {
      expect(Object.keys(line)).toEqual(["level", "time", ...REQUEST_LINE_FIELDS, "msg"]);
    }
  });
});

/** The bytes of each answer the hosted server sent, by the JSON-RPC method it answered. */
interface Wire {
  readonly answer: (request: Request) => Promise<Response>;
  readonly bytesOf: (method: string) => number[];
}

/** Requests sent over the loopback as they are, each answer's body counted as it came. */
function wire(): Wire {
  const seen: { method: string; bytes: number }[] = [];
  return {
    answer: async (request) => {
      const sent = request.clone();
      const method =
        request.method === "POST"
          ? ((JSON.parse(await sent.text()) as { method?: string }).method ?? "")
          : request.method;
      const response = await fetch(request);
      const bytes = (await response.clone().arrayBuffer()).byteLength;
      seen.push({ method, bytes });
      return response;
    },
    bytesOf: (method) => seen.filter((s) => s.method === method).map((s) => s.bytes),
  };
}

describe.each(GENERATIONS)("the hosted listing, to a client of MCP %s", (generation) => {
  it("tools/list is at most 24 KB on the wire, every paid tool's description starting with its price", async () => {
    const counted = wire();
    const listing = await connectHttp(`${served.origin}/mcp`, generation, {
      answer: counted.answer,
    });
    try {
      const { tools } = await listing.listTools();
      expect(tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
      const [bytes] = counted.bytesOf("tools/list");
      expect(bytes).toBeGreaterThan(0);
      expect(bytes).toBeLessThanOrEqual(24 * 1024);
      for (const tool of PAID_TOOLS) {
        if (tool.pricing.kind !== "paid") continue;
        const listed = tools.find((t) => t.name === tool.name);
        expect(listed?.description?.startsWith(`$${tool.pricing.price} per call`), tool.name).toBe(
          true,
        );
        expect(listed?.icons, tool.name).toBeUndefined();
      }
    } finally {
      await listing.close();
    }
  });

  it("an unpaid call's first text says in one sentence what to do, before the PaymentRequired", async () => {
    const caller = await connectHttp(`${served.origin}/mcp`, generation);
    try {
      const unpaid = await caller.callTool({
        name: "ofac_wallet_screen",
        arguments: { address: LISTED },
      });
      expect(unpaid.isError).toBe(true);
      const texts = (unpaid.content as { type: string; text: string }[]).map((c) => c.text);
      expect(texts[0]).toBe(
        'Payment required: $0.01 USDC per call over x402; pay one of the accepts in structuredContent and call again with params._meta["x402/payment"], or use svc-mcp --remote, which pays for clients without an x402 wallet.',
      );
      expect(JSON.parse(texts[1] ?? "")).toEqual(unpaid.structuredContent);
    } finally {
      await caller.close();
    }
  });
});

describe("a client of MCP 2026-07-28 (the SDK 2 client, stateless), beside the 2025 one", () => {
  it("discovers the server, lists the same tools (lean: their output schemas are the server card's), and pays a tool the same way", async () => {
    const modern = await connectHttp(`${served.origin}/mcp`, "2026-07-28");
    try {
      expect(modern.getProtocolEra()).toBe("modern");
      expect(modern.getServerVersion()).toMatchObject({ name: "ofac-wallet-screening" });
      const { tools } = await modern.listTools();
      expect(tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
      for (const tool of tools) expect(tool.outputSchema, tool.name).toBeUndefined();

      const before = await payee();
      const args = { address: LISTED };
      const unpaid = await modern.callTool({ name: "ofac_wallet_screen", arguments: args });
      expect(unpaid.isError).toBe(true);
      const required = unpaid.structuredContent as unknown as PaymentRequired;
      expect(required.accepts[0]?.amount).toBe(atomicUsdc("0.01"));
      const paid = await modern.callTool({
        name: "ofac_wallet_screen",
        arguments: args,
        _meta: { [MCP_PAYMENT_META]: await payer(1).createPaymentPayload(required) },
      });
      expect(paid.isError ?? false, JSON.stringify(paid.structuredContent)).toBe(false);
      expect(paid.structuredContent).toMatchObject({ data: { summary: { status: "match" } } });
      expect(paid._meta?.[MCP_PAYMENT_RESPONSE_META]).toMatchObject({
        success: true,
        payer: devnet.payers[1]!.address,
      });
      expect(await payee()).toBe(before + BigInt(atomicUsdc("0.01")));
    } finally {
      await modern.close();
    }
  });
});

describe("refusals", () => {
  it("refuses bad arguments: unpaid, with the PaymentRequired (arguments are read after payment); paid, with INVALID_INPUT and their paths, charging nothing", async () => {
    const before = await payee();
    const short = await client.callTool({
      name: "ofac_wallet_screen",
      arguments: { address: "0xshort" },
    });
    expect(short.isError).toBe(true);
    expect(requiredOf(short)).toMatchObject({ x402Version: 2, error: "Payment required" });

    // With a valid payment attached: refused after verification, never settled.
    const tool = TOOLS.find((t) => t.name === "ofac_wallet_screen")!;
    const required = requiredOf(
      await client.callTool({
        name: tool.name,
        arguments: tool.inputExample as Record<string, unknown>,
      }),
    );
    const extra = await client.callTool({
      name: tool.name,
      arguments: { address: LISTED, extra: true },
      _meta: { [MCP_PAYMENT_META]: await payer(2).createPaymentPayload(required) },
    });
    expect(extra.isError).toBe(true);
    expect(extra.structuredContent).toMatchObject({ success: false, code: "INVALID_INPUT" });
    expect(
      (extra.structuredContent as { issues: { path: string }[] }).issues.map((i) => i.path),
    ).toContain("extra");
    expect(extra._meta?.[MCP_PAYMENT_RESPONSE_META]).toBeUndefined();
    expect(await payee()).toBe(before);
  });

  it("an unknown tool is a JSON-RPC error (invalid params), not a result", async () => {
    await expect(client.callTool({ name: "no_such_tool", arguments: {} })).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
    });
  });

  it("a replayed payment is refused, the tool does not answer, and nothing more is charged", async () => {
    const tool = TOOLS.find((t) => t.name === "ofac_wallet_screen")!;
    const args = tool.inputExample as Record<string, unknown>;
    const required = requiredOf(await client.callTool({ name: tool.name, arguments: args }));
    const payment = await payer(1).createPaymentPayload(required);
    const before = await payee();
    const first = await client.callTool({
      name: tool.name,
      arguments: args,
      _meta: { [MCP_PAYMENT_META]: payment },
    });
    expect(first.isError).toBeFalsy();
    expect(await payee()).toBe(before + 10_000n);
    const replay = await client.callTool({
      name: tool.name,
      arguments: args,
      _meta: { [MCP_PAYMENT_META]: payment },
    });
    expect(replay.isError).toBe(true);
    expect(requiredOf(replay)).toMatchObject({ x402Version: 2, accepts: [{ amount: "10000" }] });
    expect(requiredOf(replay).error).toBe("payment_already_used");
    expect(replay.structuredContent).not.toHaveProperty("data");
    expect(await payee()).toBe(before + 10_000n);
  });

  it("a tool that fails answers INTERNAL_ERROR without internals, is not charged, and is logged", async () => {
    const failing = await connectHttp(`${failingServed.origin}/mcp`);
    try {
      const args = { address: LISTED, output_format: "pdf" };
      const required = requiredOf(
        await failing.callTool({ name: "ofac_wallet_report", arguments: args }),
      );
      const before = await payee();
      const r = await failing.callTool({
        name: "ofac_wallet_report",
        arguments: args,
        _meta: { [MCP_PAYMENT_META]: await payer(2).createPaymentPayload(required) },
      });
      expect(r.isError).toBe(true);
      expect(r.structuredContent).toEqual({
        success: false,
        code: "INTERNAL_ERROR",
        error: "The tool failed to answer; nothing was charged.",
      });
      expect(JSON.stringify(r)).not.toMatch(/secret|renderer crashed/);
      expect(await payee()).toBe(before);
      const fault = failingLogged.find((e) => e.msg === "tool.fault");
      expect(fault).toMatchObject({
        level: "error",
        tool: "ofac_wallet_report",
        err: { message: expect.stringMatching(/renderer crashed/) },
      });
      const line = failingLogged.find(
        (e) => e.msg === "request" && e.requestId === fault?.requestId,
      );
      expect(line).toMatchObject({ path: "/mcp", status: 200, charged: false });
    } finally {
      await failing.close();
    }
  });
});

describe("the /mcp endpoint over HTTP", () => {
  const INIT = {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "curl", version: "1" },
    },
  };
  const MCP_ACCEPT = "application/json, text/event-stream";

  it("answers a JSON-RPC POST with one JSON response and no session id", async () => {
    const res = await fetch(`${served.origin}/mcp`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: MCP_ACCEPT },
      body: JSON.stringify(INIT),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("mcp-session-id")).toBeNull();
    expect(res.headers.get("x-request-id")).toMatch(/\S+/);
    expect(await res.json()).toMatchObject({
      jsonrpc: "2.0",
      id: 1,
      result: { serverInfo: { name: "ofac-wallet-screening", version: "0.1.2" } },
    });
  });

  it(`refuses a body above ${MAX_BODY_BYTES} bytes with the routes' 413`, async () => {
    const huge = {
      ...INIT,
      params: { ...INIT.params, padding: "x".repeat(MAX_BODY_BYTES + 10) },
    };
    const res = await fetch(`${served.origin}/mcp`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: MCP_ACCEPT },
      body: JSON.stringify(huge),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ success: false, code: "PAYLOAD_TOO_LARGE" });
  });

  it("refuses a chunked body above the limit too (no Content-Length to trust)", async () => {
    // On its own connection: the server answers before the body ends and need not read the rest.
    const { status, connection, body } = await new Promise<{
      status: number;
      connection: string | undefined;
      body: string;
    }>((resolve, reject) => {
      const req = request(`${served.origin}/mcp`, {
        method: "POST",
        agent: false,
        headers: { "Content-Type": "application/json", Accept: MCP_ACCEPT },
      });
      req.on("response", (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => {
          text += d;
        });
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }),
        );
      });
      req.on("error", reject);
      const chunk = "x".repeat(64 * 1024);
      for (let sent = 0; sent <= MAX_BODY_BYTES; sent += chunk.length) req.write(chunk);
      req.end();
    });
    expect(status).toBe(413);
    expect(connection).toBe("close");
    expect(JSON.parse(body)).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
  });

  it("GET asking for an event stream is refused by the transport (405): there is no stream", async () => {
    const res = await fetch(`${served.origin}/mcp`, { headers: { Accept: "text/event-stream" } });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
  });

  it("DELETE and PUT get the app's 405 with Allow", async () => {
    for (const method of ["DELETE", "PUT"]) {
      const res = await fetch(`${served.origin}/mcp`, { method });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")?.split(", ").sort()).toEqual(["GET", "HEAD", "POST"]);
      expect(await res.json()).toMatchObject({ success: false, code: "METHOD_NOT_ALLOWED" });
    }
  });

  it("lets browser MCP clients through CORS: the transport's headers in, the session id out", async () => {
    const preflight = await fetch(`${served.origin}/mcp`, {
      method: "OPTIONS",
      headers: {
        Origin: "https://agent.example",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers":
          "content-type, mcp-protocol-version, mcp-session-id, mcp-method, mcp-name",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    const allowed = (preflight.headers.get("access-control-allow-headers") ?? "").toLowerCase();
    for (const h of [
      "content-type",
      "mcp-protocol-version",
      "mcp-session-id",
      "last-event-id",
      "mcp-method",
      "mcp-name",
    ]) {
      expect(allowed.split(", ")).toContain(h);
    }
    const res = await fetch(`${served.origin}/mcp`, {
      method: "POST",
      headers: {
        Origin: "https://agent.example",
        "Content-Type": "application/json",
        Accept: MCP_ACCEPT,
      },
      body: JSON.stringify(INIT),
    });
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect((res.headers.get("access-control-expose-headers") ?? "").toLowerCase()).toContain(
      "mcp-session-id",
    );
  });
});
