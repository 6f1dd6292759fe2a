import { HTTPFacilitatorClient } from "@x402/core/server";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import type { Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Devnet, startDevnet } from "../devnet/start-devnet.js";
import { signPayment, usdcRequirements } from "../test-support/payments.js";

let devnet: Devnet;
let url: string;
beforeAll(async () => {
  devnet = await startDevnet({ httpFacilitator: true });
  url = devnet.facilitatorUrl!;
});
afterAll(async () => {
  await devnet?.stop();
});

const post = (path: string, body: string, contentType = "application/json") =>
  fetch(`${url}${path}`, { method: "POST", headers: { "content-type": contentType }, body });

describe("the HTTP facilitator, through @x402/core's HTTPFacilitatorClient", () => {
  const client = () => new HTTPFacilitatorClient({ url });
  const requirements = () => usdcRequirements(devnet.payTo);
  let payload: PaymentPayload;

  it("serves on 127.0.0.1 and lists exact on eip155:8453 (and on base, in x402 v1) at GET /supported", async () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const supported = await client().getSupported();
    expect(supported.kinds).toEqual([
      { x402Version: 2, scheme: "exact", network: "eip155:8453" },
      { x402Version: 1, scheme: "exact", network: "base" },
    ]);
    expect(supported.signers["eip155:*"]).toEqual([devnet.facilitator.signer]);
  });

  it("verifies and settles a real payment: balances move by exactly 10000", async () => {
    const payer = devnet.payers[0]!;
    payload = await signPayment(payer.privateKey, requirements());
    const before = [await devnet.balanceOf(payer.address), await devnet.balanceOf(devnet.payTo)];
    expect(await client().verify(payload, requirements())).toMatchObject({
      isValid: true,
      payer: payer.address,
    });
    const settled = await client().settle(payload, requirements());
    expect(settled).toMatchObject({ success: true, payer: payer.address, network: "eip155:8453" });
    const receipt = await devnet.publicClient.getTransactionReceipt({
      hash: settled.transaction as Hex,
    });
    expect(receipt.status).toBe("success");
    expect(await devnet.balanceOf(payer.address)).toBe(before[0]! - 10_000n);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(before[1]! + 10_000n);
  });

  it("answers a replay with 200 isValid:false invalid_exact_evm_nonce_already_used", async () => {
    const response = await post(
      "/verify",
      JSON.stringify({
        x402Version: 2,
        paymentPayload: payload,
        paymentRequirements: requirements(),
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      isValid: false,
      invalidReason: "invalid_exact_evm_nonce_already_used",
    });
    const settled = await client().settle(payload, requirements());
    expect(settled.success).toBe(false);
  });
});

