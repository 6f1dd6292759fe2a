import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { createRequire } from "node:module";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import { priceOf, TOOLS } from "@svc/mcp-server";
import { atomicUsdc, MCP_PAYMENT_RESPONSE_META } from "@svc/payments";
import { renderDocument } from "@svc/renderers";
import { type Served, serveOnLoopback } from "@svc/test-support/loopback";
import { connectHttp, connectStdio } from "@svc/test-support/mcp-client";
import type { Devnet } from "@svc/x402-devnet";
import { generatePrivateKey } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app/create-app.js";
import { loadServiceConfig } from "../config/service-config.js";
import { memoryLog } from "../log/test-support/memory-log.js";
import { type RunningService, startService } from "../service/start-service.js";
import { ledgerDir } from "../test-support/ledger-dir.js";
import { type PaidStack, startPaidStack } from "../test-support/paid-stack.js";
import { payBeforeAnswers } from "../test-support/paying-client.js";

// `svc-mcp --remote <origin>/mcp` as a stock MCP client meets it: the SDK's Client spawns the
// built proxy over stdio, and the proxy pays the hosted tool server on the local chain from the
// key in X402_PRIVATE_KEY, within its limits. Balances are read on chain.
const MAIN = createRequire(import.meta.url)
  .resolve("@svc/mcp/package.json")
  .replace(/package\.json$/, "dist/main.js");
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const SCREEN = { name: "ofac_wallet_screen", arguments: { address: LISTED } };
const PDF_REPORT = {
  name: "ofac_wallet_report",
  arguments: { address: LISTED, output_format: "pdf" },
};
const toolNamed = (name: string) => TOOLS.find((t) => t.name === name)!;
const SCREEN_PRICE = BigInt(atomicUsdc(priceOf(toolNamed(SCREEN.name), SCREEN.arguments)!));
const PDF_PRICE = BigInt(atomicUsdc(priceOf(toolNamed(PDF_REPORT.name), PDF_REPORT.arguments)!));

let stack: PaidStack;
let devnet: Devnet;
let served: Served;
const proxies: Proxy[] = [];
/** The hosted app's log: one `request` line per HTTP request. */
const hostLogged: Record<string, unknown>[] = [];

beforeAll(async () => {
  stack = await startPaidStack();
  devnet = stack.devnet;
  served = await serveOnLoopback(
    createApp({ ...stack.common, render: renderDocument, log: memoryLog(hostLogged) }),
  );
});
afterAll(async () => {
  await Promise.allSettled(proxies.map((p) => p.close()));
  await served?.close();
  await stack?.stop();
});

interface Proxy {
  readonly client: Client;
  /** The proxy's stderr, one parsed JSON line each. */
  readonly logged: Record<string, unknown>[];
  /** Errors the client met reading the proxy's stdout (a line that is not JSON-RPC). */
  readonly protocolErrors: Error[];
  close(): Promise<void>;
}

/** The proxy, spawned by the SDK client as a desktop client spawns it, with `env` only. */
async function startProxy(
  flags: string[],
  env: Record<string, string>,
  origin = served.origin,
): Promise<Proxy> {
  const logged: Record<string, unknown>[] = [];
  let pending = "";
  const { client, errors, close } = await connectStdio(
    {
      command: process.execPath,
      args: [MAIN, "--remote", `${origin}/mcp`, ...flags],
      env: { ...getDefaultEnvironment(), ...env },
    },
    "2025-11-25",
    {
      onStderr: (text) => {
        pending += text;
        const lines = pending.split("\n");
        pending = lines.pop() ?? "";
        for (const line of lines) if (line.trim() !== "") logged.push(JSON.parse(line));
      },
    },
  );
  const proxy = { client, logged, protocolErrors: errors, close };
  proxies.push(proxy);
  return proxy;
}

const keyOf = (i: number) => ({ X402_PRIVATE_KEY: devnet.payers[i]!.privateKey });
const balances = async (payer: number) => ({
  payee: await devnet.balanceOf(devnet.payTo),
  payer: await devnet.balanceOf(devnet.payers[payer]!.address),
});
type CallResult = Awaited<ReturnType<Client["callTool"]>>;
const receiptOf = (r: CallResult) =>
  r._meta?.[MCP_PAYMENT_RESPONSE_META] as { transaction: string; payer: string } | undefined;
/** Where the proxy puts a refusal's particulars. */
const PROXY_REFUSAL_META = "svc-mcp/payment-refusal";
const payments = (p: Proxy) => p.logged.filter((l) => l.msg === "payment");

