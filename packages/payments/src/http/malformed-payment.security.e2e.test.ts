import { payloadFor, paymentHeader, v1PaymentHeader } from "@svc/test-support/x402-payer";
import { type Devnet, startDevnet } from "@svc/x402-devnet";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import type { PaymentPayload, PaymentPayloadV1, PaymentRequired } from "@x402/core/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpFacilitator } from "../facilitator/http-facilitator.js";
import { baseTerms } from "../schemes/exact-evm/base-terms.js";
import { createPaymentServer } from "../server/payment-server.js";
import { paidApp } from "../test-support/paid-app.js";

// Bad payments are the payer's problem (402 with the reason), never an outage (503): with the
// facilitator in process and over HTTP, on the real local chain.
let devnet: Devnet;
let valid: PaymentPayload;
const BASE = "http://svc.test";

beforeAll(async () => {
  devnet = await startDevnet({ payers: 1, httpFacilitator: true });
  const { app } = paidApp(createPaymentServer(devnet.facilitator), baseTerms(devnet.payTo));
  const challenge = decodePaymentRequiredHeader(
    (await app.request(`${BASE}/paid/echo`, { method: "POST" })).headers.get(
      "PAYMENT-REQUIRED",
    ) as string,
  ) as PaymentRequired;
  valid = await payloadFor(challenge, devnet.payers[0]!.privateKey);
});
afterAll(async () => {
  await devnet?.stop();
});

type Authorization = Record<string, string>;
const withAuthorization = (change: (a: Authorization) => Authorization): PaymentPayload => {
  const p = valid.payload as { authorization: Authorization; signature: string };
  return { ...valid, payload: { ...p, authorization: change({ ...p.authorization }) } };
};
const MALFORMED: Record<string, () => PaymentPayload> = {
  'value "abc"': () => withAuthorization((a) => ({ ...a, value: "abc" })),
  'validBefore "1e999"': () => withAuthorization((a) => ({ ...a, validBefore: "1e999" })),
  "no signature": () => {
    const { signature: _none, ...rest } = valid.payload as Record<string, unknown>;
    return { ...valid, payload: rest };
  },
  "a Permit2-shaped payload": () => ({
    ...valid,
    payload: {
      signature: (valid.payload as { signature: string }).signature,
      permit2Authorization: { from: "0x1", permitted: { token: "x", amount: "y" } },
    },
  }),
  "a nonce that is not 32 bytes": () => withAuthorization((a) => ({ ...a, nonce: "0x01" })),
};

describe("malformed payments are refused as payments, not reported as an outage", () => {
  for (const facilitator of ["in-process", "HTTP"] as const) {
    for (const [name, make] of Object.entries(MALFORMED)) {
      it(`${name} (${facilitator} facilitator): 402 invalid_payload, nothing runs`, async () => {
        const { app, runs } = paidApp(
          createPaymentServer(
            facilitator === "HTTP"
              ? httpFacilitator(devnet.facilitatorUrl as string)
              : devnet.facilitator,
          ),
          baseTerms(devnet.payTo),
        );
        const res = await app.request(`${BASE}/paid/echo`, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "PAYMENT-SIGNATURE": paymentHeader(make()),
          },
          body: "{}",
        });
        expect(res.status).toBe(402);
        expect(res.headers.get("Retry-After")).toBeNull();
        expect(((await res.json()) as PaymentRequired).error).toBe("invalid_payload");
        expect(runs.echo).toBe(0);
      });
    }
  }
});

/** The malformed payloads above in x402 v1's payload, and what only v1's shape can get wrong. */
const MALFORMED_V1: Record<string, () => PaymentPayloadV1> = {
  ...Object.fromEntries(
    Object.entries(MALFORMED).map(([name, make]) => [
      name,
      () => ({ x402Version: 1, scheme: "exact", network: "base", payload: make().payload }),
    ]),
  ),
  "no network": () =>
    ({ x402Version: 1, scheme: "exact", payload: valid.payload }) as unknown as PaymentPayloadV1,
  "a payload that is a string": () =>
    ({
      x402Version: 1,
      scheme: "exact",
      network: "base",
      payload: "0x",
    }) as unknown as PaymentPayloadV1,
};

describe("malformed v1 payments (X-PAYMENT) are refused as payments too", () => {
  for (const facilitator of ["in-process", "HTTP"] as const) {
    for (const [name, make] of Object.entries(MALFORMED_V1)) {
      it(`${name} (${facilitator} facilitator): 402 invalid_payload, nothing runs`, async () => {
        const { app, runs } = paidApp(
          createPaymentServer(
            facilitator === "HTTP"
              ? httpFacilitator(devnet.facilitatorUrl as string)
              : devnet.facilitator,
          ),
          baseTerms(devnet.payTo),
        );
        const res = await app.request(`${BASE}/paid/echo`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-PAYMENT": v1PaymentHeader(make()) },
          body: "{}",
        });
        expect(res.status).toBe(402);
        expect(res.headers.get("Retry-After")).toBeNull();
        expect(((await res.json()) as PaymentRequired).error).toBe("invalid_payload");
        expect(runs.echo).toBe(0);
      });
    }
  }
});
