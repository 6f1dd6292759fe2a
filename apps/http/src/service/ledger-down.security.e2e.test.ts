import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { MCP_PAYMENT_META, MCP_PAYMENT_RESPONSE_META } from "@svc/payments";
import { connectHttp } from "@svc/test-support/mcp-client";
import { type PostgresCluster, startPostgres } from "@svc/test-support/postgres-cluster";
import { payerOf, v1PayloadFor, v1PaymentHeader } from "@svc/test-support/x402-payer";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentRequired, PaymentRequiredV1 } from "@x402/core/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadServiceConfig } from "../config/service-config.js";
import { memoryLog } from "../log/test-support/memory-log.js";
import { type RunningService, startService } from "./start-service.js";

/**
 * The ledger's PostgreSQL down: every paid call is reserved in the ledger before anything runs,
 * so while the database cannot be reached no payment can be taken. Paid calls were answered 500
 * and `/ready` stayed 200, so a balancer kept sending payers to a replica that could take none.
 * Now: 503 `PAYMENT_LEDGER_UNAVAILABLE` on the routes and the tools, nothing run or charged, and
 * `/ready` 503 naming the ledger until the database is back. A real throwaway cluster, stopped
 * and started again mid-test, and the service's own local chain.
 */
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const PATH = `/api/ofac-wallet-screen/${LISTED}`;

let postgres: PostgresCluster;
let service: RunningService;
let client: Client;

beforeAll(async () => {
  postgres = await startPostgres();
  service = await startService(
    loadServiceConfig({ PORT: "0", LOG_REQUESTS: "0", DATABASE_URL: postgres.url }),
    { log: memoryLog([]) },
  );
  client = await connectHttp(`${service.url}/mcp`);
}, 180_000);
afterAll(async () => {
  await client?.close();
  await service?.stop();
  await postgres?.stop();
});

const payer = () => {
  const found = service.devnet?.payers[0];
  if (found === undefined) throw new Error("development has devnet payers");
  return payerOf(found.privateKey);
};
const payee = () => service.devnet?.balanceOf(service.devnet.payTo);

/** A paid call of the screening route: a new authorization, sent once. */
async function paidRoute(): Promise<Response> {
  const unpaid = await fetch(`${service.url}${PATH}`);
  expect(unpaid.status).toBe(402);
  const required = decodePaymentRequiredHeader(unpaid.headers.get("PAYMENT-REQUIRED") ?? "");
  const header = encodePaymentSignatureHeader(await payer().createPaymentPayload(required));
  return fetch(`${service.url}${PATH}`, { headers: { "PAYMENT-SIGNATURE": header } });
}

/** A paid call of the ofac_wallet_screen tool over MCP: a new authorization, sent once. */
async function paidTool() {
  const args = { address: LISTED };
  const unpaid = await client.callTool({ name: "ofac_wallet_screen", arguments: args });
  const payment = await payer().createPaymentPayload(unpaid.structuredContent as PaymentRequired);
  return client.callTool({
    name: "ofac_wallet_screen",
    arguments: args,
    _meta: { [MCP_PAYMENT_META]: payment },
  });
}

const ready = async () => {
  const res = await fetch(`${service.url}/ready`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

/** `/ready` polled until it answers `status` (the probe's answer is reused for a second). */
async function readyBecomes(status: number) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const answer = await ready();
    if (answer.status === status) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`/ready never answered ${status}`);
}

