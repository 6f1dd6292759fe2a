import {
  payloadFor,
  payloadSignedWith,
  paymentHeader,
  v1PayloadFor,
  v1PaymentHeader,
} from "@svc/test-support/x402-payer";
import { type Devnet, startDevnet } from "@svc/x402-devnet";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import type {
  PaymentPayload,
  PaymentPayloadV1,
  PaymentRequired,
  PaymentRequiredV1,
} from "@x402/core/types";
import type { Hono } from "hono";
import { generatePrivateKey } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { httpFacilitator } from "../facilitator/http-facilitator.js";
import { baseTerms } from "../schemes/exact-evm/base-terms.js";
import { createPaymentServer } from "../server/payment-server.js";
import { paidApp, type Runs } from "../test-support/paid-app.js";

// Attacks on the payment gate, against a real local chain and facilitator. Each test checks the
// two invariants: no paid handler runs unpaid, and nothing is charged twice (or for nothing).
let devnet: Devnet;
let app: Hono;
let runs: Runs;
let challenge: PaymentRequired;
const BASE = "http://svc.test";

beforeAll(async () => {
  devnet = await startDevnet({ payers: 5, httpFacilitator: true });
  ({ app, runs } = paidApp(createPaymentServer(devnet.facilitator), baseTerms(devnet.payTo)));
  const res = await app.request(`${BASE}/paid/echo`, { method: "POST", body: "{}" });
  challenge = decodePaymentRequiredHeader(res.headers.get("PAYMENT-REQUIRED") as string);
});
afterAll(async () => {
  await devnet?.stop();
});

let payeeBefore: bigint;
let runsBefore: Runs;
beforeEach(async () => {
  payeeBefore = await devnet.balanceOf(devnet.payTo);
  runsBefore = { ...runs };
});

