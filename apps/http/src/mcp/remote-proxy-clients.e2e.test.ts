import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { experimental_createMCPClient } from "@ai-sdk/mcp";
import { Experimental_StdioMCPTransport } from "@ai-sdk/mcp/mcp-stdio";
import { getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import { priceOf, TOOLS } from "@svc/mcp-server";
import { atomicUsdc, MCP_PAYMENT_RESPONSE_META } from "@svc/payments";
import { renderDocument } from "@svc/renderers";
import { type Served, serveOnLoopback } from "@svc/test-support/loopback";
import { connectStdio, GENERATIONS } from "@svc/test-support/mcp-client";
import type { Devnet } from "@svc/x402-devnet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app/create-app.js";
import { type PaidStack, startPaidStack } from "../test-support/paid-stack.js";

// `svc-mcp --remote <origin>/mcp` under the stdio clients people run, each spawning the built
// proxy as a desktop client does: the AI SDK's (ten fresh processes in a row), the official SDK's
// of both protocol generations, and the MCP Inspector's CLI. Each lists the hosted tools and
// calls a free one and a paid one, which the proxy pays on the local chain from X402_PRIVATE_KEY.
const require = createRequire(import.meta.url);
const MAIN = require.resolve("@svc/mcp/package.json").replace(/package\.json$/, "dist/main.js");
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const SCREEN = { name: "ofac_wallet_screen", arguments: { address: LISTED } };
const screenTool = TOOLS.find((t) => t.name === SCREEN.name)!;
const SCREEN_PRICE = BigInt(atomicUsdc(priceOf(screenTool, SCREEN.arguments)!));

let stack: PaidStack;
let devnet: Devnet;
let served: Served;
beforeAll(async () => {
  stack = await startPaidStack();
  devnet = stack.devnet;
  served = await serveOnLoopback(createApp({ ...stack.common, render: renderDocument }));
});
afterAll(async () => {
  await served?.close();
  await stack?.stop();
});

/** The proxy's command line, as a client configuration names it. */
const proxyArgs = () => [MAIN, "--remote", `${served.origin}/mcp`];
const keyOf = (i: number) => ({ X402_PRIVATE_KEY: devnet.payers[i]!.privateKey });
const payee = () => devnet.balanceOf(devnet.payTo);

interface ToolResult {
  readonly isError?: boolean;
  readonly content: { type: string; text?: string }[];
  readonly structuredContent?: unknown;
  readonly _meta?: Record<string, unknown>;
}

/** The screening answer a result carries as its first text (what a model reads). */
const screeningOf = (r: ToolResult) =>
  JSON.parse(r.content[0]?.text ?? "") as { data: { summary: { status: string } } };

describe("the AI SDK's stdio MCP client (@ai-sdk/mcp)", () => {
  it("lists the tools and calls a free and a paid one through a fresh svc-mcp --remote, ten times in a row", async () => {
    const before = await payee();
    const call = { toolCallId: "call_1", messages: [] };
    for (let round = 1; round <= 10; round++) {
      const client = await experimental_createMCPClient({
        transport: new Experimental_StdioMCPTransport({
          command: process.execPath,
          args: proxyArgs(),
          env: keyOf(0),
          stderr: "ignore",
        }),
      });
      try {
        const tools = await client.tools();
        expect(Object.keys(tools), `round ${round}`).toEqual(TOOLS.map((t) => t.name));
        const free = (await tools.list_status?.execute({}, call)) as ToolResult;
        expect(free.isError ?? false, `round ${round}`).toBe(false);
        const paid = (await tools.ofac_wallet_screen?.execute(
          SCREEN.arguments,
          call,
        )) as ToolResult;
        expect(paid.isError ?? false, `round ${round}: ${paid.content[0]?.text}`).toBe(false);
        expect(screeningOf(paid).data.summary.status, `round ${round}`).toBe("match");
        expect(paid._meta?.[MCP_PAYMENT_RESPONSE_META], `round ${round}`).toMatchObject({
          success: true,
        });
      } finally {
        await client.close();
      }
    }
    expect(await payee()).toBe(before + 10n * SCREEN_PRICE);
  }, 180_000);
});

describe.each(GENERATIONS)("the official SDK's stdio client of MCP %s", (generation) => {
  it("lists the tools, calls a free and a paid one, and the proxy stops once the client closes", async () => {
    const before = await payee();
    const proxy = await connectStdio(
      {
        command: process.execPath,
        args: proxyArgs(),
        env: { ...getDefaultEnvironment(), ...keyOf(1) },
      },
      generation,
    );
    try {
      const { tools } = await proxy.client.listTools();
      expect(tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
      const free = await proxy.client.callTool({ name: "list_status", arguments: {} });
      expect(free.isError ?? false).toBe(false);
      const paid = (await proxy.client.callTool(SCREEN)) as ToolResult;
      expect(paid.isError ?? false, JSON.stringify(paid.content)).toBe(false);
      expect(paid.structuredContent).toMatchObject({ data: { summary: { status: "match" } } });
      expect(proxy.errors).toEqual([]);
    } finally {
      await proxy.close();
    }
    expect(await payee()).toBe(before + SCREEN_PRICE);
    const stopped = proxy
      .stderr()
      .split("\n")
      .filter((line) => line.includes('"msg":"stopped"'))
      .map((line) => JSON.parse(line) as { reason: string });
    expect(stopped).toEqual([expect.objectContaining({ reason: "connection closed" })]);
  });
});

/**
 * The MCP Inspector's CLI, a client nobody here wrote. Inspector 2.x needs Node >= 22.19: on
 * older Node (CI's first pass runs Node 20) these tests are skipped, and CI's Node 24 pass runs
 * them.
 */
const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
const INSPECTOR_RUNS = major > 22 || (major === 22 && minor >= 19);
const WHY = INSPECTOR_RUNS
  ? ""
  : ` (skipped: the Inspector needs Node >= 22.19, this is ${process.version})`;

describe("the MCP Inspector CLI spawning svc-mcp --remote", () => {
  const run = promisify(execFile);
  let home: string;
  beforeAll(() => {
    home = mkdtempSync(join(tmpdir(), "svc-remote-inspector-"));
  });
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  /** `mcp-inspector --cli --format json -q ...` against the proxy, its stdout parsed. */
  async function inspect(args: readonly string[]): Promise<{ result: Record<string, unknown> }> {
    const pkg = require.resolve("@modelcontextprotocol/inspector/package.json");
    const { bin } = JSON.parse(readFileSync(pkg, "utf8")) as { bin: Record<string, string> };
    const inspector = join(dirname(pkg), bin["mcp-inspector"] as string);
    const key = keyOf(2).X402_PRIVATE_KEY;
    const { stdout } = await run(
      process.execPath,
      [
        inspector,
        "--cli",
        "--format",
        "json",
        "-q",
        "-e",
        `X402_PRIVATE_KEY=${key}`,
        ...args,
        "--",
        process.execPath,
        ...proxyArgs(),
      ],
      { env: { ...process.env, HOME: home }, maxBuffer: 16 * 1024 * 1024, timeout: 60_000 },
    ).catch((error: { code?: unknown; stdout?: string; stderr?: string }) => {
      throw new Error(
        `the Inspector failed (exit ${String(error.code)})\nstdout: ${error.stdout}\nstderr: ${error.stderr}`,
      );
    });
    return JSON.parse(stdout) as { result: Record<string, unknown> };
  }

  it.skipIf(!INSPECTOR_RUNS)(`tools/list: the hosted tools, as listed${WHY}`, async () => {
    const { result } = await inspect(["--method", "tools/list"]);
    expect((result.tools as { name: string }[]).map((t) => t.name)).toEqual(
      TOOLS.map((t) => t.name),
    );
  });

  it.skipIf(!INSPECTOR_RUNS)(`tools/call ofac_wallet_screen, paid by the proxy${WHY}`, async () => {
    const before = await payee();
    const { result } = await inspect([
      "--method",
      "tools/call",
      "--tool-name",
      SCREEN.name,
      "--tool-arg",
      `address=${LISTED}`,
    ]);
    expect(result.isError ?? false).toBe(false);
    expect(result.structuredContent).toMatchObject({ data: { summary: { status: "match" } } });
    expect(await payee()).toBe(before + SCREEN_PRICE);
  });
});
