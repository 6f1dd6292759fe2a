import { payingFetch } from "@svc/test-support/x402-payer";
import {
  decodePaymentResponseHeader,
  decodePaymentSignatureHeader,
  encodePaymentRequiredHeader,
  encodePaymentResponseHeader,
} from "@x402/core/http";
import { x402ResourceServer } from "@x402/core/server";
import type { PaymentRequirements } from "@x402/core/types";
import { ExactEvmScheme as ExactEvmServerScheme } from "@x402/evm/exact/server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Devnet, startDevnet } from "../devnet/start-devnet.js";
import { USDC_ADDRESS } from "../usdc/usdc-token.js";

let devnet: Devnet;
let app: Hono;
let accepts: PaymentRequirements[];

/**
 * A minimal paid route written with @x402/core's resource server only (the way a real server
 * would use @x402/hono's middleware), priced "$0.01" so that x402's own default-asset table picks
 * the asset: if the devnet's USDC did not sit where x402 expects it, nothing below would pay.
 */
beforeAll(async () => {
  devnet = await startDevnet({ payers: 1 });
  const server = new x402ResourceServer(devnet.facilitator).register(
    devnet.network,
    new ExactEvmServerScheme(),
  );
  await server.initialize();
  accepts = await server.buildPaymentRequirements({
    scheme: "exact",
    network: devnet.network,
    price: "$0.01",
    payTo: devnet.payTo,
    maxTimeoutSeconds: 60,
  });
  app = new Hono().get("/paid", async (c) => {
    const resource = { url: c.req.url, description: "a paid thing", mimeType: "application/json" };
    const unpaid = async (error?: string) => {
      const required = await server.createPaymentRequiredResponse(accepts, resource, error);
      return c.json({}, 402, { "PAYMENT-REQUIRED": encodePaymentRequiredHeader(required) });
    };
    const header = c.req.header("PAYMENT-SIGNATURE");
    if (header === undefined) return unpaid();
    const payload = decodePaymentSignatureHeader(header);
    const requirements = server.findMatchingRequirements(accepts, payload);
    if (requirements === undefined) return unpaid("no matching requirements");
    const verified = await server.verifyPayment(payload, requirements);
    if (!verified.isValid) return unpaid(verified.invalidReason);
    const settled = await server.settlePayment(payload, requirements);
    if (!settled.success) return unpaid(settled.errorReason);
    return c.json({ ok: true }, 200, { "PAYMENT-RESPONSE": encodePaymentResponseHeader(settled) });
  });
});
afterAll(async () => {
  await devnet?.stop();
});

describe("a paid route on the devnet, paid with @x402/fetch", () => {
  it("prices $0.01 as 10000 units of the devnet USDC, with its EIP-712 domain", () => {
    expect(accepts).toHaveLength(1);
    expect(accepts[0]).toMatchObject({
      amount: "10000",
      asset: USDC_ADDRESS,
      extra: { name: "USD Coin", version: "2" },
    });
  });

  it("answers 402, then pays, settles on chain and answers 200 with PAYMENT-RESPONSE", async () => {
    const payer = devnet.payers[0]!;
    const appFetch: typeof fetch = async (input, init) => app.request(input as string, init);
    expect((await appFetch("http://localhost/paid")).status).toBe(402);

    const before = await devnet.balanceOf(devnet.payTo);
    const response = await payingFetch(
      appFetch,
      payer.privateKey,
      devnet.network,
    )("http://localhost/paid");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    const receipt = decodePaymentResponseHeader(response.headers.get("PAYMENT-RESPONSE")!);
    expect(receipt).toMatchObject({ success: true, payer: payer.address, network: "eip155:8453" });
    expect(await devnet.balanceOf(devnet.payTo)).toBe(before + 10_000n);
  });
});