const payer = (i: number) => devnet.payers[i]!;
const post = (path: string, headers: Record<string, string> = {}) =>
  app.request(`${BASE}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: '{"a":1}',
  });
const json = async (res: Response) => (await res.json()) as PaymentRequired;
const errorOf = async (res: Response) => (await json(res)).error;
const expectNothingRanOrCharged = async () => {
  expect(runs).toEqual(runsBefore);
  expect(await devnet.balanceOf(devnet.payTo)).toBe(payeeBefore);
};

describe("path tricks do not reach a paid handler unpaid", () => {
  const variants = [
    "/paid/echo/",
    "//paid/echo",
    "/paid//echo",
    "/paid/echo%2F",
    "/paid%2Fecho",
    "/paid/echo%0A",
    "/paid/%65cho",
    "/PAID/ECHO",
    "/Paid/Echo",
    "/paid/./echo",
    "/paid/x/../echo",
    "/paid/echo?x=1",
    "/paid/echo?/paid/free",
    "/paid/echo#fragment",
    "/paid/echo;x=1",
    "/paid/echo%00",
    "/paid/item/1/../../echo",
  ];
  for (const path of variants) {
    it(`POST ${JSON.stringify(path)} is refused (402 or 404), and nothing runs`, async () => {
      const res = await post(path);
      expect([402, 404]).toContain(res.status);
      await expectNothingRanOrCharged();
    });
  }

  it("a GET route with tricks in its parameter still asks for payment", async () => {
    for (const path of [
      "/paid/item/%2E%2E",
      "/paid/item/a%2Fb",
      "/paid/item/%0A",
      "/paid/ITEM/1",
    ]) {
      const res = await app.request(`${BASE}${path}`);
      expect([402, 404], path).toContain(res.status);
    }
    await expectNothingRanOrCharged();
  });
});

describe("methods", () => {
  it("HEAD on a paid GET route gets 402 and runs nothing", async () => {
    const res = await app.request(`${BASE}/paid/item/1`, { method: "HEAD" });
    expect(res.status).toBe(402);
    expect(res.headers.get("PAYMENT-REQUIRED")).toBeTruthy();
    await expectNothingRanOrCharged();
  });

  it("a paid HEAD: HEAD with a valid payment answers the unpaid 402's headers, runs nothing and charges nothing", async () => {
    const get = await app.request(`${BASE}/paid/item/1`);
    const required = decodePaymentRequiredHeader(get.headers.get("PAYMENT-REQUIRED") as string);
    const signed = paymentHeader(await payloadFor(required, payer(4).privateKey));
    const res = await app.request(`${BASE}/paid/item/1`, {
      method: "HEAD",
      headers: { "PAYMENT-SIGNATURE": signed },
    });
    expect(res.status).toBe(402);
    expect(res.headers.get("PAYMENT-REQUIRED")).toBe(get.headers.get("PAYMENT-REQUIRED"));
    expect(res.headers.get("PAYMENT-RESPONSE")).toBeNull();
    expect(await res.text()).toBe("");
    await expectNothingRanOrCharged();
    // The authorization was not touched: it still pays for the GET.
    const paid = await app.request(`${BASE}/paid/item/1`, {
      headers: { "PAYMENT-SIGNATURE": signed },
    });
    expect(paid.status).toBe(200);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payeeBefore + 10_000n);
  });

  it("OPTIONS (a CORS preflight) answers without running the handler", async () => {
    const res = await app.request(`${BASE}/paid/echo`, {
      method: "OPTIONS",
      headers: { Origin: "https://agent.example", "Access-Control-Request-Method": "POST" },
    });
    expect(res.status).toBe(204);
    await expectNothingRanOrCharged();
  });

  it("another method on a paid path is not an unpaid way in", async () => {
    for (const method of ["GET", "PUT", "PATCH", "DELETE"]) {
      const res = await app.request(`${BASE}/paid/echo`, { method });
      expect([402, 404, 405], method).toContain(res.status);
    }
    await expectNothingRanOrCharged();
  });
});

describe("forged and misused payments", () => {
  it("a replayed payment is refused and charged once", async () => {
    const signed = paymentHeader(await payloadFor(challenge, payer(0).privateKey));
    expect((await post("/paid/echo", { "PAYMENT-SIGNATURE": signed })).status).toBe(200);
    const replay = await post("/paid/echo", { "PAYMENT-SIGNATURE": signed });
    expect(replay.status).toBe(402);
    expect(await errorOf(replay)).toBe("payment_already_used");
    expect(runs.echo).toBe((runsBefore.echo ?? 0) + 1);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payeeBefore + 10_000n);
  });

  it("the same payment sent twice at once is charged once; the loser gets no content", async () => {
    const signed = paymentHeader(await payloadFor(challenge, payer(1).privateKey));
    const [a, b] = await Promise.all([
      post("/paid/echo", { "PAYMENT-SIGNATURE": signed }),
      post("/paid/echo", { "PAYMENT-SIGNATURE": signed }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 402]);
    const loser = a.status === 402 ? a : b;
    expect(loser.headers.get("PAYMENT-REQUIRED")).not.toBeNull();
    expect(await json(loser)).not.toHaveProperty("echoed");
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payeeBefore + 10_000n);
  });

  it("a payment for a cheaper route does not buy a dearer one", async () => {
    const signed = paymentHeader(await payloadFor(challenge, payer(2).privateKey));
    const res = await post("/paid/premium", { "PAYMENT-SIGNATURE": signed });
    expect(res.status).toBe(402);
    const terms = decodePaymentRequiredHeader(res.headers.get("PAYMENT-REQUIRED") as string);
    expect(terms.accepts[0]?.amount).toBe("50000");
    await expectNothingRanOrCharged();
  });

  it("a tampered signature is refused", async () => {
    const payload = await payloadFor(challenge, payer(2).privateKey);
    const p = payload.payload as { signature: string };
    // Change one byte of `s` (the last but one): always to a different value.
    const byte = p.signature.slice(-4, -2);
    p.signature = `${p.signature.slice(0, -4)}${byte === "00" ? "11" : "00"}${p.signature.slice(-2)}`;
    const res = await post("/paid/echo", { "PAYMENT-SIGNATURE": paymentHeader(payload) });
    expect(res.status).toBe(402);
    expect(await errorOf(res)).toMatch(/signature/);
    await expectNothingRanOrCharged();
  });

  it("a tampered amount in the signed authorization is refused", async () => {
    const payload = await payloadFor(challenge, payer(2).privateKey);
    (payload.payload as { authorization: { value: string } }).authorization.value = "1";
    const res = await post("/paid/echo", { "PAYMENT-SIGNATURE": paymentHeader(payload) });
    expect(res.status).toBe(402);
    await expectNothingRanOrCharged();
  });

  it("an underpayment (signed for less) is refused", async () => {
    const payload = await payloadFor(challenge, payer(2).privateKey, (r) => ({
      ...r,
      amount: "9999",
    }));
    const res = await post("/paid/echo", { "PAYMENT-SIGNATURE": paymentHeader(payload) });
    expect(res.status).toBe(402);
    await expectNothingRanOrCharged();
  });

  it("a payment claiming another network or asset does not match", async () => {
    for (const change of [
      { network: "eip155:1" },
      { asset: "0x0000000000000000000000000000000000000001" },
    ]) {
      const payload = await payloadFor(challenge, payer(2).privateKey);
      payload.accepted = { ...payload.accepted, ...change } as typeof payload.accepted;
      const res = await post("/paid/echo", { "PAYMENT-SIGNATURE": paymentHeader(payload) });
      expect(res.status).toBe(402);
      expect(await errorOf(res)).toBe("payment_does_not_match_requirements");
    }
    await expectNothingRanOrCharged();
  });

  it("an authorization signed for another chain or token contract is refused", async () => {
    for (const domain of [
      { chainId: 1 },
      { verifyingContract: "0x0000000000000000000000000000000000000001" as const },
    ]) {
      const payload = await payloadSignedWith(challenge, payer(2).privateKey, domain);
      const res = await post("/paid/echo", { "PAYMENT-SIGNATURE": paymentHeader(payload) });
      expect(res.status).toBe(402);
      expect(await errorOf(res)).toMatch(/signature/);
    }
    await expectNothingRanOrCharged();
  });

  it("a payment to the wrong payTo is refused", async () => {
    const payload = await payloadFor(challenge, payer(2).privateKey, (r) => ({
      ...r,
      payTo: payer(3).address,
    }));
    const res = await post("/paid/echo", { "PAYMENT-SIGNATURE": paymentHeader(payload) });
    expect(res.status).toBe(402);
    await expectNothingRanOrCharged();
  });

  it("an expired authorization is refused", async () => {
    const now = BigInt(Math.floor(Date.now() / 1000));
    const payload = await payloadSignedWith(challenge, payer(2).privateKey, {
      validAfter: 0n,
      validBefore: now - 10n,
    });
    const res = await post("/paid/echo", { "PAYMENT-SIGNATURE": paymentHeader(payload) });
    expect(res.status).toBe(402);
    expect(await errorOf(res)).toMatch(/valid_before|expired/i);
    await expectNothingRanOrCharged();
  });

  it("a not-yet-valid authorization is refused", async () => {
    const now = BigInt(Math.floor(Date.now() / 1000));
    const payload = await payloadSignedWith(challenge, payer(2).privateKey, {
      validAfter: now + 3600n,
      validBefore: now + 7200n,
    });
    const res = await post("/paid/echo", { "PAYMENT-SIGNATURE": paymentHeader(payload) });
    expect(res.status).toBe(402);
    expect(await errorOf(res)).toMatch(/valid_after|future/i);
    await expectNothingRanOrCharged();
  });

  it("a payer without funds is refused", async () => {
    const payload = await payloadFor(challenge, generatePrivateKey());
    const res = await post("/paid/echo", { "PAYMENT-SIGNATURE": paymentHeader(payload) });
    expect(res.status).toBe(402);
    expect(await errorOf(res)).toMatch(/insufficient|balance|funds/i);
    await expectNothingRanOrCharged();
  });

  it("a payment header that is not a payment is refused", async () => {
    for (const junk of [
      "x",
      "e30=",
      "not base64!",
      Buffer.from('{"x402Version":2}').toString("base64"),
    ]) {
      const res = await post("/paid/echo", { "PAYMENT-SIGNATURE": junk });
      expect(res.status, junk).toBe(402);
    }
    await expectNothingRanOrCharged();
  });
});

describe("a facilitator that is down", () => {
  it("gives a clear 503, runs nothing and charges nothing", async () => {
    const down = paidApp(
      createPaymentServer(httpFacilitator("http://127.0.0.1:9", {}, 2000)),
      baseTerms(devnet.payTo),
    );
    const signed = paymentHeader(await payloadFor(challenge, payer(4).privateKey));
    for (const headers of [{}, { "PAYMENT-SIGNATURE": signed }] as Record<string, string>[]) {
      const res = await down.app.request(`${BASE}/paid/echo`, {
        method: "POST",
        headers,
        body: "{}",
      });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({
        success: false,
        code: "PAYMENT_FACILITATOR_UNAVAILABLE",
      });
    }
    expect(down.runs.echo).toBe(0);
    await expectNothingRanOrCharged();
  });
});

// x402 v1 (`X-PAYMENT`, terms from the 402's JSON body): the same attacks, the same answers.
/** Base as x402 v1 names it (its types say CAIP-2; v1 payloads carry the name). */
const V1_BASE = "base" as PaymentPayloadV1["network"];
describe("forged and misused v1 payments", () => {
  let v1Challenge: PaymentRequiredV1;
  beforeAll(async () => {
    v1Challenge = (await (await post("/paid/echo")).json()) as PaymentRequiredV1;
  });
  const postV1 = (path: string, payload: PaymentPayloadV1 | string) =>
    post(path, { "X-PAYMENT": typeof payload === "string" ? payload : v1PaymentHeader(payload) });
  /** A v2 payload's signed authorization presented as v1 (v1 signs the same thing). */
  const asV1 = (payload: PaymentPayload): PaymentPayloadV1 => ({
    x402Version: 1,
    scheme: payload.accepted.scheme,
    network: V1_BASE,
    payload: payload.payload,
  });

  it("a replayed v1 payment is refused and charged once", async () => {
    const payload = await v1PayloadFor(v1Challenge, payer(0).privateKey);
    expect((await postV1("/paid/echo", payload)).status).toBe(200);
    const replay = await postV1("/paid/echo", payload);
    expect(replay.status).toBe(402);
    expect(await errorOf(replay)).toBe("payment_already_used");
    expect(runs.echo).toBe((runsBefore.echo ?? 0) + 1);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payeeBefore + 10_000n);
  });

  it("the same v1 payment sent twice at once is charged once; the loser gets no content", async () => {
    const payload = await v1PayloadFor(v1Challenge, payer(1).privateKey);
    const [a, b] = await Promise.all([
      postV1("/paid/echo", payload),
      postV1("/paid/echo", payload),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 402]);
    const loser = a.status === 402 ? a : b;
    expect(await json(loser)).not.toHaveProperty("echoed");
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payeeBefore + 10_000n);
  });

  it("a v1 payment for a cheaper route does not buy a dearer one: value mismatch", async () => {
    const payload = await v1PayloadFor(v1Challenge, payer(2).privateKey);
    const res = await postV1("/paid/premium", payload);
    expect(res.status).toBe(402);
    const terms = (await res.json()) as PaymentRequiredV1;
    expect(terms.error).toBe("invalid_exact_evm_payload_authorization_value_mismatch");
    expect(terms.accepts[0]?.maxAmountRequired).toBe("50000");
    await expectNothingRanOrCharged();
  });

  it("a v1 payment with a tampered signature is refused", async () => {
    const payload = await v1PayloadFor(v1Challenge, payer(2).privateKey);
    const p = payload.payload as { signature: string };
    const byte = p.signature.slice(-4, -2);
    p.signature = `${p.signature.slice(0, -4)}${byte === "00" ? "11" : "00"}${p.signature.slice(-2)}`;
    const res = await postV1("/paid/echo", payload);
    expect(res.status).toBe(402);
    expect(await errorOf(res)).toMatch(/signature/);
    await expectNothingRanOrCharged();
  });

  it("a v1 payment with a tampered amount, or signed for less, is refused", async () => {
    const tampered = await v1PayloadFor(v1Challenge, payer(2).privateKey);
    (tampered.payload as { authorization: { value: string } }).authorization.value = "1";
    const underpaid = await v1PayloadFor(v1Challenge, payer(2).privateKey, (r) => ({
      ...r,
      maxAmountRequired: "9999",
    }));
    for (const payload of [tampered, underpaid]) {
      const res = await postV1("/paid/echo", payload);
      expect(res.status).toBe(402);
      expect(await errorOf(res)).toBe("invalid_exact_evm_payload_authorization_value_mismatch");
    }
    await expectNothingRanOrCharged();
  });

  it("a v1 payment claiming another network (v1's name or v2's CAIP-2 id) or scheme does not match", async () => {
    const payload = await v1PayloadFor(v1Challenge, payer(2).privateKey);
    for (const change of [
      { network: "base-sepolia" },
      { network: "eip155:8453" },
      { scheme: "upto" },
    ]) {
      const res = await postV1("/paid/echo", { ...payload, ...change } as PaymentPayloadV1);
      expect(res.status).toBe(402);
      expect(await errorOf(res)).toBe("payment_does_not_match_requirements");
    }
    await expectNothingRanOrCharged();
  });

  it("a v1 authorization signed for another chain or token contract is refused", async () => {
    for (const domain of [
      { chainId: 1 },
      { verifyingContract: "0x0000000000000000000000000000000000000001" as const },
    ]) {
      const payload = await payloadSignedWith(challenge, payer(2).privateKey, domain);
      const res = await postV1("/paid/echo", asV1(payload));
      expect(res.status).toBe(402);
      expect(await errorOf(res)).toMatch(/signature/);
    }
    await expectNothingRanOrCharged();
  });

  it("a v1 payment to the wrong payTo is refused", async () => {
    const payload = await v1PayloadFor(v1Challenge, payer(2).privateKey, (r) => ({
      ...r,
      payTo: payer(3).address,
    }));
    const res = await postV1("/paid/echo", payload);
    expect(res.status).toBe(402);
    expect(await errorOf(res)).toBe("invalid_exact_evm_recipient_mismatch");
    await expectNothingRanOrCharged();
  });

  it("an expired or not-yet-valid v1 authorization is refused", async () => {
    const now = BigInt(Math.floor(Date.now() / 1000));
    for (const [window, reason] of [
      [{ validAfter: 0n, validBefore: now - 10n }, /valid_before|expired/i],
      [{ validAfter: now + 3600n, validBefore: now + 7200n }, /valid_after|future/i],
    ] as const) {
      const payload = await payloadSignedWith(challenge, payer(2).privateKey, window);
      const res = await postV1("/paid/echo", asV1(payload));
      expect(res.status).toBe(402);
      expect(await errorOf(res)).toMatch(reason);
    }
    await expectNothingRanOrCharged();
  });

  it("a v1 payer without funds is refused", async () => {
    const res = await postV1("/paid/echo", await v1PayloadFor(v1Challenge, generatePrivateKey()));
    expect(res.status).toBe(402);
    expect(await errorOf(res)).toMatch(/insufficient|balance|funds/i);
    await expectNothingRanOrCharged();
  });

  it("an X-PAYMENT header that is not a payment is refused", async () => {
    for (const junk of [
      "x",
      "e30=",
      "not base64!",
      Buffer.from('{"x402Version":1}').toString("base64"),
      Buffer.from('{"x402Version":1,"scheme":"exact","network":"base"}').toString("base64"),
    ]) {
      const res = await postV1("/paid/echo", junk);
      expect(res.status, junk).toBe(402);
    }
    await expectNothingRanOrCharged();
  });

  it("a facilitator that is down gives a clear 503 for a v1 payment, runs nothing and charges nothing", async () => {
    const down = paidApp(
      createPaymentServer(httpFacilitator("http://127.0.0.1:9", {}, 2000)),
      baseTerms(devnet.payTo),
    );
    const res = await down.app.request(`${BASE}/paid/echo`, {
      method: "POST",
      headers: {
        "X-PAYMENT": v1PaymentHeader(await v1PayloadFor(v1Challenge, payer(4).privateKey)),
      },
      body: "{}",
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      success: false,
      code: "PAYMENT_FACILITATOR_UNAVAILABLE",
    });
    expect(down.runs.echo).toBe(0);
    await expectNothingRanOrCharged();
  });
});
