import { HTTPFacilitatorClient } from "@x402/core/server";
import type { PaymentPayload } from "@x402/core/types";
import { getEvmChainIdV1 } from "@x402/evm/v1";
import { type Hex, parseEventLogs } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Devnet, startDevnet } from "../devnet/start-devnet.js";
import {
  asRequirements,
  signPaymentV1,
  tamper,
  usdcRequirements,
  usdcRequirementsV1,
} from "../test-support/payments.js";
import { fiatTokenAbi, USDC_ADDRESS } from "../usdc/usdc-token.js";

let devnet: Devnet;
let url: string;
beforeAll(async () => {
  devnet = await startDevnet({ payers: 3, httpFacilitator: true });
  url = devnet.facilitatorUrl!;
});
afterAll(async () => {
  await devnet?.stop();
});

const post = (path: string, body: unknown) =>
  fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("x402 v1 on the devnet facilitator (a v1 payment signed by the SDK's v1 client)", () => {
  const requirements = () => usdcRequirementsV1(devnet.payTo);

  it("lists exact on base (v1) beside exact on eip155:8453 (v2), in-process and at GET /supported", async () => {
    const expected = [
      { x402Version: 1, scheme: "exact", network: "base" },
      { x402Version: 2, scheme: "exact", network: "eip155:8453" },
    ];
    const inProcess = await devnet.facilitator.getSupported();
    expect(inProcess.kinds).toHaveLength(2);
    expect(inProcess.kinds).toEqual(expect.arrayContaining(expected));
    const overHttp = await new HTTPFacilitatorClient({ url }).getSupported();
    expect(overHttp.kinds).toHaveLength(2);
    expect(overHttp.kinds).toEqual(expect.arrayContaining(expected));
    expect(devnet.v1Network).toBe("base");
  });

  it("is the v1 scheme that takes the chain id from the v1 name: base → 8453, base-sepolia → 84532", () => {
    expect(getEvmChainIdV1("base")).toBe(8453);
    expect(getEvmChainIdV1("base-sepolia")).toBe(84532);
  });

  it("the v1 client signs a v1 payload: no `accepted`, the network by name", async () => {
    const payload = await signPaymentV1(devnet.payers[0]!.privateKey, requirements());
    expect(payload).toMatchObject({ x402Version: 1, scheme: "exact", network: "base" });
    expect(payload).not.toHaveProperty("accepted");
    expect((payload.payload as { authorization: { value: string } }).authorization.value).toBe(
      "10000",
    );
  });

  describe("in-process", () => {
    let payload: PaymentPayload;

    it("verifies and settles on chain: the payee gains exactly 10000, the payer loses it", async () => {
      const payer = devnet.payers[0]!;
      payload = await signPaymentV1(payer.privateKey, requirements());
      const payerBefore = await devnet.balanceOf(payer.address);
      const payeeBefore = await devnet.balanceOf(devnet.payTo);

      expect(
        await devnet.facilitator.verify(payload, asRequirements(requirements())),
      ).toMatchObject({ isValid: true, payer: payer.address });
      const settled = await devnet.facilitator.settle(payload, asRequirements(requirements()));
      expect(settled).toMatchObject({ success: true, payer: payer.address, network: "base" });

      const receipt = await devnet.publicClient.getTransactionReceipt({
        hash: settled.transaction as Hex,
      });
      expect(receipt.status).toBe("success");
      const transfers = parseEventLogs({
        abi: fiatTokenAbi,
        logs: receipt.logs,
        eventName: "Transfer",
      });
      expect(transfers).toHaveLength(1);
      expect(transfers[0]!.address.toLowerCase()).toBe(USDC_ADDRESS.toLowerCase());
      expect(transfers[0]!.args).toEqual({ from: payer.address, to: devnet.payTo, value: 10_000n });
      expect(await devnet.balanceOf(payer.address)).toBe(payerBefore - 10_000n);
      expect(await devnet.balanceOf(devnet.payTo)).toBe(payeeBefore + 10_000n);
    });

    it("refuses the same v1 payment settled a second time, and nothing moves", async () => {
      const payeeBefore = await devnet.balanceOf(devnet.payTo);
      const again = await devnet.facilitator.settle(payload, asRequirements(requirements()));
      // x402's default (no simulation in settle, as for v2): the transfer is submitted and the
      // token refuses the used nonce on chain; the facilitator reports the reverted transaction.
      expect(again).toMatchObject({
        success: false,
        errorReason: "invalid_exact_evm_transaction_failed",
      });
      const receipt = await devnet.publicClient.getTransactionReceipt({
        hash: again.transaction as Hex,
      });
      expect(receipt.status).toBe("reverted");
      expect(
        await devnet.facilitator.verify(payload, asRequirements(requirements())),
      ).toMatchObject({ isValid: false, invalidReason: "invalid_exact_evm_nonce_already_used" });
      expect(await devnet.balanceOf(devnet.payTo)).toBe(payeeBefore);
    });

    it("refuses a v1 payload whose amount was raised after signing", async () => {
      const fresh = await signPaymentV1(devnet.payers[1]!.privateKey, requirements());
      const raised = tamper(fresh, (p) => {
        p.authorization.value = "20000";
      });
      const verified = await devnet.facilitator.verify(
        raised,
        asRequirements(usdcRequirementsV1(devnet.payTo, "20000")),
      );
      expect(verified).toMatchObject({
        isValid: false,
        invalidReason: "invalid_exact_evm_signature",
      });
    });
  });

  describe("over HTTP", () => {
    let payload: PaymentPayload;

    it("verifies and settles through HTTPFacilitatorClient: the payee gains exactly 10000", async () => {
      const client = new HTTPFacilitatorClient({ url });
      const payer = devnet.payers[1]!;
      payload = await signPaymentV1(payer.privateKey, requirements());
      const before = [await devnet.balanceOf(payer.address), await devnet.balanceOf(devnet.payTo)];
      expect(await client.verify(payload, asRequirements(requirements()))).toMatchObject({
        isValid: true,
        payer: payer.address,
      });
      const settled = await client.settle(payload, asRequirements(requirements()));
      expect(settled).toMatchObject({ success: true, payer: payer.address, network: "base" });
      const receipt = await devnet.publicClient.getTransactionReceipt({
        hash: settled.transaction as Hex,
      });
      expect(receipt.status).toBe("success");
      expect(await devnet.balanceOf(payer.address)).toBe(before[0]! - 10_000n);
      expect(await devnet.balanceOf(devnet.payTo)).toBe(before[1]! + 10_000n);
    });

    it("takes the v1 body as the spec writes it, and refuses its replay with 200 success:false", async () => {
      const body = { x402Version: 1, paymentPayload: payload, paymentRequirements: requirements() };
      const verify = await post("/verify", body);
      expect(verify.status).toBe(200);
      expect(await verify.json()).toMatchObject({
        isValid: false,
        invalidReason: "invalid_exact_evm_nonce_already_used",
      });
      const balance = await devnet.balanceOf(devnet.payTo);
      const settle = await post("/settle", body);
      expect(settle.status).toBe(200);
      expect(await settle.json()).toMatchObject({ success: false, network: "base" });
      expect(await devnet.balanceOf(devnet.payTo)).toBe(balance);
    });
  });
});