describe("with a key, within the limits", () => {
  let proxy: Proxy;
  beforeAll(async () => {
    proxy = await startProxy([], keyOf(0));
  });

  it("lists the hosted server's tools and prompts as they are", async () => {
    const direct = await connectHttp(`${served.origin}/mcp`);
    try {
      expect((await proxy.client.listTools()).tools).toEqual((await direct.listTools()).tools);
      expect((await proxy.client.listPrompts()).prompts).toEqual(
        (await direct.listPrompts()).prompts,
      );
      const args = { address: LISTED };
      expect(
        await proxy.client.getPrompt({ name: "wallet_ofac_screening_brief", arguments: args }),
      ).toEqual(await direct.getPrompt({ name: "wallet_ofac_screening_brief", arguments: args }));
    } finally {
      await direct.close();
    }
  });

  it("pays a screening and a PDF report: the payee gains exactly their prices, the payer loses as much, one log line each", async () => {
    const before = await balances(0);
    const screen = await proxy.client.callTool(SCREEN);
    expect(screen.isError, JSON.stringify(screen.structuredContent)).toBeFalsy();
    expect(screen.structuredContent).toMatchObject({
      success: true,
      data: { summary: { status: "match" } },
    });
    const report = await proxy.client.callTool(PDF_REPORT);
    expect(report.isError, JSON.stringify(report.structuredContent)).toBeFalsy();
    const pdf = (report.content as { resource?: { mimeType: string; blob: string } }[])
      .map((c) => c.resource)
      .find((r) => r?.mimeType === "application/pdf");
    expect(
      Buffer.from(pdf?.blob ?? "", "base64")
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    const after = await balances(0);
    expect(SCREEN_PRICE + PDF_PRICE).toBe(100_000n);
    expect(after.payee - before.payee).toBe(SCREEN_PRICE + PDF_PRICE);
    expect(before.payer - after.payer).toBe(SCREEN_PRICE + PDF_PRICE);

    // The receipts pass through unchanged; the log has one line per payment.
    for (const r of [screen, report]) {
      expect(receiptOf(r)).toMatchObject({
        success: true,
        network: "eip155:8453",
        payer: devnet.payers[0]!.address,
        transaction: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      });
    }
    expect(payments(proxy)).toEqual([
      expect.objectContaining({
        level: "info",
        tool: "ofac_wallet_screen",
        amount: "0.01",
        asset: "USDC",
        status: "settled",
        transaction: receiptOf(screen)!.transaction,
        network: "eip155:8453",
        payer: devnet.payers[0]!.address,
        payTo: devnet.payTo,
        spentTotal: "0.01",
      }),
      expect.objectContaining({
        tool: "ofac_wallet_report",
        amount: "0.09",
        transaction: receiptOf(report)!.transaction,
        spentTotal: "0.1",
      }),
    ]);
  });

  it("passes a free tool through without paying", async () => {
    const before = await balances(0);
    const caps = await proxy.client.callTool({ name: "server_capabilities", arguments: {} });
    expect(caps.isError).toBeFalsy();
    expect(caps.structuredContent).toMatchObject({ success: true });
    expect(receiptOf(caps)).toBeUndefined();
    expect(await balances(0)).toEqual(before);
  });

  it("passes the hosted server's refusals through: bad arguments are refused unpaid... then paid-and-refused, never charged", async () => {
    const before = await balances(0);
    const bad = await proxy.client.callTool({
      name: "ofac_wallet_screen",
      arguments: { address: LISTED, extra: true },
    });
    expect(bad.isError).toBe(true);
    expect(bad.structuredContent).toMatchObject({ success: false, code: "INVALID_INPUT" });
    expect(await balances(0)).toEqual(before);
    await expect(
      proxy.client.callTool({ name: "no_such_tool", arguments: {} }),
    ).rejects.toMatchObject({ code: -32602 });
  });

  it("writes only JSON-RPC on stdout and only JSON lines on stderr", () => {
    expect(proxy.protocolErrors).toEqual([]);
    expect(proxy.logged.find((l) => l.msg === "ready")).toMatchObject({
      remote: `${served.origin}/mcp`,
      payer: devnet.payers[0]!.address,
      maxPerCall: "0.25",
      maxTotal: "5",
    });
  });
});

describe("the end of input", () => {
  it("a client that writes its calls and closes stdin still gets every answer, and the payment is logged before the exit", async () => {
    const child = spawn(process.execPath, [MAIN, "--remote", `${served.origin}/mcp`], {
      env: { ...getDefaultEnvironment(), ...keyOf(0) },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => {
      stdout += c.toString("utf8");
    });
    child.stderr.on("data", (c: Buffer) => {
      stderr += c.toString("utf8");
    });
    const exited = once(child, "exit");
    const messages = [
      {
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "sh", version: "1" },
        },
      },
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { jsonrpc: "2.0", id: 2, method: "tools/call", params: SCREEN },
    ];
    child.stdin.end(messages.map((m) => `${JSON.stringify(m)}\n`).join(""));
    const [code] = await exited;
    expect(code).toBe(0);
    const answers = stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(answers.map((a) => a.id)).toEqual([1, 2]);
    expect(answers[1].result._meta[MCP_PAYMENT_RESPONSE_META]).toMatchObject({ success: true });
    const lines = stderr
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.map((l) => l.msg)).toEqual(["ready", "payment", "stopping", "stopped"]);
  });
});

