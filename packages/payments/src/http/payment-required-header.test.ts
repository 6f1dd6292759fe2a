import { anvilAccount, createDevnetFacilitator, DEVNET_ROLES } from "@svc/x402-devnet";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { validateDiscoveryExtension } from "@x402/extensions/bazaar";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { PaymentGate } from "../gate/payment-gate.js";
import { baseTerms } from "../schemes/exact-evm/base-terms.js";
import { createPaymentServer } from "../server/payment-server.js";
import { requirePayment } from "./require-payment.js";

// The PAYMENT-REQUIRED header carries the bazaar declaration (an x402 v2 client pays from the
// header and echoes what it carries, which is all the Bazaar catalogues), within a budget that
// keeps a 402's headers under 8 KB. The facilitator (the devnet's, in this process, on no chain)
// is only asked what it supports.
const server = createPaymentServer(
  createDevnetFacilitator({
    rpcUrl: "http://127.0.0.1:1",
    signerKey: anvilAccount(DEVNET_ROLES.facilitator).privateKey,
  }),
);

/** A route whose declaration's output example is `outputChars` long, and its input's `inputChars`. */
function appWith(outputChars: number, inputChars = 10) {
  const gate = new PaymentGate(
    server,
    {
      price: "0.01",
      description: "a route",
      url: "http://svc.test/paid",
      mimeType: "application/json",
      discovery: {
        kind: "http-body",
        input: { text: "i".repeat(inputChars) },
        output: { example: { text: "o".repeat(outputChars) } },
      },
    },
    baseTerms("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"),
    { transport: { method: "POST", adapter: { getPath: () => "/paid" } } },
  );
  const app = new Hono();
  app.post("/paid", requirePayment(gate), (c) => c.json({ ok: true }));
  return app;
}

const headerOf = async (app: Hono, target = "/paid") => {
  const res = await app.request(`http://svc.test${target}`, { method: "POST" });
  expect(res.status).toBe(402);
  const raw = res.headers.get("PAYMENT-REQUIRED") as string;
  return { raw, required: decodePaymentRequiredHeader(raw) };
};

describe("the PAYMENT-REQUIRED header and the bazaar declaration", () => {
  it("carries the whole declaration, as the body states it, when it fits", async () => {
    const { raw, required } = await headerOf(appWith(100));
    const bazaar = required.extensions?.bazaar as Parameters<typeof validateDiscoveryExtension>[0];
    expect(bazaar.info.output).toEqual({ type: "json", example: { text: "o".repeat(100) } });
    expect(validateDiscoveryExtension(bazaar)).toEqual({ valid: true });
    expect(raw.length).toBeLessThanOrEqual(6 * 1024);
  });

  it("past 6 KB of base64, the declaration without its output example, still valid", async () => {
    const { raw, required } = await headerOf(appWith(4000));
    const bazaar = required.extensions?.bazaar as Parameters<typeof validateDiscoveryExtension>[0];
    expect(bazaar.info).not.toHaveProperty("output");
    expect(bazaar.info.input).toMatchObject({
      type: "http",
      method: "POST",
      body: { text: "i".repeat(10) },
    });
    expect(validateDiscoveryExtension(bazaar)).toEqual({ valid: true });
    expect(raw.length).toBeLessThanOrEqual(6 * 1024);
  });

  it("and without the declaration only where even its input does not fit", async () => {
    const { raw, required } = await headerOf(appWith(4000, 5000));
    expect(required.extensions).toEqual({});
    expect(required.accepts).toHaveLength(1);
    expect(raw.length).toBeLessThanOrEqual(6 * 1024);
  });
});
