import { payloadFor, payloadSignedWith, paymentHeader } from "@svc/test-support/x402-payer";
import { type Devnet, startDevnet } from "@svc/x402-devnet";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import type { PaymentRequired } from "@x402/core/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseTerms } from "../schemes/exact-evm/base-terms.js";
import { createPaymentServer } from "../server/payment-server.js";
import { paidApp } from "../test-support/paid-app.js";

// The validity window of an authorization, checked before any work, on the real local chain.
let devnet: Devnet;
let app: ReturnType<typeof paidApp>["app"];
let runs: ReturnType<typeof paidApp>["runs"];
let challenge: PaymentRequired;
const BASE = "http://svc.test";

beforeAll(async () => {
  devnet = await startDevnet({ payers: 2 });
  ({ app, runs } = paidApp(createPaymentServer(devnet.facilitator), baseTerms(devnet.payTo)));
  challenge = decodePaymentRequiredHeader(
    (await app.request(`${BASE}/paid/echo`, { method: "POST" })).headers.get(
      "PAYMENT-REQUIRED",
    ) as string,
  );
});
afterAll(async () => {
  await devnet?.stop();
});

const now = () => BigInt(Math.floor(Date.now() / 1000));
const post = (signature: string) =>
  app.request(`${BASE}/paid/echo`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "PAYMENT-SIGNATURE": signature },
    body: "{}",
  });

describe("validity windows", () => {
  it("work for nothing: an authorization expiring before the work and its settlement can finish is refused before anything runs", async () => {
    const payee = await devnet.balanceOf(devnet.payTo);
    // The facilitator alone accepts this one (it only asks for 6 s); the route's budget is 10 s.
    const payload = await payloadSignedWith(challenge, devnet.payers[0]!.privateKey, {
      validBefore: now() + 8n,
    });
    const res = await post(paymentHeader(payload));
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
      const res = await post(paymentHeader(payload));
      expect(res.status).toBe(402);
      expect(((await res.json()) as PaymentRequired).error).toBe(
        "invalid_exact_evm_payload_authorization_valid_before_too_far",
      );
    }
    expect(runs.echo).toBe(0);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee);
  });

  it("the stock client's window (the advertised 60 s) is accepted and settles", async () => {
    const payee = await devnet.balanceOf(devnet.payTo);
    const res = await post(
      paymentHeader(await payloadFor(challenge, devnet.payers[1]!.privateKey)),
    );
    expect(res.status).toBe(200);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee + 10_000n);
  });
});