describe("at most one payment per call", () => {
  it("payment refused by the service (a key with no USDC): its PaymentRequired is returned as is, never paid again", async () => {
    const proxy = await startProxy([], { X402_PRIVATE_KEY: generatePrivateKey() });
    await proxy.client.listTools();
    const payee = await devnet.balanceOf(devnet.payTo);
    const requestsBefore = hostLogged.filter((l) => l.msg === "request").length;
    const r = await proxy.client.callTool(SCREEN);
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toMatchObject({
      x402Version: 2,
      accepts: [{ amount: String(SCREEN_PRICE) }],
    });
    expect(String((r.structuredContent as { error?: string }).error)).toMatch(/insufficient/i);
    // The unpaid call and the paid one: two requests to /mcp, no third.
    expect(hostLogged.filter((l) => l.msg === "request").length - requestsBefore).toBe(2);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee);
    expect(payments(proxy)).toEqual([]);
    expect(proxy.logged.find((l) => l.msg === "payment.not-charged")).toMatchObject({
      tool: "ofac_wallet_screen",
      amount: "0.01",
    });
  });
});

describe("a client of protocol 2026-07-28", () => {
  it("lists and pays through the proxy as a 2025 client does", async () => {
    const { client } = await connectStdio(
      {
        command: process.execPath,
        args: [MAIN, "--remote", `${served.origin}/mcp`],
        env: { ...getDefaultEnvironment(), ...keyOf(0) },
      },
      "2026-07-28",
      { negotiation: "auto" },
    );
    try {
      expect(client.getProtocolEra()).toBe("modern");
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
      const before = await devnet.balanceOf(devnet.payTo);
      const r = await client.callTool(SCREEN);
      expect(r.isError, JSON.stringify(r.structuredContent)).toBeFalsy();
      expect(r._meta?.[MCP_PAYMENT_RESPONSE_META]).toMatchObject({ success: true });
      expect(await devnet.balanceOf(devnet.payTo)).toBe(before + SCREEN_PRICE);
    } finally {
      await client.close();
    }
  });
});

describe("limits", () => {
  it("price above --max-per-call: refused with PAYMENT_LIMIT_EXCEEDED before signing, no balance moves", async () => {
    const proxy = await startProxy(["--max-per-call", "0.05"], keyOf(1));
    // Listed first, as clients do: the SDK client then checks every result against its schema.
    await proxy.client.listTools();
    const before = await balances(1);
    const r = await proxy.client.callTool(PDF_REPORT);
    expect(r.isError).toBe(true);
    // The service's refusal shape, which the listed output schema admits (the client checks it).
    expect(r.structuredContent).toEqual({
      success: false,
      code: "PAYMENT_LIMIT_EXCEEDED",
      error: expect.stringMatching(/costs 0\.09 USDC, above .* 0\.05 USDC per call/),
    });
    expect(r._meta?.[PROXY_REFUSAL_META]).toEqual({
      tool: "ofac_wallet_report",
      price: "0.09",
      limit: "max-per-call",
      max: "0.05",
      spent: "0",
      currency: "USDC",
    });
    expect(await balances(1)).toEqual(before);
    expect(payments(proxy)).toEqual([]);
    expect(proxy.logged.find((l) => l.msg === "payment.refused")).toMatchObject({
      tool: "ofac_wallet_report",
      amount: "0.09",
      limit: "max-per-call",
    });
    // A cheaper tool is still paid.
    expect((await proxy.client.callTool(SCREEN)).isError).toBeFalsy();
    expect((await balances(1)).payee - before.payee).toBe(SCREEN_PRICE);
  });

  it("spending past --max-total, even by two calls at once: the call that would pass it is refused, no balance moves for it", async () => {
    const proxy = await startProxy(["--max-total", "0.015"], keyOf(2));
    await proxy.client.listTools();
    const before = await balances(2);
    const [a, b] = await Promise.all([
      proxy.client.callTool(SCREEN),
      proxy.client.callTool(SCREEN),
    ]);
    const refused = [a, b].filter((r) => r.isError);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.structuredContent).toMatchObject({ code: "PAYMENT_LIMIT_EXCEEDED" });
    expect(refused[0]!._meta?.[PROXY_REFUSAL_META]).toMatchObject({
      limit: "max-total",
      price: "0.01",
      max: "0.015",
    });
    expect((await balances(2)).payee - before.payee).toBe(SCREEN_PRICE);

    const third = await proxy.client.callTool(SCREEN);
    expect(third.structuredContent).toMatchObject({
      code: "PAYMENT_LIMIT_EXCEEDED",
      error: expect.stringMatching(/0\.01 USDC already paid .* 0\.015 USDC in all/),
    });
    expect(third._meta?.[PROXY_REFUSAL_META]).toMatchObject({ limit: "max-total", spent: "0.01" });
    const after = await balances(2);
    expect(after.payee - before.payee).toBe(SCREEN_PRICE);
    expect(before.payer - after.payer).toBe(SCREEN_PRICE);
    expect(payments(proxy)).toHaveLength(1);
  });
});

