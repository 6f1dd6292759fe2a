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
import type { Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseTerms } from "../schemes/exact-evm/base-terms.js";
import { createPaymentServer } from "../server/payment-server.js";
import { paidApp } from "../test-support/paid-app.js";

// The validity window of an authorization, checked before any work, on the real local chain, for
// a payment in either x402 version (v1 signs the same authorization; it is sent as `X-PAYMENT`).
let devnet: Devnet;
const BASE = "http://svc.test";

beforeAll(async () => {
  devnet = await startDevnet({ payers: 2 });
});
afterAll(async () => {
  await devnet?.stop();
});

const now = () => BigInt(Math.floor(Date.now() / 1000));

/** How each version sends a payload, and how its stock client signs one from a 402. */
const VERSIONS = [
  {
    version: "x402 v2",
    header: "PAYMENT-SIGNATURE",
    send: (payload: PaymentPayload) => paymentHeader(payload),
    stock: async (unpaid: Response, key: Hex) =>
      paymentHeader(
        await payloadFor(
          decodePaymentRequiredHeader(unpaid.headers.get("PAYMENT-REQUIRED") as string),
          key,
        ),
      ),
  },
  {
    version: "x402 v1",
    header: "X-PAYMENT",
    // The same signed authorization, in v1's payload.
    send: (payload: PaymentPayload) =>
      v1PaymentHeader({
        x402Version: 1,
        scheme: payload.accepted.scheme,
        network: "base" as PaymentPayloadV1["network"],
        payload: payload.payload,
      }),
    stock: async (unpaid: Response, key: Hex) =>
      v1PaymentHeader(await v1PayloadFor((await unpaid.json()) as PaymentRequiredV1, key)),
  },
] as const;

describe.each(VERSIONS)("validity windows ($version)", ({ header, send, stock }) => {
  let app: ReturnType<typeof paidApp>["app"];
  let runs: ReturnType<typeof paidApp>["runs"];
  let challenge: PaymentRequired;
  beforeAll(async () => {
    ({ app, runs } = paidApp(createPaymentServer(devnet.facilitator), baseTerms(devnet.payTo)));
    challenge = decodePaymentRequiredHeader(
      (await unpaid()).headers.get("PAYMENT-REQUIRED") as string,
    );
  });
  const unpaid = () => app.request(`${BASE}/paid/echo`, { method: "POST" });
  const post = (signature: string) =>
    app.request(`${BASE}/paid/echo`, {
      method: "POST",
      headers: { "Content-Type": "application/json", [header]: signature },
      body: "{}",
    });

  it("work for nothing: an authorization expiring before the work and its settlement can finish is refused before anything runs", async () => {
    const payee = await devnet.balanceOf(devnet.payTo);
    // The facilitator alone accepts this one (it only asks for 6 s); the route's budget is 10 s.
    const payload = await payloadSignedWith(challenge, devnet.payers[0]!.privateKey, {
      validBefore: now() + 8n,
    });
    const res = await post(send(payload));
    expect(res.status).toBe(402);
    expect(((await res.json()) as PaymentRequired).error).toBe(
      "invalid_exact_evm_payload_authorization_valid_before",
    );
    expect(runs.echo).toBe(0);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee);
  });

  it("unbounded validity: an authorization valid for ten years, or until 2^256 − 1, is refused", async () => {
    const payee = await devnet.balanceOf(devnet.payTo);
    for (const validBefore of [now() + 10n * 365n * 86_400n, 2n ** 256n - 1n]) {
      const payload = await payloadSignedWith(challenge, devnet.payers[0]!.privateKey, {
        validBefore,
      });
      const res = await post(send(payload));
      expect(res.status).toBe(402);
      expect(((await res.json()) as PaymentRequired).error).toBe(
        "invalid_exact_evm_payload_authorization_valid_before_too_far",
      );
    }
    expect(runs.echo).toBe(0);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee);
  });

  it("the stock client's window (the advertised 60 s; v1's starts ten minutes back) is accepted and settles", async () => {
    const payee = await devnet.balanceOf(devnet.payTo);
    const res = await post(await stock(await unpaid(), devnet.payers[1]!.privateKey));
    expect(res.status).toBe(200);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee + 10_000n);
  });
});
