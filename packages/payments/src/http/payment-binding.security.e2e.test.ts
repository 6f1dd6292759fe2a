import {
  payloadFor,
  paymentHeader,
  v1PayloadFor,
  v1PaymentHeader,
} from "@svc/test-support/x402-payer";
import { type Devnet, startDevnet } from "@svc/x402-devnet";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import type { PaymentPayload, PaymentRequired, PaymentRequiredV1 } from "@x402/core/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseTerms } from "../schemes/exact-evm/base-terms.js";
import { createPaymentServer } from "../server/payment-server.js";
import { paidApp } from "../test-support/paid-app.js";

// A payment is accepted only by the route it was issued for (the payload's `resource`), on the
// real local chain.
let devnet: Devnet;
let app: ReturnType<typeof paidApp>["app"];
let runs: ReturnType<typeof paidApp>["runs"];
const BASE = "http://svc.test";

beforeAll(async () => {
  devnet = await startDevnet({ payers: 2 });
  ({ app, runs } = paidApp(createPaymentServer(devnet.facilitator), baseTerms(devnet.payTo)));
});
afterAll(async () => {
  await devnet?.stop();
});

const challengeOf = async (path: string, method = "POST") =>
  decodePaymentRequiredHeader(
    (await app.request(`${BASE}${path}`, { method })).headers.get("PAYMENT-REQUIRED") as string,
  ) as PaymentRequired;
const post = (path: string, payload: PaymentPayload) =>
  app.request(`${BASE}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "PAYMENT-SIGNATURE": paymentHeader(payload) },
    body: "{}",
  });
const errorOf = async (res: Response) => ((await res.json()) as PaymentRequired).error;

describe("resource binding", () => {
  it("a payment made for one route is refused by another route of the same price", async () => {
    const payee = await devnet.balanceOf(devnet.payTo);
    const payload = await payloadFor(await challengeOf("/paid/echo"), devnet.payers[0]!.privateKey);
    const res = await post("/paid/other", payload);
    expect(res.status).toBe(402);
    expect(await errorOf(res)).toBe("payment_resource_mismatch");
    expect(runs.other).toBe(0);
    // It still pays for the route it was made for.
    expect((await post("/paid/echo", payload)).status).toBe(200);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee + 10_000n);
  });

  it("a payment made for an MCP tool, or naming no resource, is refused by an HTTP route", async () => {
    const base = await payloadFor(await challengeOf("/paid/other"), devnet.payers[1]!.privateKey);
    const forTool = {
      ...base,
      resource: { url: "mcp://tool/paid_echo", description: "", mimeType: "" },
    };
    const { resource: _dropped, ...unnamed } = base;
    for (const payload of [forTool, unnamed as PaymentPayload]) {
      const res = await post("/paid/other", payload);
      expect(res.status).toBe(402);
      expect(await errorOf(res)).toBe("payment_resource_mismatch");
    }
    expect(runs.other).toBe(0);
  });

  it("a route with a path parameter accepts a payment made for any value of it", async () => {
    const challenge = await challengeOf("/paid/item/1", "GET");
    const payload = await payloadFor(challenge, devnet.payers[1]!.privateKey);
    const res = await app.request(`${BASE}/paid/item/2`, {
      headers: { "PAYMENT-SIGNATURE": paymentHeader(payload) },
    });
    expect(res.status).toBe(200);
  });
});

// x402 v1 has no resource in its payload: what binds a v1 payment is what it signs (the amount
// and the payee), so it pays any route of its price, once; exactly what the holder of a v2
// payment can do by rewriting v2's unsigned `resource` (payment-race.security.e2e.test.ts).
describe("resource binding of a v1 payment", () => {
  const postV1 = (path: string, header: string) =>
    app.request(`${BASE}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-PAYMENT": header },
      body: "{}",
    });

  it("made on one route's terms, it pays another route of the same price once: one answer, one charge, the other use refused", async () => {
    const payee = await devnet.balanceOf(devnet.payTo);
    const echoed = runs.echo;
    const other = runs.other;
    const terms = (await (
      await app.request(`${BASE}/paid/echo`, { method: "POST" })
    ).json()) as PaymentRequiredV1;
    const header = v1PaymentHeader(await v1PayloadFor(terms, devnet.payers[0]!.privateKey));
    expect((await postV1("/paid/other", header)).status).toBe(200);
    const refused = await postV1("/paid/echo", header);
    expect(refused.status).toBe(402);
    expect(await errorOf(refused)).toBe("payment_already_used");
    expect([runs.echo, runs.other]).toEqual([echoed, (other ?? 0) + 1]);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee + 10_000n);
  });
});
