import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { MONITOR_TOOLS, SIGN_IN_META, TOOLS } from "@svc/mcp-server";
import { MCP_PAYMENT_META, MCP_PAYMENT_RESPONSE_META } from "@svc/payments";
import { connectHttp } from "@svc/test-support/mcp-client";
import { payerOf } from "@svc/test-support/x402-payer";
import type { PaymentRequired } from "@x402/core/types";
import {
  createSIWxPayload,
  encodeSIWxHeader,
  SIGN_IN_WITH_X,
  type SIWxExtension,
} from "@x402/extensions/sign-in-with-x";
import { Webhook } from "standardwebhooks";
import type { Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MONITOR_OWNER_ENDPOINT_LIST,
  MONITOR_OWNER_ENDPOINTS,
} from "../monitors/owner-api/owner-api-endpoints.js";
import { until } from "../monitors/test-support/monitor-fixtures.js";
import { type ServiceProcess, startServiceProcess } from "../test-support/service-process.js";

/**
 * Monitors over MCP on the service as deployed (its own process, the local chain, its ledger and
 * webhook deliverer): `monitor_create` and `monitor_extend` paid through the x402 v2 MCP
 * transport, the monitor's first screening delivered to a local receiver, then the owner tools
 * signed in with a Sign-In-With-X proof of the paying wallet made by x402's own helpers from the
 * challenge an unsigned call answers.
 */
const MAIN = fileURLToPath(new URL("../../dist/main.js", import.meta.url));
const LAZARUS = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const CLEAR = "0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe";
const DELIVERY_MS = 20_000;

let dir: string;
let service: ServiceProcess;
let client: Client;
let payerKey: Hex;
let payer: string;
const received: Array<{ body: string; headers: IncomingHttpHeaders }> = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    received.push({ body: Buffer.concat(chunks).toString("utf8"), headers: req.headers });
    res.writeHead(200).end("ok");
  });
});
const hook = () => `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/ofac`;

interface DevnetInfo {
  readonly payers: ReadonlyArray<{ readonly address: string; readonly privateKey: Hex }>;
}

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  dir = await mkdtemp(join(tmpdir(), "mcp-monitors-"));
  service = await startServiceProcess(MAIN, {
    PORT: "0",
    LOG_REQUESTS: "0",
    LEDGER_DIR: join(dir, "ledger"),
    SIGNING_KEY_FILE: join(dir, "signing-key.json"),
    WEBHOOK_POLL_MS: "100",
  });
  const info = (await (await fetch(`${service.url}/dev/devnet.json`)).json()) as DevnetInfo;
  const first = info.payers[0] as DevnetInfo["payers"][number];
  payer = first.address;
  payerKey = first.privateKey;
  client = await connectHttp(`${service.url}/mcp`);
}, 120_000);

