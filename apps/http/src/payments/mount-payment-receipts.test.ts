import { randomBytes } from "node:crypto";
import { openLedger, type PaymentLedger } from "@svc/ledger";
import type { AuthorizationKey } from "@svc/payments";
import { decodePaymentResponseHeader } from "@x402/core/http";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mountPaymentReceipts } from "./mount-payment-receipts.js";
import { ledgerReceipts } from "./payment-receipts.js";
import type { ReceiptView } from "./receipt-view.js";

// The route on a real ledger (PGlite in memory), its rows made by the ledger's own steps for a
// payment settled after its answer: reserved, admitted after the response, recorded answered.
let ledger: PaymentLedger;
let app: Hono;

const SCREENED = "0x7f367cc41522ce07553e823bf3be79a889debe1b";
const SIGNATURE = `0x${"5a".repeat(65)}`;

const newAuthorization = (): AuthorizationKey => ({
  network: "eip155:8453",
  asset: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
  payer: `0x${randomBytes(20).toString("hex")}`,
  nonce: `0x${randomBytes(32).toString("hex")}`,
});

/** A payment answered before it settled: its authorization and the id its caller was given. */
async function answeredPayment(): Promise<{ key: AuthorizationKey; paymentId: string }> {
  const key = newAuthorization();
  await ledger.reserve({
    authorization: key,
    amount: "10000",
    operation: "/api/ofac-wallet-screen/:address",
    expiresAt: Date.now() + 60_000,
  });
  await ledger.deferred.admit(key, () => ({ kind: "after-response" }));
  const paymentId = await ledger.deferred.record(
    key,
    { datasetSha256: "e".repeat(64), query: [SCREENED] },
    {
      payload: { x402Version: 2, payload: { signature: SIGNATURE, authorization: key } },
      requirements: { scheme: "exact", network: key.network, amount: "10000" },
    },
  );
  return { key, paymentId };
}

const get = (paymentId: string) => app.request(`/api/payments/${paymentId}`);

/** Nothing of the authorization beyond what the chain shows: no nonce, signature or query. */
const expectNothingPrivate = (text: string, key: AuthorizationKey) => {
  expect(text).not.toContain(key.nonce.slice(2));
  expect(text).not.toContain(SIGNATURE.slice(2));
  expect(text).not.toContain(SCREENED.slice(2));
};

beforeAll(async () => {
  // Screened addresses are kept: the answer must still never show them.
  ledger = await openLedger({ storeQueries: true });
  app = new Hono();
  mountPaymentReceipts(app, ledgerReceipts(ledger));
});
afterAll(async () => {
  await ledger?.close();
});

describe("GET /api/payments/:paymentId", () => {
  it("a payment answered before it settled is pending, uncached, without a receipt", async () => {
    const { key, paymentId } = await answeredPayment();
    const res = await get(paymentId);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("PAYMENT-RESPONSE")).toBeNull();
    const text = await res.text();
    const body = JSON.parse(text) as ReceiptView;
    expect(body).toMatchObject({
      success: true,
      data: {
        paymentId,
        status: "pending",
        operation: "/api/ofac-wallet-screen/:address",
        amount: "10000",
        price: "$0.01 USDC",
        network: "eip155:8453",
        payer: key.payer,
        receipt: null,
        failureReason: null,
        settledAt: null,
      },
    });
    expect(body.data.servedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expectNothingPrivate(text, key);
  });

  it("once settled, the receipt is in the body and in PAYMENT-RESPONSE, as a paid answer carries it", async () => {
    const { key, paymentId } = await answeredPayment();
    const claim = await ledger.deferred.claimOne(key, "settler-1");
    expect(claim).toBeDefined();
    // Settling: still pending.
    expect(((await (await get(paymentId)).json()) as ReceiptView).data.status).toBe("pending");
    const transaction = `0x${randomBytes(32).toString("hex")}`;
    expect(claim && (await ledger.deferred.settled(claim, transaction))).toBe(true);

    const res = await get(paymentId);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const text = await res.text();
    const body = JSON.parse(text) as ReceiptView;
    const receipt = { success: true, transaction, network: key.network, payer: key.payer };
    expect(body.data).toMatchObject({ status: "settled", receipt });
    expect(body.data.settledAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(decodePaymentResponseHeader(res.headers.get("PAYMENT-RESPONSE") ?? "")).toEqual(receipt);
    expectNothingPrivate(text, key);
  });

  it("a payment that could not be settled is failed, with the reason; one released says so", async () => {
    const failed = await answeredPayment();
    const claim = await ledger.deferred.claimOne(failed.key, "settler-1");
    expect(
      claim && (await ledger.deferred.giveUp(claim, "authorization_expired_unsettled", "payer")),
    ).toBe(true);
    const res = await get(failed.paymentId);
    expect(res.headers.get("PAYMENT-RESPONSE")).toBeNull();
    expect(((await res.json()) as ReceiptView).data).toMatchObject({
      status: "failed",
      receipt: null,
      failureReason: "authorization_expired_unsettled",
    });

    const released = await answeredPayment();
    expect(await ledger.release(released.key)).toBe(true);
    expect(((await (await get(released.paymentId)).json()) as ReceiptView).data.status).toBe(
      "released",
    );
  });

  it("an id no payment has is 404 PAYMENT_NOT_FOUND", async () => {
    const res = await get(`pay_${randomBytes(16).toString("hex")}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, code: "PAYMENT_NOT_FOUND" });
  });

  it("what is not a payment id is 400 INVALID_INPUT on the field paymentId, never looked up", async () => {
    const { paymentId } = await answeredPayment();
    const looked: string[] = [];
    const counted = new Hono();
    mountPaymentReceipts(counted, {
      byId: (id) => {
        looked.push(id);
        return ledgerReceipts(ledger).byId(id);
      },
    });
    for (const bad of [
      "pay_123",
      paymentId.toUpperCase(),
      `${paymentId}0`,
      `x${paymentId.slice(1)}`,
      "%FF%FE",
      "pay_0123456789abcdef0123456789abcdeg",
      encodeURIComponent("pay_' or 1=1 --"),
    ]) {
      const res = await counted.request(`/api/payments/${bad}`);
      expect(res.status, bad).toBe(400);
      const body = (await res.json()) as { code: string; issues: { path: string }[] };
      expect(body.code).toBe("INVALID_INPUT");
      expect(body.issues.map((i) => i.path)).toEqual(["paymentId"]);
      expect(JSON.stringify(body)).not.toMatch(/\bat \w|\.ts:\d/);
    }
    expect(looked).toEqual([]);
    expect((await counted.request(`/api/payments/${paymentId}`)).status).toBe(200);
    expect(looked).toEqual([paymentId]);
  });
});
