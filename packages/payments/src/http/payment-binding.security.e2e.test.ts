import { payloadFor, paymentHeader } from "@svc/test-support/x402-payer";
import { type Devnet, startDevnet } from "@svc/x402-devnet";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import type { PaymentPayload, PaymentRequired } from "@x402/core/types";
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