afterAll(async () => {
  await client?.close();
  await service?.stop();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

type CallResult = Awaited<ReturnType<Client["callTool"]>>;
type Refusal = { success: false; code: string; error: string };

/** A paid call: unpaid first (its PaymentRequired), then paid by the devnet's first payer. */
async function paidCall(name: string, args: Record<string, unknown>): Promise<CallResult> {
  const unpaid = await client.callTool({ name, arguments: args });
  expect(unpaid.isError).toBe(true);
  const required = unpaid.structuredContent as unknown as PaymentRequired;
  const payment = await payerOf(payerKey).createPaymentPayload(required);
  return client.callTool({ name, arguments: args, _meta: { [MCP_PAYMENT_META]: payment } });
}

/**
 * A signed-in call as a client makes it: unsigned first, answered with the challenge; the
 * challenge signed by the paying wallet with x402's `createSIWxPayload` on its first chain, and
 * the call made again with the proof in `_meta["sign-in-with-x"]`.
 */
async function signedInCall(name: string, args: Record<string, unknown>): Promise<CallResult> {
  const unsigned = await client.callTool({ name, arguments: args });
  expect(unsigned.isError).toBe(true);
  const challenge = unsigned.structuredContent as unknown as PaymentRequired & Refusal;
  expect(challenge.code).toBe("SIWX_REQUIRED");
  const extension = challenge.extensions?.[SIGN_IN_WITH_X] as SIWxExtension;
  const chain = extension.supportedChains[0] as SIWxExtension["supportedChains"][number];
  const proof = encodeSIWxHeader(
    await createSIWxPayload(
      { ...extension.info, chainId: chain.chainId, type: chain.type },
      privateKeyToAccount(payerKey),
      // The client checks the challenge is bound to the server it called.
      new URL(`${service.url}/mcp`),
    ),
  );
  return client.callTool({ name, arguments: args, _meta: { [SIGN_IN_META]: proof } });
}

// Every owner endpoint is a tool but the report, a file downloaded from its route.
const OWNER_TOOLS = MONITOR_OWNER_ENDPOINT_LIST.filter(
  (e) => e !== MONITOR_OWNER_ENDPOINTS.report,
).map((e) => e.name);

describe("the hosted server's tools where monitors are kept", () => {
  it("lists the package's tools, then the paid monitor tools, then the owner tools (free, signed in), within the 24 KB tools/list budget", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      ...TOOLS.map((t) => t.name),
      ...MONITOR_TOOLS.map((t) => t.name),
      ...OWNER_TOOLS,
    ]);
    // The answer's bytes on the wire, as a stateless client of 2025-11-25 gets them.
    const wire = await fetch(`${service.url}/mcp`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        "MCP-Protocol-Version": "2025-11-25",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(wire.status).toBe(200);
    const bytes = (await wire.arrayBuffer()).byteLength;
    expect(bytes).toBeGreaterThan(Buffer.byteLength(JSON.stringify({ tools })) - 1);
    expect(bytes).toBeLessThanOrEqual(24 * 1024);
    for (const tool of MONITOR_TOOLS) {
      const listed = tools.find((t) => t.name === tool.name);
      expect(listed?.description, tool.name).toMatch(/^\$\d+\.\d+ per call/);
      expect(listed?.annotations?.readOnlyHint, tool.name).toBe(false);
    }
    for (const name of OWNER_TOOLS) {
      const listed = tools.find((t) => t.name === name);
      expect(listed?.description, name).toContain(`_meta["${SIGN_IN_META}"]`);
      expect(listed?.inputSchema.additionalProperties, name).toBe(false);
    }
    const remove = tools.find((t) => t.name === "monitor_delete");
    expect(remove?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  });

  it("/mcp/docs and the server card name every tool served, the owner tools as free and signed in with sign-in-with-x", async () => {
    const { tools } = await client.listTools();
    const docs = (await (await fetch(`${service.url}/mcp/docs?format=json`)).json()) as {
      tools: Array<{ name: string; free: boolean }>;
      payment: { notRequiredFor: string[] };
      authentication: { schemes: string[]; signedInTools: string[] };
    };
    expect(docs.tools.map((t) => t.name)).toEqual(tools.map((t) => t.name));
    for (const name of OWNER_TOOLS) expect(docs.payment.notRequiredFor).toContain(name);
    expect(docs.authentication).toMatchObject({
      schemes: ["sign-in-with-x"],
      signedInTools: OWNER_TOOLS,
    });
    const card = (await (
      await fetch(`${service.url}/.well-known/mcp/server-card.json`)
    ).json()) as { tools: Array<{ name: string }>; authentication: { schemes: string[] } };
    expect(card.tools.map((t) => t.name)).toEqual(tools.map((t) => t.name));
    expect(card.authentication.schemes).toEqual(["sign-in-with-x"]);
  });
});

describe("monitors over MCP, paid on the local chain, managed signed in", () => {
  let monitorId: string;
  let paidUntil: string;

  it("a paid monitor_create answers the monitor and its secret, and the webhook gets monitor.screened, verified", async () => {
    const paid = await paidCall("monitor_create", {
      addresses: [LAZARUS, CLEAR],
      label: "counterparties",
      webhookUrl: hook(),
    });
    expect(paid.isError, JSON.stringify(paid.structuredContent)).toBeFalsy();
    expect(paid._meta?.[MCP_PAYMENT_RESPONSE_META]).toMatchObject({ success: true });
    const answer = paid.structuredContent as {
      data: {
        monitor: { id: string; owner: string; paidUntil: string };
        secret: string;
        screening: { matchCount: number; attestations: string[] };
      };
    };
    monitorId = answer.data.monitor.id;
    paidUntil = answer.data.monitor.paidUntil;
    expect(monitorId).toMatch(/^mon_/);
    expect(answer.data.secret).toMatch(/^whsec_/);
    expect(answer.data.monitor.owner).toBe(`eip155:8453:${payer.toLowerCase()}`);
    expect(answer.data.screening.matchCount).toBe(1);
    expect(answer.data.screening.attestations).toHaveLength(1);
    const message = await until("monitor.screened", DELIVERY_MS, () =>
      received.find((m) => m.body.includes(monitorId) && m.body.includes("monitor.screened")),
    );
    const event = new Webhook(answer.data.secret).verify(
      message.body,
      message.headers as Record<string, string>,
    ) as { type: string; data: { monitorId: string } };
    expect(event.type).toBe("monitor.screened");
    expect(event.data.monitorId).toBe(monitorId);
  });

  it("a paid monitor_extend adds one 30-day period", async () => {
    const paid = await paidCall("monitor_extend", { monitorId });
    expect(paid.isError, JSON.stringify(paid.structuredContent)).toBeFalsy();
    const answer = paid.structuredContent as { data: { monitor: { paidUntil: string } } };
    expect(Date.parse(answer.data.monitor.paidUntil) - Date.parse(paidUntil)).toBe(30 * 86_400_000);
  });

  it("an owner tool called without a proof answers the sign-in challenge for the tool's resource, as structured content", async () => {
    const r = await client.callTool({ name: "monitors_list", arguments: {} });
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toMatchObject({
      success: false,
      code: "SIWX_REQUIRED",
      x402Version: 2,
      accepts: [],
      resource: { url: `${service.url}/mcp?tool=monitors_list` },
      extensions: {
        [SIGN_IN_WITH_X]: {
          info: { domain: new URL(service.url).host, uri: `${service.url}/mcp?tool=monitors_list` },
          supportedChains: [{ chainId: "eip155:8453" }],
        },
      },
    });
  });

  it("monitors_list, monitor_read and monitor_deliveries answer the paying wallet signed in", async () => {
    const list = await signedInCall("monitors_list", {});
    expect(list.isError, JSON.stringify(list.structuredContent)).toBeFalsy();
    expect(list.structuredContent).toMatchObject({
      data: {
        wallet: { namespace: "eip155", address: payer.toLowerCase() },
        monitors: [{ id: monitorId, status: "active", addressCount: 2 }],
      },
    });
    const read = await signedInCall("monitor_read", { id: monitorId });
    expect(read.isError, JSON.stringify(read.structuredContent)).toBeFalsy();
    const addresses = (read.structuredContent as { data: { addresses: { address: string }[] } })
      .data.addresses;
    expect(addresses.map((a) => a.address).sort()).toEqual([LAZARUS, CLEAR].sort());
    const log = await signedInCall("monitor_deliveries", { id: monitorId });
    expect(log.isError, JSON.stringify(log.structuredContent)).toBeFalsy();
    const messages = (
      log.structuredContent as { data: { messages: { eventType: string; status: string }[] } }
    ).data.messages;
    expect(messages.map((m) => m.eventType)).toContain("monitor.screened");
  });

  it("monitor_update pauses, monitor_delivery_replay sends a delivered message again, monitor_delete deletes", async () => {
    const paused = await signedInCall("monitor_update", { id: monitorId, status: "paused" });
    expect(paused.isError, JSON.stringify(paused.structuredContent)).toBeFalsy();
    expect(paused.structuredContent).toMatchObject({ data: { monitor: { status: "paused" } } });
    const log = await signedInCall("monitor_deliveries", { id: monitorId });
    const delivered = (
      log.structuredContent as { data: { messages: { id: string; status: string }[] } }
    ).data.messages.find((m) => m.status === "delivered");
    expect(delivered).toBeDefined();
    const replay = await signedInCall("monitor_delivery_replay", {
      id: monitorId,
      messageId: delivered?.id,
    });
    expect(replay.isError, JSON.stringify(replay.structuredContent)).toBeFalsy();
    expect(replay.structuredContent).toMatchObject({ data: { status: "pending" } });
    const removed = await signedInCall("monitor_delete", { id: monitorId });
    expect(removed.isError, JSON.stringify(removed.structuredContent)).toBeFalsy();
    expect(removed.structuredContent).toMatchObject({ data: { monitor: { status: "deleted" } } });
    const again = await signedInCall("monitor_update", { id: monitorId, status: "active" });
    expect(again.isError).toBe(true);
    expect((again.structuredContent as Refusal).code).toBe("MONITOR_DELETED");
  });
});