describe("the HTTP facilitator's validation of v1 bodies", () => {
  const body = async () => {
    const requirements = usdcRequirementsV1(devnet.payTo);
    return {
      x402Version: 1,
      paymentPayload: await signPaymentV1(devnet.payers[2]!.privateKey, requirements),
      paymentRequirements: requirements as unknown as Record<string, unknown>,
    };
  };

  const expect400 = async (response: Response, error: string) => {
    expect(response.status).toBe(400);
    const json = (await response.json()) as {
      error: string;
      message: string;
      issues?: { path: string }[];
    };
    expect(json.error).toBe(error);
    expect(JSON.stringify(json)).not.toMatch(/\n\s+at /);
    return json;
  };

  it("400 invalid_request naming what a v1 body lacks (v1's fields, not v2's)", async () => {
    const b = await body();
    delete b.paymentRequirements.maxAmountRequired;
    delete b.paymentRequirements.resource;
    const json = await expect400(await post("/verify", b), "invalid_request");
    const paths = json.issues!.map((i) => i.path);
    expect(paths).toContain("paymentRequirements.maxAmountRequired");
    expect(paths).toContain("paymentRequirements.resource");
    expect(paths).not.toContain("paymentRequirements.amount");
    expect(json.message).toMatch(/x402 v1/);
  });

  it("400 invalid_request for a non-numeric maxAmountRequired or a malformed authorization", async () => {
    const b = await body();
    b.paymentRequirements.maxAmountRequired = "0.01";
    (b.paymentPayload.payload as { authorization: { nonce: string } }).authorization.nonce = "0x12";
    const json = await expect400(await post("/settle", b), "invalid_request");
    expect(json.issues!.map((i) => i.path)).toEqual([
      "paymentRequirements.maxAmountRequired",
      "paymentPayload.payload.authorization.nonce",
    ]);
  });

  it("400 invalid_request for a v2 payload in a v1 body", async () => {
    const v2 = usdcRequirements(devnet.payTo);
    const b = { ...(await body()), paymentPayload: { x402Version: 2, accepted: v2, payload: {} } };
    await expect400(await post("/verify", b), "invalid_request");
  });

  it("400 unsupported_scheme_network for a v1 network it does not serve, or a CAIP-2 id in v1", async () => {
    for (const network of ["base-sepolia", "eip155:8453"]) {
      const b = await body();
      b.paymentRequirements.network = network;
      await expect400(await post("/verify", b), "unsupported_scheme_network");
    }
  });

  it("400 unsupported_x402_version for version 3, and 413 for an oversized v1 body", async () => {
    await expect400(await post("/verify", { x402Version: 3 }), "unsupported_x402_version");
    const big = await post("/verify", { ...(await body()), pad: "x".repeat(100_000) });
    expect(big.status).toBe(413);
  });

  it("still verifies a well-formed v1 body after all that", async () => {
    const response = await post("/verify", await body());
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ isValid: true });
  });
});
