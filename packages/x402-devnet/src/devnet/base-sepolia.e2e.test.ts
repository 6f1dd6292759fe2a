import { payingFetch } from "@svc/test-support/x402-payer";
import {
  decodePaymentResponseHeader,
  decodePaymentSignatureHeader,
  encodePaymentRequiredHeader,
  encodePaymentResponseHeader,
} from "@x402/core/http";
import { HTTPFacilitatorClient, x402ResourceServer } from "@x402/core/server";
import type { PaymentRequirements } from "@x402/core/types";
import { ExactEvmScheme as ExactEvmServerScheme } from "@x402/evm/exact/server";
import { Hono } from "hono";
import { hashDomain } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRpc } from "../chain/json-rpc.js";
import {
  asRequirements,
  signPayment,
  signPaymentV1,
  usdcRequirements,
  usdcRequirementsV1,
} from "../test-support/payments.js";
import { fiatTokenAbi, USDC_ADDRESS } from "../usdc/usdc-token.js";
import { type Devnet, startDevnet } from "./start-devnet.js";

const SEPOLIA_USDC = "0x036CbD53842c5426634e7929541eC2318f3dCF7e";

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startDevnet({ network: "eip155:84532", payers: 3, httpFacilitator: true });
});
afterAll(async () => {
  await devnet?.stop();
});

type Getter = "name" | "symbol" | "version" | "decimals" | "DOMAIN_SEPARATOR";
const read = (functionName: Getter): Promise<unknown> =>
  devnet.publicClient.readContract({ address: SEPOLIA_USDC, abi: fiatTokenAbi, functionName });

describe("a devnet started on Base Sepolia (eip155:84532)", () => {
  it("runs anvil on chain id 84532 and says so", async () => {
    expect(devnet).toMatchObject({
      chainId: 84532,
      network: "eip155:84532",
      v1Network: "base-sepolia",
      networkName: "Base Sepolia",
    });
    expect(await jsonRpc(devnet.rpcUrl, "eth_chainId", [])).toBe("0x14a34");
    expect(await devnet.publicClient.getChainId()).toBe(84532);
  });

  it('has Circle\'s USDC at the Sepolia address, answering name "USDC", version "2"; nothing at Base\'s', async () => {
    expect(devnet.usdc).toMatchObject({ address: SEPOLIA_USDC, name: "USDC", version: "2" });
    expect(await read("name")).toBe("USDC");
    expect(await read("symbol")).toBe("USDC");
    expect(await read("version")).toBe("2");
    expect(await read("decimals")).toBe(6);
    expect(await devnet.balanceOf(devnet.payers[0]!.address)).toBe(100_000_000n);
    expect(await devnet.publicClient.getCode({ address: USDC_ADDRESS })).toBeUndefined();
  });

  it("has the EIP-712 domain separator of Sepolia USDC: name USDC, version 2, chain 84532, its address", async () => {
    const expected = hashDomain({
      domain: { name: "USDC", version: "2", chainId: 84532n, verifyingContract: SEPOLIA_USDC },
      types: {
        EIP712Domain: [
          { name: "name", type: "string" },
          { name: "version", type: "string" },
          { name: "chainId", type: "uint256" },
          { name: "verifyingContract", type: "address" },
        ],
      },
    });
    expect(await read("DOMAIN_SEPARATOR")).toBe(expected);
  });

  it("serves exact on eip155:84532 (v2) and base-sepolia (v1), and nothing of Base", async () => {
    const supported = await new HTTPFacilitatorClient({
      url: devnet.facilitatorUrl!,
    }).getSupported();
    expect(supported.kinds).toEqual([
      { x402Version: 2, scheme: "exact", network: "eip155:84532" },
      { x402Version: 1, scheme: "exact", network: "base-sepolia" },
    ]);
  });

  it("refuses a payment signed with Base mainnet's EIP-712 name at the Sepolia address", async () => {
    const wrongName = {
      ...usdcRequirements(devnet.payTo, "10000", "eip155:84532"),
      extra: { name: "USD Coin", version: "2" },
    };
    const payload = await signPayment(devnet.payers[2]!.privateKey, wrongName);
    const verified = await devnet.facilitator.verify(payload, wrongName);
    expect(verified.isValid).toBe(false);
  });
});

describe("paying on the Base Sepolia devnet", () => {
  /**
   * A paid route on eip155:84532 priced "$0.01", so x402's own default-asset table picks the
   * asset and its EIP-712 domain; the buyer is @x402/fetch with x402Client and ExactEvmScheme
   * registered for eip155:84532.
   */
  let app: Hono;
  let accepts: PaymentRequirements[];
  beforeAll(async () => {
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
      const resource = { url: c.req.url, description: "paid", mimeType: "application/json" };
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
      return c.json({ ok: true }, 200, {
        "PAYMENT-RESPONSE": encodePaymentResponseHeader(settled),
      });
    });
  });

  it("x402's default asset for eip155:84532 is the devnet's token, with its domain", () => {
    expect(accepts).toEqual([
      expect.objectContaining({
        network: "eip155:84532",
        amount: "10000",
        asset: SEPOLIA_USDC,
        extra: expect.objectContaining({ name: "USDC", version: "2" }),
      }),
    ]);
  });

  it("takes a v2 payment from @x402/fetch: 402, pay, 200, and the payee gains exactly 10000", async () => {
    const payer = devnet.payers[0]!;
    const appFetch: typeof fetch = async (input, init) => app.request(input as string, init);
    expect((await appFetch("http://localhost/paid")).status).toBe(402);
    const before = await devnet.balanceOf(devnet.payTo);
    const response = await payingFetch(
      appFetch,
      payer.privateKey,
      "eip155:84532",
    )("http://localhost/paid");
    expect(response.status).toBe(200);
    const receipt = decodePaymentResponseHeader(response.headers.get("PAYMENT-RESPONSE")!);
    expect(receipt).toMatchObject({ success: true, payer: payer.address, network: "eip155:84532" });
    expect(await devnet.balanceOf(devnet.payTo)).toBe(before + 10_000n);
  });

  it("takes a v1 payment on base-sepolia from the SDK's v1 client, over HTTP: the payee gains exactly 10000", async () => {
    const client = new HTTPFacilitatorClient({ url: devnet.facilitatorUrl! });
    const requirements = usdcRequirementsV1(devnet.payTo, "10000", "eip155:84532");
    expect(requirements).toMatchObject({ network: "base-sepolia", asset: SEPOLIA_USDC });
    const payer = devnet.payers[1]!;
    const payload = await signPaymentV1(payer.privateKey, requirements);
    const before = await devnet.balanceOf(devnet.payTo);
    expect(await client.verify(payload, asRequirements(requirements))).toMatchObject({
      isValid: true,
      payer: payer.address,
    });
    const settled = await client.settle(payload, asRequirements(requirements));
    expect(settled).toMatchObject({ success: true, network: "base-sepolia" });
    expect(await devnet.balanceOf(devnet.payTo)).toBe(before + 10_000n);
    const again = await devnet.facilitator.verify(payload, asRequirements(requirements));
    expect(again).toMatchObject({
      isValid: false,
      invalidReason: "invalid_exact_evm_nonce_already_used",
    });
  });
});
