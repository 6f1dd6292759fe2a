import { payingFetch, payloadFor, paymentHeader } from "@svc/test-support/x402-payer";
import { type Devnet, startDevnet } from "@svc/x402-devnet";
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from "@x402/core/http";
import type { PaymentRequired, PaymentRequiredV1 } from "@x402/core/types";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpFacilitator } from "../facilitator/http-facilitator.js";
import { baseTerms } from "../schemes/exact-evm/base-terms.js";
import { BASE_USDC } from "../schemes/exact-evm/usdc-on-base.js";
import { createPaymentServer } from "../server/payment-server.js";
import { paidApp, type Runs } from "../test-support/paid-app.js";

// One real local chain and facilitator for the file: anvil, Circle's USDC, EIP-3009 settlement.
let devnet: Devnet;
let app: Hono;
let runs: Runs;
const URL_BASE = "http://svc.test";

beforeAll(async () => {
  devnet = await startDevnet({ payers: 4, httpFacilitator: true });
  ({ app, runs } = paidApp(createPaymentServer(devnet.facilitator), baseTerms(devnet.payTo)));
});
afterAll(async () => {
  await devnet?.stop();
});

const payer = (i = 0) => devnet.payers[i]!;
const send = (path: string, init: RequestInit = {}) =>
  app.request(`${URL_BASE}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: "{}",
    ...init,
  });
const required = async (res: Response): Promise<PaymentRequired> =>
  decodePaymentRequiredHeader(res.headers.get("PAYMENT-REQUIRED") as string);

describe("the 402 challenge", () => {
  it("carries v2's terms in the PAYMENT-REQUIRED header with the bazaar declaration (what a v2 client echoes), and v1's as the JSON body without repeating the declaration", async () => {
    const res = await send("/paid/echo", { body: '{"text":"hi"}' });
    expect(res.status).toBe(402);
    const header = await required(res);
    expect(header.extensions?.bazaar).toMatchObject({
      info: {
        input: { type: "http", method: "POST", bodyType: "json", body: { text: "hello" } },
        output: { type: "json", example: { ok: true } },
      },
      schema: { properties: { input: { type: "object" } } },
    });
    expect(header).toMatchObject({
      x402Version: 2,
      error: "Payment required",
      resource: { url: `${URL_BASE}/paid/echo`, mimeType: "application/json" },
      accepts: [
        {
          scheme: "exact",
          network: "eip155:8453",
          amount: "10000",
          asset: BASE_USDC,
          payTo: devnet.payTo,
          maxTimeoutSeconds: 60,
          extra: { name: "USD Coin", version: "2" },
        },
      ],
    });
    const body = (await res.json()) as PaymentRequiredV1;
    expect(body).toMatchObject({
      x402Version: 1,
      error: "Payment required",
      accepts: [
        {
          scheme: "exact",
          network: "base",
          maxAmountRequired: "10000",
          resource: `${URL_BASE}/paid/echo`,
          mimeType: "application/json",
          asset: BASE_USDC,
          payTo: devnet.payTo,
          maxTimeoutSeconds: 60,
          extra: { name: "USD Coin", version: "2" },
          outputSchema: {},
        },
      ],
    });
    expect(JSON.stringify(body)).not.toContain('"bazaar"');
    expect(JSON.stringify(body)).not.toContain('"hello"');
    expect(runs.echo).toBe(0);
  });

  it("with x402 v2 only, the body repeats none of the terms: the service's error shape and where the terms are", async () => {
    const v2Only = paidApp(createPaymentServer(devnet.facilitator), baseTerms(devnet.payTo), {
      versions: [2],
    });
    const res = await v2Only.app.request(`${URL_BASE}/paid/echo`, { method: "POST" });
    expect(res.status).toBe(402);
    expect((await required(res)).extensions?.bazaar).toMatchObject({
      info: { input: { body: { text: "hello" } }, output: { example: { ok: true } } },
    });
    expect(await res.json()).toEqual({
      success: false,
      error: "Payment required",
      code: "PAYMENT_REQUIRED",
      x402: { version: 2, header: "PAYMENT-REQUIRED" },
    });
    expect(v2Only.runs.echo).toBe(0);
  });

  it("with x402 v1 only, the body is the one carrier: no header, v1's terms with the declaration as their outputSchema", async () => {
    const v1Only = paidApp(createPaymentServer(devnet.facilitator), baseTerms(devnet.payTo), {
      versions: [1],
    });
    const res = await v1Only.app.request(`${URL_BASE}/paid/echo`, { method: "POST" });
    expect(res.status).toBe(402);
    expect(res.headers.get("PAYMENT-REQUIRED")).toBeNull();
    expect(((await res.json()) as PaymentRequiredV1).accepts[0]?.outputSchema).toEqual({
      input: {
        type: "http",
        method: "POST",
        bodyType: "json",
        body: { text: "hello" },
        discoverable: true,
      },
      output: { type: "json", example: { ok: true } },
    });
  });
});

describe("a paid call", () => {
  it("settles on chain after the handler succeeded and returns PAYMENT-RESPONSE", async () => {
    const before = {
      payer: await devnet.balanceOf(payer().address),
      payee: await devnet.balanceOf(devnet.payTo),
    };
    const ranBefore = runs.echo ?? 0;
    const res = await payingFetch((r) => app.request(r), payer().privateKey)(
      `${URL_BASE}/paid/echo`,
      {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: '{"text":"hi"}',
      },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, echoed: { text: "hi" } });
    const receipt = decodePaymentResponseHeader(res.headers.get("PAYMENT-RESPONSE") as string);
    expect(receipt).toMatchObject({
      success: true,
      network: "eip155:8453",
      payer: payer().address,
    });
    const tx = await devnet.publicClient.getTransactionReceipt({
      hash: receipt.transaction as `0x${string}`,
    });
    expect(tx.status).toBe("success");
    expect(await devnet.balanceOf(payer().address)).toBe(before.payer - 10_000n);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(before.payee + 10_000n);
    expect(runs.echo).toBe(ranBefore + 1);
  });

  it("accepts a v2 payment sent in X-PAYMENT too (v1's header: the payload says its version), answered with PAYMENT-RESPONSE", async () => {
    const challenge = await required(await send("/paid/echo"));
    const payload = await payloadFor(challenge, payer(1).privateKey);
    const res = await send("/paid/echo", {
      headers: { "Content-Type": "application/json", "X-PAYMENT": paymentHeader(payload) },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("PAYMENT-RESPONSE")).toBeTruthy();
  });

  it("works through the facilitator over HTTP too", async () => {
    const viaHttp = paidApp(
      createPaymentServer(httpFacilitator(devnet.facilitatorUrl as string)),
      baseTerms(devnet.payTo),
    );
    const res = await payingFetch(
      (r) => viaHttp.app.request(r),
      payer(2).privateKey,
    )(`${URL_BASE}/paid/item/7`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, id: "7" });
    expect(viaHttp.runs.item).toBe(1);
  });
});

describe("no charge without an answer", () => {
  it("a handler answering 4xx is not charged", async () => {
    const payee = await devnet.balanceOf(devnet.payTo);
    const res = await payingFetch((r) => app.request(r), payer().privateKey)(
      `${URL_BASE}/paid/refuse`,
      { method: "POST", body: "{}" },
    );
    expect(res.status).toBe(400);
    expect(res.headers.get("PAYMENT-RESPONSE")).toBeNull();
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee);
    expect(runs.refuse).toBe(1);
  });

  it("a handler that throws (5xx) is not charged", async () => {
    const payee = await devnet.balanceOf(devnet.payTo);
    const res = await payingFetch((r) => app.request(r), payer().privateKey)(
      `${URL_BASE}/paid/crash`,
      { method: "POST", body: "{}" },
    );
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      success: false,
      error: "internal error",
      code: "INTERNAL_ERROR",
    });
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee);
  });
});
