import { fetchMint } from "@solana-program/token";
import type { PaymentRequirements } from "@x402/core/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SolanaDevnet, startSolanaDevnet } from "../devnet/start-solana-devnet.js";
import { SOLANA_NETWORKS } from "../network/solana-network.js";
import {
  devnetRpc,
  firstPayer,
  routeRequirements,
  signPayment,
  signV1Payment,
  v1Requirements,
} from "../test-support/svm-payments.js";

describe.each(Object.values(SOLANA_NETWORKS))("a devnet standing in for $label", (info) => {
  let devnet: SolanaDevnet;
  let requirements: PaymentRequirements;

  beforeAll(async () => {
    devnet = await startSolanaDevnet({ network: info.network, payers: 1 });
    requirements = await routeRequirements(devnet.facilitator, devnet.network, devnet.payTo);
  });

  afterAll(async () => {
    await devnet?.stop();
  });

  it("names the network in both x402 versions and seeds Circle's USDC mint there", async () => {
    expect(devnet.network).toBe(info.network);
    expect(devnet.v1Network).toBe(info.v1Network);
    expect(devnet.usdcMint).toBe(info.usdcMint);
    const mint = await fetchMint(devnetRpc(devnet), info.usdcMint as never);
    expect(mint.data).toMatchObject({ decimals: 6, isInitialized: true });
  });

  it("has a facilitator whose supported kinds are that network's, for x402 v2 and v1, with the fee payer", async () => {
    const supported = await devnet.facilitator.getSupported();
    const extra = { feePayer: devnet.feePayer.address };
    expect(supported.kinds).toEqual([
      { x402Version: 2, scheme: "exact", network: info.network, extra },
      { x402Version: 1, scheme: "exact", network: info.v1Network, extra },
    ]);
  });

  it("prices a route in that network's USDC (x402's own default asset table)", () => {
    expect(requirements).toMatchObject({
      network: info.network,
      asset: info.usdcMint,
      amount: "10000",
    });
  });

  it("settles an x402 v2 payment: the payee gains the amount", async () => {
    const before = (await devnet.usdcBalanceOf(devnet.payTo)) ?? 0n;
    const payload = await signPayment(devnet, firstPayer(devnet), requirements);
    expect(await devnet.facilitator.verify(payload, requirements)).toMatchObject({
      isValid: true,
    });
    const settled = await devnet.facilitator.settle(payload, requirements);
    expect(settled).toMatchObject({ success: true, network: info.network });
    expect(await devnet.usdcBalanceOf(devnet.payTo)).toBe(before + 10_000n);
  });

  it("settles an x402 v1 payment (network by its v1 name), then refuses its transaction again, as v1 and as v2 (one settlement cache for both versions)", async () => {
    const payer = firstPayer(devnet);
    const terms = v1Requirements(devnet, requirements);
    const before = (await devnet.usdcBalanceOf(devnet.payTo)) ?? 0n;
    const payload = await signV1Payment(devnet, payer, terms);
    expect(payload).toMatchObject({ x402Version: 1, network: info.v1Network });
    expect(await devnet.facilitator.verify(payload, terms as never)).toMatchObject({
      isValid: true,
      payer: payer.address,
    });
    const settled = await devnet.facilitator.settle(payload, terms as never);
    expect(settled).toMatchObject({ success: true, network: info.v1Network });
    expect(await devnet.usdcBalanceOf(devnet.payTo)).toBe(before + 10_000n);
    expect(await devnet.facilitator.settle(payload, terms as never)).toMatchObject({
      success: false,
      errorReason: "duplicate_settlement",
    });
    // The same signed transaction, presented as a v2 payment.
    const asV2 = { x402Version: 2, accepted: requirements, payload: payload.payload } as const;
    expect(await devnet.facilitator.settle(asV2, requirements)).toMatchObject({
      success: false,
      errorReason: "duplicate_settlement",
    });
    expect(await devnet.usdcBalanceOf(devnet.payTo)).toBe(before + 10_000n);
  });
});
