import { payloadFor, paymentHeader, v1PaymentHeader } from "@svc/test-support/x402-payer";
import {
  anvilAccount,
  createFacilitatorSigner,
  DEVNET_ROLES,
  type Devnet,
  startDevnet,
} from "@svc/x402-devnet";
import { x402Facilitator } from "@x402/core/facilitator";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import type { FacilitatorClient } from "@x402/core/server";
import type { PaymentPayloadV1, PaymentRequired, SupportedResponse } from "@x402/core/types";
import { ExactEvmScheme } from "@x402/evm/exact/facilitator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseTerms } from "../schemes/exact-evm/base-terms.js";
import { createPaymentServer } from "../server/payment-server.js";
import { paidApp } from "../test-support/paid-app.js";

/**
 * A facilitator that serves x402 v2 only (x402's own facilitator with the exact EVM scheme
 * registered for v2 and nothing for v1, as a v2-only deployment is), on the real local chain.
 * What it cannot settle must not be offered: a 402 states v1 terms only where the facilitator
 * lists the v1 kind (`GET /supported`), and a v1 payment sent anyway is the payer's refusal
 * (402), not an outage (503, "the payment facilitator could not verify the payment").
 */
let devnet: Devnet;
let app: ReturnType<typeof paidApp>["app"];
let runs: ReturnType<typeof paidApp>["runs"];
const BASE = "http://svc.test";

beforeAll(async () => {
  devnet = await startDevnet({ payers: 1 });
  const { privateKey } = anvilAccount(DEVNET_ROLES.facilitator);
  const v2Only = new x402Facilitator().register(
    devnet.network,
    new ExactEvmScheme(createFacilitatorSigner(devnet.rpcUrl, privateKey)),
  );
  const facilitator: FacilitatorClient = {
    verify: (payload, requirements) => v2Only.verify(payload, requirements),
    settle: (payload, requirements) => v2Only.settle(payload, requirements),
    getSupported: async () => v2Only.getSupported() as SupportedResponse,
  };
  ({ app, runs } = paidApp(createPaymentServer(facilitator), baseTerms(devnet.payTo)));
});
afterAll(async () => {
  await devnet?.stop();
});

const unpaid = () => app.request(`${BASE}/paid/echo`, { method: "POST" });
const post = (headers: Record<string, string>) =>
  app.request(`${BASE}/paid/echo`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: "{}",
  });

describe("a facilitator that serves no x402 v1", () => {
  it("lists v2's kind only", async () => {
    const res = await unpaid();
    expect(res.status).toBe(402);
    const challenge = decodePaymentRequiredHeader(res.headers.get("PAYMENT-REQUIRED") as string);
    expect(challenge.accepts.map((a) => a.network)).toEqual([devnet.network]);
  });

  it("pays a v2 payment as ever", async () => {
    const challenge = decodePaymentRequiredHeader(
      (await unpaid()).headers.get("PAYMENT-REQUIRED") as string,
    ) as PaymentRequired;
    const payload = await payloadFor(challenge, devnet.payers[0]!.privateKey);
    const res = await post({ "PAYMENT-SIGNATURE": paymentHeader(payload) });
    expect(res.status).toBe(200);
  });

  it("the 402 offers a v1 client no terms it could not settle", async () => {
    const body = (await (await unpaid()).json()) as { x402Version: number; accepts: unknown[] };
    const v1Terms = body.x402Version === 1 ? body.accepts : [];
    expect(v1Terms).toEqual([]);
  });

  it("a v1 payment sent anyway is refused as the payer's (402), not reported as the facilitator down (503)", async () => {
    const challenge = decodePaymentRequiredHeader(
      (await unpaid()).headers.get("PAYMENT-REQUIRED") as string,
    ) as PaymentRequired;
    const { payload } = await payloadFor(challenge, devnet.payers[0]!.privateKey);
    const ran = runs.echo;
    const res = await post({
      "X-PAYMENT": v1PaymentHeader({
        x402Version: 1,
        scheme: "exact",
        network: "base" as PaymentPayloadV1["network"],
        payload,
      }),
    });
    expect({ status: res.status, body: await res.json() }).toMatchObject({ status: 402 });
    expect(runs.echo).toBe(ran);
  });
});
