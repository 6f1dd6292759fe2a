import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ofacWalletScreen } from "@svc/compliance";
import { baseTerms, createPaymentServer, httpFacilitator } from "@svc/payments";
import { renderDocument } from "@svc/renderers";
import { type Served, serveOnLoopback } from "@svc/test-support/loopback";
import { connectStdio } from "@svc/test-support/mcp-client";
import type { Devnet } from "@svc/x402-devnet";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import type { PaymentRequired } from "@x402/core/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app/create-app.js";
import { mountDevnetInfo } from "../dev/devnet-info.js";
import { memoryLog } from "../log/test-support/memory-log.js";
import {
  type BazaarStandIn,
  bazaarStandIn,
  type RecordedPayment,
} from "../test-support/bazaar-facilitator-stand-in.js";
import { ledgerDir } from "../test-support/ledger-dir.js";
import { type PaidStack, startPaidStack } from "../test-support/paid-stack.js";

// The service's own clients echo the 402's `extensions` and `resource` in their payments, as the
// x402 spec asks (the Bazaar catalogues only what a payment carries): `pnpm demo` (x402's fetch
// client) and `svc-mcp --remote` (the paying MCP proxy), each paying the service on the local
// chain through a facilitator stand-in that records what it is sent and answers
// EXTENSION-RESPONSES as the Bazaar would; the service logs those answers.
const DEMO = fileURLToPath(new URL("../../dist/demo.js", import.meta.url));
const PROXY = createRequire(import.meta.url)
  .resolve("@svc/mcp/package.json")
  .replace(/package\.json$/, "dist/main.js");
const BASE = "https://screen.example.com";
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";

let stack: PaidStack;
let devnet: Devnet;
let standIn: BazaarStandIn;
let facilitator: Served;
let served: Served;
const logged: Record<string, unknown>[] = [];

beforeAll(async () => {
  stack = await startPaidStack(2);
  devnet = stack.devnet;
  standIn = bazaarStandIn(devnet.facilitator);
  facilitator = await serveOnLoopback(standIn.app);
  const app = createApp({
    ...stack.common,
    render: renderDocument,
    payments: {
      server: createPaymentServer(httpFacilitator(facilitator.origin)),
      terms: [baseTerms(devnet.payTo)],
    },
    baseUrl: BASE,
    log: memoryLog(logged),
  });
  // What a development service serves for `pnpm demo` to pay it with.
  mountDevnetInfo(app, devnet);
  served = await serveOnLoopback(app);
}, 60_000);
afterAll(async () => {
  await served?.close();
  await facilitator?.close();
  await stack?.stop();
});

/** The v2 PaymentRequired the service answers an unpaid `path` with (its header). */
async function challengeOf(path: string): Promise<PaymentRequired> {
  const res = await fetch(`${served.origin}${path}`);
  return decodePaymentRequiredHeader(res.headers.get("PAYMENT-REQUIRED") as string);
}

/** Both payments the stand-in was sent for one paid call, verify then settle, each echoing `required`. */
function expectEchoed(sent: readonly RecordedPayment[], required: PaymentRequired) {
  expect(sent.map((p) => p.action)).toEqual(["verify", "settle"]);
  for (const payment of sent) {
    expect(payment.x402Version).toBe(2);
    expect(payment.extensions?.bazaar).toEqual(required.extensions?.bazaar);
    expect(payment.resource).toEqual(required.resource);
    expect(payment.resource).toMatchObject({
      serviceName: expect.any(String),
      tags: expect.any(Array),
      iconUrl: `${BASE}/mcp/icon.png`,
    });
    expect(payment.extensionResponses).toEqual({ bazaar: { status: "success" } });
  }
}

/** The service's log lines of the facilitator's EXTENSION-RESPONSES, for `route`. */
const extensionLines = (route: string) =>
  logged.filter((l) => l.msg === "payment.extension-responses" && l.route === route);

describe("pnpm demo (x402's fetch client)", () => {
  it("echoes the route's bazaar declaration and resource in the payment it sends, and the Bazaar would list it", async () => {
    const path = `/api/ofac-wallet-screen/${LISTED}`;
    const required = await challengeOf(path);
    expect(required.extensions?.bazaar).toMatchObject({ routeTemplate: ofacWalletScreen.path });
    const before = standIn.payments.length;
    // Not spawnSync: the service the demo pays runs in this process.
    const r = await promisify(execFile)(process.execPath, [DEMO], {
      encoding: "utf8",
      env: { ...process.env, PORT: new URL(served.origin).port, LEDGER_DIR: ledgerDir() },
      timeout: 60_000,
    });
    expect(r.stderr).toBe("");
    expect(r.stdout).toMatch(/using the service already running/);
    expect(r.stdout).toMatch(/→ 200/);
    expectEchoed(standIn.payments.slice(before), required);
    // The service logged what the facilitator said of the listing, at verify and at settlement.
    expect(extensionLines(ofacWalletScreen.path)).toEqual([
      expect.objectContaining({
        level: "info",
        stage: "verify",
        extensionResponses: { bazaar: { status: "success" } },
      }),
      expect.objectContaining({ level: "info", stage: "settle" }),
    ]);
  });
});

describe("svc-mcp --remote (the paying MCP proxy)", () => {
  it("echoes the tool's bazaar declaration (input.type mcp) and resource in the payment it sends", async () => {
    const { client, close } = await connectStdio(
      {
        command: process.execPath,
        args: [PROXY, "--remote", `${served.origin}/mcp`],
        env: { ...getDefaultEnvironment(), X402_PRIVATE_KEY: devnet.payers[1]!.privateKey },
      },
      "2025-11-25",
    );
    try {
      const args = { address: LISTED };
      const unpaid = await fetch(`${served.origin}/mcp`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json, text/event-stream",
          "MCP-Protocol-Version": "2025-06-18",
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: "ofac_wallet_screen", arguments: args },
        }),
      });
      const required = ((await unpaid.json()) as { result: { structuredContent: PaymentRequired } })
        .result.structuredContent;
      expect(required.extensions?.bazaar).toMatchObject({
        info: { input: { type: "mcp", toolName: "ofac_wallet_screen" } },
      });
      const before = standIn.payments.length;
      const result = await client.callTool({ name: "ofac_wallet_screen", arguments: args });
      expect(result.isError, JSON.stringify(result.structuredContent)).toBeFalsy();
      expectEchoed(standIn.payments.slice(before), required);
    } finally {
      await close();
    }
  });
});