describe("the HTTP facilitator's request validation", () => {
  const body = async () => ({
    x402Version: 2,
    paymentPayload: await signPayment(devnet.payers[1]!.privateKey, usdcRequirements(devnet.payTo)),
    paymentRequirements: usdcRequirements(devnet.payTo),
  });

  const expectJson400 = async (response: Response, error: string) => {
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const json = (await response.json()) as { error: string; message: string };
    expect(json.error).toBe(error);
    expect(typeof json.message).toBe("string");
    expect(JSON.stringify(json)).not.toMatch(/\n\s+at /);
    return json;
  };

  it("400 invalid_json for a body that is not JSON", async () => {
    await expectJson400(await post("/verify", "{not json", "text/plain"), "invalid_json");
  });

  it("400 invalid_request for a JSON body that is not an object", async () => {
    await expectJson400(await post("/settle", "[1,2]"), "invalid_request");
  });

  it("400 unsupported_x402_version for x402Version 3 or none", async () => {
    await expectJson400(
      await post("/verify", JSON.stringify({ x402Version: 3 })),
      "unsupported_x402_version",
    );
    await expectJson400(await post("/verify", "{}"), "unsupported_x402_version");
  });

  it("400 invalid_request naming the missing fields", async () => {
    const json = (await expectJson400(
      await post("/verify", JSON.stringify({ x402Version: 2, paymentPayload: {} })),
      "invalid_request",
    )) as unknown as { issues: { path: string }[] };
    const paths = json.issues.map((i) => i.path);
    expect(paths).toContain("paymentPayload.accepted");
    expect(paths).toContain("paymentRequirements");
  });

  it("400 invalid_request for a malformed EIP-3009 authorization (not a 500 from BigInt)", async () => {
    const b = await body();
    const auth = (b.paymentPayload.payload as { authorization: Record<string, unknown> })
      .authorization;
    auth.value = "ten thousand";
    auth.nonce = "0x1234";
    const json = (await expectJson400(
      await post("/settle", JSON.stringify(b)),
      "invalid_request",
    )) as unknown as {
      issues: { path: string }[];
    };
    expect(json.issues.map((i) => i.path)).toEqual([
      "paymentPayload.payload.authorization.value",
      "paymentPayload.payload.authorization.nonce",
    ]);
  });

  it("400 invalid_request for a non-numeric amount in the requirements", async () => {
    const b = await body();
    b.paymentRequirements.amount = "0.01";
    await expectJson400(await post("/verify", JSON.stringify(b)), "invalid_request");
  });

  it("400 unsupported_scheme_network for a network it does not serve", async () => {
    const b = await body();
    b.paymentRequirements.network = "eip155:1";
    await expectJson400(await post("/verify", JSON.stringify(b)), "unsupported_scheme_network");
  });

  it("413 for an oversized body and 404 JSON for unknown routes", async () => {
    const big = await post("/verify", JSON.stringify({ pad: "x".repeat(100_000) }));
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ error: "body_too_large" });
    const missing = await fetch(`${url}/nope`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: "not_found" });
  });

  it("400 invalid_request naming what an x402 v1 body lacks, or its malformed amount (maxAmountRequired)", async () => {
    const missing = (await expectJson400(
      await post("/verify", JSON.stringify({ x402Version: 1, paymentPayload: {} })),
      "invalid_request",
    )) as unknown as { issues: { path: string }[] };
    expect(missing.issues.map((i) => i.path)).toEqual(
      expect.arrayContaining(["paymentPayload.network", "paymentRequirements"]),
    );
    const { paymentPayload, paymentRequirements } = await body();
    const malformed = (await expectJson400(
      await post(
        "/verify",
        JSON.stringify({
          x402Version: 1,
          paymentPayload: { ...v1Of(paymentPayload) },
          paymentRequirements: {
            ...v1Requirements(paymentRequirements),
            maxAmountRequired: "0.01",
          },
        }),
      ),
      "invalid_request",
    )) as unknown as { issues: { path: string }[] };
    expect(malformed.issues.map((i) => i.path)).toEqual(["paymentRequirements.maxAmountRequired"]);
  });

  it("verifies and settles an x402 v1 request (v1's payload and requirements) by its v1 kind", async () => {
    const { paymentPayload, paymentRequirements } = await body();
    const request = JSON.stringify({
      x402Version: 1,
      paymentPayload: v1Of(paymentPayload),
      paymentRequirements: v1Requirements(paymentRequirements),
    });
    const verified = await post("/verify", request);
    expect(verified.status).toBe(200);
    expect(await verified.json()).toMatchObject({ isValid: true });
    const before = await devnet.balanceOf(devnet.payTo);
    const settled = await post("/settle", request);
    expect(await settled.json()).toMatchObject({ success: true, network: "base" });
    expect(await devnet.balanceOf(devnet.payTo)).toBe(before + 10_000n);
  });

  it("still accepts a well-formed body after all that", async () => {
    const response = await post("/verify", JSON.stringify(await body()));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ isValid: true });
  });
});

/** A v2 payload's signed authorization in x402 v1's payload (v1 signs the same thing). */
const v1Of = (payload: PaymentPayload) => ({
  x402Version: 1,
  scheme: payload.accepted.scheme,
  network: "base",
  payload: payload.payload,
});

/** v2 requirements in v1's words. */
const v1Requirements = ({ amount, network: _caip2, ...rest }: PaymentRequirements) => ({
  ...rest,
  network: "base",
  maxAmountRequired: amount,
  resource: "http://localhost/paid",
  description: "test",
  mimeType: "application/json",
});