describe("the key", () => {
  it("key leaked on the command line: refused (exit 2) without repeating it, before anything starts", () => {
    const key = devnet.payers[0]!.privateKey;
    const run = spawnSync(process.execPath, [MAIN, "--remote", `${served.origin}/mcp`, key], {
      env: getDefaultEnvironment(),
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/looks like a private key.*X402_PRIVATE_KEY/);
    expect(run.stderr).not.toContain(key.slice(2));
  });

  it("a malformed X402_PRIVATE_KEY stops the start (exit 1) without repeating it", () => {
    const run = spawnSync(process.execPath, [MAIN, "--remote", `${served.origin}/mcp`], {
      env: { ...getDefaultEnvironment(), X402_PRIVATE_KEY: "0xnot-a-key-secret" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/"msg":"start.failed"/);
    expect(run.stderr).toContain("X402_PRIVATE_KEY must be a 0x-prefixed 32-byte hex private key");
    expect(run.stderr).not.toContain("not-a-key-secret");
  });

  it("without a key: tools listed, a free tool works, a paid call is refused clearly and nothing is paid", async () => {
    const proxy = await startProxy([], {});
    const payee = await devnet.balanceOf(devnet.payTo);
    expect((await proxy.client.listTools()).tools.map((t) => t.name)).toEqual(
      TOOLS.map((t) => t.name),
    );
    const caps = await proxy.client.callTool({ name: "server_capabilities", arguments: {} });
    expect(caps.isError).toBeFalsy();
    const paid = await proxy.client.callTool(SCREEN);
    expect(paid.isError).toBe(true);
    expect(paid.structuredContent).toEqual({
      success: false,
      code: "PAYMENT_KEY_MISSING",
      error: expect.stringMatching(/paid tool \(0\.01 USDC per call\).*set X402_PRIVATE_KEY/),
    });
    expect(paid._meta?.[PROXY_REFUSAL_META]).toMatchObject({
      tool: "ofac_wallet_screen",
      price: "0.01",
    });
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee);
    expect(proxy.logged.find((l) => l.msg === "ready")).toMatchObject({ payer: null });
  });
});

describe("settlement after the answer", () => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startService(
      loadServiceConfig({
        PORT: "0",
        LOG_REQUESTS: "0",
        LEDGER_DIR: ledgerDir(),
        X402_SETTLEMENT: "after-response",
      }),
      { log: memoryLog([]) },
    );
  }, 60_000);
  afterAll(async () => {
    await service?.stop();
  });

  it("a service settling HTTP calls after their answers still answers the proxy's tool call only once settled, and the proxy logs its transaction", async () => {
    const chain = service.devnet!;
    // A wallet's first call settles before its answer over HTTP: this one paid one before, so
    // over HTTP it would be answered first; over MCP the transport says settle first.
    await payBeforeAnswers(service.url, chain.payers[0]!.privateKey);
    const proxy = await startProxy(
      [],
      { X402_PRIVATE_KEY: chain.payers[0]!.privateKey },
      service.url,
    );
    const before = await chain.balanceOf(chain.payTo);
    const r = await proxy.client.callTool(SCREEN);
    expect(r.isError, JSON.stringify(r.structuredContent)).toBeFalsy();
    const receipt = r._meta?.[MCP_PAYMENT_RESPONSE_META] as { transaction: string };
    expect(receipt).toMatchObject({ success: true });
    expect(receipt.transaction).toMatch(/^0x[0-9a-f]{64}$/);
    expect(receipt).not.toHaveProperty("status");
    expect(payments(proxy)).toEqual([
      expect.objectContaining({
        tool: "ofac_wallet_screen",
        amount: "0.01",
        status: "settled",
        transaction: receipt.transaction,
        payer: chain.payers[0]!.address,
      }),
    ]);
    expect(await chain.balanceOf(chain.payTo)).toBe(before + SCREEN_PRICE);
  });
});
