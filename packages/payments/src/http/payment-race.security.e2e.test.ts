import {
  payloadFor,
  paymentHeader,
  v1PayloadFor,
  v1PaymentHeader,
} from "@svc/test-support/x402-payer";
import { type Devnet, startDevnet } from "@svc/x402-devnet";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import type { PaymentRequired, PaymentRequiredV1 } from "@x402/core/types";
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

// x402 v1 (`X-PAYMENT`, terms from the 402's JSON body): one authorization, one execution too.
describe("one v1 authorization, many requests", () => {
  const v1ChallengeOf = async (app: ReturnType<typeof appFor>["app"], path: string) =>
    (await (await app.request(`${BASE}${path}`, { method: "POST" })).json()) as PaymentRequiredV1;
  const postV1 = (app: ReturnType<typeof appFor>["app"], path: string, header: string) =>
    app.request(`${BASE}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-PAYMENT": header },
      body: '{"a":1}',
    });
  /** Transactions mined after `block`. */
  const minedSince = async (block: bigint) => {
    let transactions = 0;
    const mined = await devnet.publicClient.getBlockNumber();
    for (let n = block + 1n; n <= mined; n++) {
      transactions += (await devnet.publicClient.getBlock({ blockNumber: n })).transactions.length;
    }
    return transactions;
  };

  it("raced ×10: one v1 authorization sent ten times at once runs the handler once, charges once, in one settlement transaction", async () => {
    const { app, runs } = appFor(400);
    const header = v1PaymentHeader(
      await v1PayloadFor(await v1ChallengeOf(app, "/paid/slow"), devnet.payers[0]!.privateKey),
    );
    const payee = await devnet.balanceOf(devnet.payTo);
    const block = await devnet.publicClient.getBlockNumber();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => postV1(app, "/paid/slow", header)),
    );
    expect(answers.map((r) => r.status).filter((s) => s === 200)).toHaveLength(1);
    const refused = answers.filter((r) => r.status === 402);
    expect(refused).toHaveLength(9);
    const reasons = await Promise.all(refused.map(errorOf));
    expect(new Set(reasons)).toEqual(new Set(["payment_in_use"]));
    expect(runs.slow).toBe(1);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee + 10_000n);
    expect(await minedSince(block)).toBe(1);
  });

  it("one v1 authorization on two routes of one price at once (it names no resource, so both take it) runs one of them and charges once", async () => {
    const { app, runs } = appFor(300);
    const header = v1PaymentHeader(
      await v1PayloadFor(await v1ChallengeOf(app, "/paid/slow"), devnet.payers[1]!.privateKey),
    );
    const payee = await devnet.balanceOf(devnet.payTo);
    const [a, b] = await Promise.all([
      postV1(app, "/paid/slow", header),
      postV1(app, "/paid/other", header),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 402]);
    expect(await errorOf(a.status === 402 ? a : b)).toBe("payment_in_use");
    expect((runs.slow ?? 0) + (runs.other ?? 0)).toBe(1);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee + 10_000n);
  });

  it("a replica with a store of its own refuses a v1 replay: the nonce is spent on chain", async () => {
    const first = appFor(0);
    const header = v1PaymentHeader(
      await v1PayloadFor(
        await v1ChallengeOf(first.app, "/paid/echo"),
        devnet.payers[2]!.privateKey,
      ),
    );
    expect((await postV1(first.app, "/paid/echo", header)).status).toBe(200);
    const other = paidApp(createPaymentServer(devnet.facilitator), baseTerms(devnet.payTo), {
      reservations: new MemoryReservationStore(),
    });
    const replay = await postV1(other.app, "/paid/echo", header);
    expect(replay.status).toBe(402);
    expect(await errorOf(replay)).toMatch(/nonce/);
    expect(other.runs.echo).toBe(0);
  });

  it("a v1 authorization whose request was refused (4xx) or whose handler threw is not charged and free to pay again, until five unsettled ends exhaust it", async () => {
    const { app, runs } = appFor(0);
    const payee = await devnet.balanceOf(devnet.payTo);
    const header = v1PaymentHeader(
      await v1PayloadFor(await v1ChallengeOf(app, "/paid/refuse"), devnet.payers[3]!.privateKey),
    );
    expect((await postV1(app, "/paid/refuse", header)).status).toBe(400);
    expect((await postV1(app, "/paid/crash", header)).status).toBe(500);
    expect((await postV1(app, "/paid/refuse", header)).status).toBe(400);
    expect((await postV1(app, "/paid/crash", header)).status).toBe(500);
    expect((await postV1(app, "/paid/refuse", header)).status).toBe(400);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee);
    const sixth = await postV1(app, "/paid/echo", header);
    expect(sixth.status).toBe(402);
    expect(await errorOf(sixth)).toBe("payment_attempts_exhausted");
    expect([runs.refuse, runs.crash, runs.echo]).toEqual([3, 2, 0]);
  });

  it("a v1 authorization whose request failed pays for the next one", async () => {
    const { app, runs } = appFor(0);
    const payee = await devnet.balanceOf(devnet.payTo);
    const header = v1PaymentHeader(
      await v1PayloadFor(await v1ChallengeOf(app, "/paid/refuse"), devnet.payers[3]!.privateKey),
    );
    expect((await postV1(app, "/paid/crash", header)).status).toBe(500);
    expect((await postV1(app, "/paid/echo", header)).status).toBe(200);
    expect([runs.crash, runs.echo]).toEqual([1, 1]);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee + 10_000n);
  });
});
