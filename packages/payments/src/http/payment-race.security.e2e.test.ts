import { payloadFor, paymentHeader } from "@svc/test-support/x402-payer";
import { type Devnet, startDevnet } from "@svc/x402-devnet";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import type { PaymentRequired } from "@x402/core/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryReservationStore } from "../reservation/memory-reservation-store.js";
import { baseTerms } from "../schemes/exact-evm/base-terms.js";
import { createPaymentServer } from "../server/payment-server.js";
import { paidApp } from "../test-support/paid-app.js";

// One authorization buys one execution: on the real local chain, the same PAYMENT-SIGNATURE sent
// many times at once, or again after it paid or after a refusal.
let devnet: Devnet;
const BASE = "http://svc.test";

beforeAll(async () => {
  devnet = await startDevnet({ payers: 4 });
});
afterAll(async () => {
  await devnet?.stop();
});

const appFor = (slowMs = 400) =>
  paidApp(createPaymentServer(devnet.facilitator), baseTerms(devnet.payTo), { slowMs });
const challengeOf = async (app: ReturnType<typeof appFor>["app"], path: string) =>
  decodePaymentRequiredHeader(
    (await app.request(`${BASE}${path}`, { method: "POST" })).headers.get(
      "PAYMENT-REQUIRED",
    ) as string,
  ) as PaymentRequired;
const postWith = (app: ReturnType<typeof appFor>["app"], path: string, signature: string) =>
  app.request(`${BASE}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "PAYMENT-SIGNATURE": signature },
    body: '{"a":1}',
  });
const errorOf = async (res: Response) => ((await res.json()) as PaymentRequired).error;

describe("one authorization, many requests at once", () => {
  it("20 concurrent uses of one authorization run the handler once and charge once; the rest are refused payment_in_use", async () => {
    const { app, runs } = appFor(400);
    const signed = paymentHeader(
      await payloadFor(await challengeOf(app, "/paid/slow"), devnet.payers[0]!.privateKey),
    );
    const payee = await devnet.balanceOf(devnet.payTo);
    const block = await devnet.publicClient.getBlockNumber();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => postWith(app, "/paid/slow", signed)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 402)).toHaveLength(19);
    const reasons = await Promise.all(answers.filter((r) => r.status === 402).map(errorOf));
    expect(new Set(reasons)).toEqual(new Set(["payment_in_use"]));
    expect(runs.slow).toBe(1);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee + 10_000n);
    // One settlement transaction was mined, and none reverted.
    const mined = await devnet.publicClient.getBlockNumber();
    let transactions = 0;
    for (let n = block + 1n; n <= mined; n++) {
      const b = await devnet.publicClient.getBlock({ blockNumber: n });
      transactions += b.transactions.length;
    }
    expect(transactions).toBe(1);
  });

  it("the same authorization on two routes at once runs one of them, even with its resource rewritten for the other", async () => {
    const { app, runs } = appFor(300);
    const payload = await payloadFor(
      await challengeOf(app, "/paid/slow"),
      devnet.payers[1]!.privateKey,
    );
    // The resource is not signed: a holder can point a copy at the other route, which then
    // passes the route check and meets the reservation.
    const rewritten = {
      ...payload,
      resource: { ...payload.resource, url: `${BASE}/paid/other` } as typeof payload.resource,
    };
    const [a, b] = await Promise.all([
      postWith(app, "/paid/slow", paymentHeader(payload)),
      postWith(app, "/paid/other", paymentHeader(rewritten)),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 402]);
    const refused = a.status === 402 ? a : b;
    expect(await errorOf(refused)).toBe("payment_in_use");
    expect((runs.slow ?? 0) + (runs.other ?? 0)).toBe(1);
  });
});

describe("after the request ends", () => {
  it("a replay after the payment settled is refused payment_already_used, before the facilitator", async () => {
    const { app, runs } = appFor(0);
    const signed = paymentHeader(
      await payloadFor(await challengeOf(app, "/paid/echo"), devnet.payers[2]!.privateKey),
    );
    expect((await postWith(app, "/paid/echo", signed)).status).toBe(200);
    const replay = await postWith(app, "/paid/echo", signed);
    expect(replay.status).toBe(402);
    expect(await errorOf(replay)).toBe("payment_already_used");
    expect(runs.echo).toBe(1);
  });

  it("a replica with a store of its own still refuses the replay: the nonce is spent on chain", async () => {
    const first = appFor(0);
    const signed = paymentHeader(
      await payloadFor(await challengeOf(first.app, "/paid/echo"), devnet.payers[2]!.privateKey),
    );
    expect((await postWith(first.app, "/paid/echo", signed)).status).toBe(200);
    const other = paidApp(createPaymentServer(devnet.facilitator), baseTerms(devnet.payTo), {
      reservations: new MemoryReservationStore(),
    });
    const replay = await postWith(other.app, "/paid/echo", signed);
    expect(replay.status).toBe(402);
    expect(await errorOf(replay)).toMatch(/nonce/);
    expect(other.runs.echo).toBe(0);
  });

  it("an authorization whose request was refused (4xx, not charged) is free to pay once more", async () => {
    const { app, runs } = appFor(0);
    const payee = await devnet.balanceOf(devnet.payTo);
    const signed = paymentHeader(
      await payloadFor(await challengeOf(app, "/paid/refuse"), devnet.payers[3]!.privateKey),
    );
    expect((await postWith(app, "/paid/refuse", signed)).status).toBe(400);
    expect((await postWith(app, "/paid/refuse", signed)).status).toBe(400);
    expect(runs.refuse).toBe(2);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee);
  });

  it("replay against refused inputs is bounded: after five unsettled ends the authorization is refused payment_attempts_exhausted", async () => {
    const { app, runs } = appFor(0);
    const signed = paymentHeader(
      await payloadFor(await challengeOf(app, "/paid/refuse"), devnet.payers[0]!.privateKey),
    );
    for (let i = 0; i < 5; i++)
      expect((await postWith(app, "/paid/refuse", signed)).status).toBe(400);
    const sixth = await postWith(app, "/paid/refuse", signed);
    expect(sixth.status).toBe(402);
    expect(await errorOf(sixth)).toBe("payment_attempts_exhausted");
    expect(runs.refuse).toBe(5);
  });

  it("an authorization whose handler threw is released and never charged", async () => {
    const { app, runs } = appFor(0);
    const payee = await devnet.balanceOf(devnet.payTo);
    const signed = paymentHeader(
      await payloadFor(await challengeOf(app, "/paid/crash"), devnet.payers[3]!.privateKey),
    );
    expect((await postWith(app, "/paid/crash", signed)).status).toBe(500);
    expect((await postWith(app, "/paid/crash", signed)).status).toBe(500);
    expect(runs.crash).toBe(2);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee);
  });
});