describe("the ledger's PostgreSQL stopped and started again", () => {
  it("while it is down: paid calls 503 PAYMENT_LEDGER_UNAVAILABLE, nothing run or charged, /ready 503 naming the ledger; back once it is up", async () => {
    expect(await ready()).toMatchObject({
      status: 200,
      body: { ready: true, ledger: "reachable" },
    });
    expect((await paidRoute()).status).toBe(200);

    await postgres.pause();
    const down = await readyBecomes(503);
    expect(down.body).toEqual({
      ready: false,
      reason: "the payment ledger cannot be reached: paid calls are refused",
      ledger: "unreachable",
    });

    const before = await payee();
    const route = await paidRoute();
    expect(route.status).toBe(503);
    expect(route.headers.get("Retry-After")).toBe("5");
    expect(await route.json()).toEqual({
      success: false,
      code: "PAYMENT_LEDGER_UNAVAILABLE",
      error:
        "the payment ledger could not be reached to reserve the payment; nothing was run and nothing was charged",
    });
    const tool = await paidTool();
    expect(tool.isError).toBe(true);
    expect(tool.structuredContent).toMatchObject({
      success: false,
      code: "PAYMENT_LEDGER_UNAVAILABLE",
    });
    expect(tool._meta?.[MCP_PAYMENT_RESPONSE_META]).toBeUndefined();
    // Unpaid calls still get their 402: asking for payment needs no ledger.
    expect((await fetch(`${service.url}${PATH}`)).status).toBe(402);
    expect(await payee()).toBe(before);

    await postgres.resume();
    expect((await readyBecomes(200)).body).toMatchObject({ ready: true, ledger: "reachable" });
    expect((await paidRoute()).status).toBe(200);
    const paid = await paidTool();
    expect(paid.isError ?? false).toBe(false);
    expect(paid._meta?.[MCP_PAYMENT_RESPONSE_META]).toMatchObject({ success: true });
  });
});

describe("the ledger's PostgreSQL stopped, paid in x402 v1", () => {
  const payerKey = () => {
    const found = service.devnet?.payers[1];
    if (found === undefined) throw new Error("development has devnet payers");
    return found.privateKey;
  };
  /** The screening route paid with `X-PAYMENT`: a new v1 authorization, sent once. */
  async function paidRouteV1(): Promise<Response> {
    const terms = (await (await fetch(`${service.url}${PATH}`)).json()) as PaymentRequiredV1;
    const header = v1PaymentHeader(await v1PayloadFor(terms, payerKey()));
    return fetch(`${service.url}${PATH}`, { headers: { "X-PAYMENT": header } });
  }
  /** The ofac_wallet_screen tool paid in `_meta["x402.payment"]`, from its v1 terms. */
  async function paidToolV1() {
    const args = { address: LISTED };
    const unpaid = await client.callTool({ name: "ofac_wallet_screen", arguments: args });
    // After the sentence saying what to do and v2's PaymentRequired: v1's terms, last.
    const text = (unpaid.content as { text: string }[])[2]?.text ?? "";
    const payment = await v1PayloadFor(JSON.parse(text) as PaymentRequiredV1, payerKey());
    return client.callTool({
      name: "ofac_wallet_screen",
      arguments: args,
      _meta: { "x402.payment": v1PaymentHeader(payment) },
    });
  }

  it("while it is down: v1 calls 503 PAYMENT_LEDGER_UNAVAILABLE on the route and the tool, nothing run or charged; paid again once it is up", async () => {
    await postgres.pause();
    await readyBecomes(503);
    const before = await payee();
    const route = await paidRouteV1();
    expect(route.status).toBe(503);
    expect(route.headers.get("X-PAYMENT-RESPONSE")).toBeNull();
    expect(await route.json()).toMatchObject({ code: "PAYMENT_LEDGER_UNAVAILABLE" });
    const tool = await paidToolV1();
    expect(tool.isError).toBe(true);
    expect(tool.structuredContent).toMatchObject({ code: "PAYMENT_LEDGER_UNAVAILABLE" });
    expect(tool._meta?.["x402.payment-response"]).toBeUndefined();
    expect(await payee()).toBe(before);

    await postgres.resume();
    await readyBecomes(200);
    const paid = await paidRouteV1();
    expect(paid.status).toBe(200);
    expect(paid.headers.get("X-PAYMENT-RESPONSE")).toBeTruthy();
    const paidTool = await paidToolV1();
    expect(paidTool.isError ?? false).toBe(false);
    expect(paidTool._meta?.["x402.payment-response"]).toMatchObject({ success: true });
    expect(await payee()).toBe((before ?? 0n) + 20_000n);
  });
});
