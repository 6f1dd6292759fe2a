import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { openLedger, type PaymentLedger } from "@svc/ledger";
import { SIGN_IN_META } from "@svc/mcp-server";
import { renderDocument } from "@svc/renderers";
import { type Served, serveOnLoopback } from "@svc/test-support/loopback";
import { connectHttp } from "@svc/test-support/mcp-client";
import type { SIWxSigner } from "@x402/extensions/sign-in-with-x";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app/create-app.js";
import { makeMonitor, proofFor } from "../monitors/owner-api/owner-api-test-kit.js";
import { serviceMonitors } from "../monitors/service-monitors.js";
import { type PaidStack, startPaidStack } from "../test-support/paid-stack.js";

// The hosted MCP server's owner tools on a real ledger (PGlite), signed in to by real wallets
// (viem accounts, proofs made by x402's own createSIWxPayload): another wallet's valid proof
// reaches nothing, and a proof is good once, for this service only.
const BASE = "eip155:8453";
const owner = privateKeyToAccount(generatePrivateKey());
const intruder = privateKeyToAccount(generatePrivateKey());
const POLICY = { allowLoopback: true };
let stack: PaidStack;
let ledger: PaymentLedger;
let served: Served;
let client: Client;
let monitorId: string;
let messageId: string;

beforeAll(async () => {
  stack = await startPaidStack(1);
  ledger = await openLedger();
  const book = ledger.monitorBook();
  served = await serveOnLoopback(
    createApp({
      ...stack.common,
      render: renderDocument,
      monitors: serviceMonitors(book, POLICY),
      monitorOwners: { book, webhookPolicy: POLICY, hostAudience: true },
    }),
  );
  client = await connectHttp(`${served.origin}/mcp`);
  ({ id: monitorId, messageId } = await makeMonitor(
    book,
    `${BASE}:${owner.address.toLowerCase()}`,
  ));
  // The message delivered, so that a replay would take.
  const [due] = await book.claimDue(new Date(Date.now() + 1000), 10, 30_000);
  await book.recordAttempt({
    messageId: due?.id ?? messageId,
    at: new Date(),
    status: 200,
    durationMs: 3,
    outcome: "delivered",
  });
}, 120_000);
afterAll(async () => {
  await client?.close();
  await served?.close();
  await ledger?.close();
  await stack?.stop();
});

type CallResult = Awaited<ReturnType<Client["callTool"]>>;
type Refusal = { success: false; code: string; error: string };

/** The tool's resource: what a proof for it is signed for. */
const resourceOf = (tool: string) => `${served.origin}/mcp?tool=${tool}`;

/** A call of `tool` with a fresh proof of `signer` for it (or the proof given). */
async function callAs(
  signer: SIWxSigner,
  tool: string,
  args: Record<string, unknown>,
  proof?: string,
): Promise<CallResult> {
  const signed = proof ?? (await proofFor(signer, resourceOf(tool), BASE));
  return client.callTool({ name: tool, arguments: args, _meta: { [SIGN_IN_META]: signed } });
}

/** The monitor as the book holds it, and its log: what "nothing changed" compares. */
const snapshot = async () => ({
  monitor: await ledger.monitorBook().get(monitorId),
  log: await ledger.monitorBook().deliveryLog(monitorId),
});

/** A refused call's structured content, with the nonce-free parts only. */
const refusalOf = (r: CallResult) => {
  expect(r.isError).toBe(true);
  return r.structuredContent as Refusal;
};

describe("a valid Sign-In-With-X proof of another wallet, over MCP", () => {
  it("cannot list, read, update, replay or delete the monitor: each MONITOR_NOT_FOUND as for a monitor that does not exist, nothing changed", async () => {
    const before = await snapshot();
    const list = await callAs(intruder, "monitors_list", {});
    expect(list.isError, JSON.stringify(list.structuredContent)).toBeFalsy();
    expect(list.structuredContent).toMatchObject({ data: { monitors: [] } });
    const missing = "mon_doesnotexist000000000";
    const calls: Array<[string, Record<string, unknown>]> = [
      ["monitor_read", { id: monitorId }],
      ["monitor_deliveries", { id: monitorId }],
      [
        "monitor_update",
        { id: monitorId, status: "paused", webhookUrl: "https://evil.example/hook" },
      ],
      ["monitor_delivery_replay", { id: monitorId, messageId }],
      ["monitor_delete", { id: monitorId }],
    ];
    for (const [tool, args] of calls) {
      const theirs = await callAs(intruder, tool, args);
      const none = await callAs(intruder, tool, { ...args, id: missing });
      expect(refusalOf(theirs).code, tool).toBe("MONITOR_NOT_FOUND");
      // A monitor that does not exist: the same answer, byte for byte.
      expect(JSON.stringify(theirs), tool).toBe(JSON.stringify(none));
    }
    expect(await snapshot()).toEqual(before);
    // The owner's own proof reads it: the refusals were the other wallet's, not the monitor's.
    const mine = await callAs(owner, "monitor_read", { id: monitorId });
    expect(mine.isError, JSON.stringify(mine.structuredContent)).toBeFalsy();
    expect(mine.structuredContent).toMatchObject({ data: { monitor: { id: monitorId } } });
  });
});

describe("proofs refused over MCP, as on the routes", () => {
  it("a proof used once is refused SIWX_REPLAYED, on the same tool and on another", async () => {
    const proof = await proofFor(owner, resourceOf("monitors_list"), BASE);
    const first = await callAs(owner, "monitors_list", {}, proof);
    expect(first.isError, JSON.stringify(first.structuredContent)).toBeFalsy();
    expect(refusalOf(await callAs(owner, "monitors_list", {}, proof)).code).toBe("SIWX_REPLAYED");
    const other = await callAs(owner, "monitor_delete", { id: monitorId }, proof);
    expect(refusalOf(other).code).toBe("SIWX_REPLAYED");
    expect((await snapshot()).monitor?.status).toBe("active");
  });

  it("a proof signed for another service is refused SIWX_WRONG_AUDIENCE and deletes nothing", async () => {
    const elsewhere = await proofFor(owner, "https://screen.example.com/mcp?tool=x", BASE);
    const r = await callAs(owner, "monitor_delete", { id: monitorId }, elsewhere);
    expect(refusalOf(r).code).toBe("SIWX_WRONG_AUDIENCE");
    expect((await snapshot()).monitor?.status).toBe("active");
  });

  it("a proof whose signature is not the address's is refused SIWX_BAD_SIGNATURE", async () => {
    // The intruder signs a message that names the owner's address.
    const forged = await proofFor(
      { ...intruder, address: owner.address } as SIWxSigner,
      resourceOf("monitor_delete"),
      BASE,
    );
    const r = await callAs(owner, "monitor_delete", { id: monitorId }, forged);
    expect(refusalOf(r).code).toBe("SIWX_BAD_SIGNATURE");
    expect((await snapshot()).monitor?.status).toBe("active");
  });

  it("a proof that is no string is refused SIWX_MALFORMED", async () => {
    const r = await client.callTool({
      name: "monitors_list",
      arguments: {},
      _meta: { [SIGN_IN_META]: { address: owner.address } },
    });
    expect(refusalOf(r).code).toBe("SIWX_MALFORMED");
  });
});
