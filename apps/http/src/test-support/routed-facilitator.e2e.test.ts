import {
  createSolanaFacilitator,
  SOLANA_DEVNET,
  type SolanaDevnet,
  startSolanaDevnet,
} from "@svc/solana-devnet";
import { payerOf } from "@svc/test-support/x402-payer";
import {
  type Devnet,
  type FacilitatorServer,
  serveFacilitator,
  startDevnet,
  usdcOn,
} from "@svc/x402-devnet";
import { x402Client } from "@x402/core/client";
import { HTTPFacilitatorClient } from "@x402/core/server";
import type {
  Network,
  PaymentPayload,
  PaymentRequirements,
  PaymentRequirementsV1,
} from "@x402/core/types";
import { ExactSvmScheme } from "@x402/svm/exact/client";
import { ExactSvmSchemeV1 } from "@x402/svm/exact/v1/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routedFacilitator } from "./routed-facilitator.js";

/**
 * The facilitator the Solana replica tests give each replica: Base's (anvil) and Solana's
 * (litesvm) behind one URL, served by `@svc/x402-devnet`'s HTTP facilitator app and read with
 * x402's own HTTPFacilitatorClient, as the service reads `FACILITATOR_URL`. Real payments on
 * both chains, no stand-ins.
 */
const PRICE = 10_000n;

let base: Devnet;
let solana: SolanaDevnet;
let server: FacilitatorServer;
let client: HTTPFacilitatorClient;

beforeAll(async () => {
  [base, solana] = await Promise.all([
    startDevnet({ payers: 1 }),
    startSolanaDevnet({ payers: 1 }),
  ]);
  server = await serveFacilitator(routedFacilitator([base.facilitator, solana.facilitator]));
  client = new HTTPFacilitatorClient({ url: server.url });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await solana?.stop();
  await base?.stop();
});

const solanaPayer = () => {
  const [payer] = solana.payers;
  if (payer === undefined) throw new Error("the Solana devnet has no payer");
  return payer;
};

const solanaRequirements = (): PaymentRequirements => ({
  scheme: "exact",
  network: solana.network,
  amount: String(PRICE),
  asset: solana.usdcMint,
  payTo: solana.payTo,
  maxTimeoutSeconds: 60,
  extra: { feePayer: solana.feePayer.address },
});

const signSolana = (requirements: PaymentRequirements): Promise<PaymentPayload> =>
  new x402Client()
    .register(solana.network, new ExactSvmScheme(solanaPayer().signer, { rpcUrl: solana.rpcUrl }))
    .createPaymentPayload({
      x402Version: 2,
      resource: { url: "http://localhost/paid" },
      accepts: [requirements],
    });

describe("routedFacilitator, served over HTTP", () => {
  it("lists Base's kinds then Solana's, with each one's signers", async () => {
    const supported = await client.getSupported();
    expect(supported.kinds).toEqual([
      ...(await base.facilitator.getSupported()).kinds,
      ...(await solana.facilitator.getSupported()).kinds,
    ]);
    expect(supported.kinds.map((k) => `v${k.x402Version} ${k.network}`)).toEqual([
      "v2 eip155:8453",
      "v1 base",
      `v2 ${solana.network}`,
      "v1 solana",
    ]);
    expect(supported.kinds.filter((k) => k.network.startsWith("solana"))).toEqual([
      expect.objectContaining({ extra: { feePayer: solana.feePayer.address } }),
      expect.objectContaining({ extra: { feePayer: solana.feePayer.address } }),
    ]);
    expect(supported.signers).toEqual({
      ...(await base.facilitator.getSupported()).signers,
      ...(await solana.facilitator.getSupported()).signers,
    });
    expect(Object.keys(supported.signers)).toHaveLength(2);
  });

  it("verifies and settles a Solana payment (x402 v2) on the Solana chain", async () => {
    const requirements = solanaRequirements();
    const payload = await signSolana(requirements);
    const before = await solana.usdcBalanceOf(solana.payTo);
    expect(await client.verify(payload, requirements)).toMatchObject({
      isValid: true,
      payer: solanaPayer().address,
    });
    const settled = await client.settle(payload, requirements);
    expect(settled).toMatchObject({ success: true, network: solana.network });
    expect(settled.transaction).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    expect(await solana.usdcBalanceOf(solana.payTo)).toBe((before ?? 0n) + PRICE);
  });

  it("settles a Solana payment in x402 v1 (the network named `solana`)", async () => {
    const v2 = solanaRequirements();
    const requirements: PaymentRequirementsV1 = {
      scheme: "exact",
      network: "solana" as PaymentRequirementsV1["network"],
      maxAmountRequired: v2.amount,
      resource: "http://localhost/paid",
      description: "test",
      mimeType: "application/json",
      outputSchema: {},
      payTo: v2.payTo,
      maxTimeoutSeconds: v2.maxTimeoutSeconds,
      asset: v2.asset,
      extra: v2.extra,
    };
    const payload = await new x402Client()
      .registerV1(
        requirements.network,
        new ExactSvmSchemeV1(solanaPayer().signer, { rpcUrl: solana.rpcUrl }),
      )
      // x402Client is typed with v2's shapes only; v1's go through it at run time.
      .createPaymentPayload({ x402Version: 1, accepts: [requirements] } as never);
    const before = await solana.usdcBalanceOf(solana.payTo);
    const settled = await client.settle(payload, requirements as unknown as PaymentRequirements);
    expect(settled).toMatchObject({ success: true, network: "solana" });
    expect(await solana.usdcBalanceOf(solana.payTo)).toBe((before ?? 0n) + PRICE);
  });

  it("verifies and settles a Base payment on anvil", async () => {
    const [payer] = base.payers;
    if (payer === undefined) throw new Error("the Base devnet has no payer");
    const usdc = usdcOn(base.network);
    const requirements: PaymentRequirements = {
      scheme: "exact",
      network: base.network,
      amount: String(PRICE),
      asset: usdc.address,
      payTo: base.payTo,
      maxTimeoutSeconds: 60,
      extra: { name: usdc.name, version: usdc.version },
    };
    const payload = await payerOf(payer.privateKey).createPaymentPayload({
      x402Version: 2,
      resource: { url: "http://localhost/paid" },
      accepts: [requirements],
    });
    const before = await base.balanceOf(base.payTo);
    expect(await client.verify(payload, requirements)).toMatchObject({ isValid: true });
    expect(await client.settle(payload, requirements)).toMatchObject({
      success: true,
      network: base.network,
    });
    expect(await base.balanceOf(base.payTo)).toBe(before + PRICE);
  });

  it("routes nothing it does not list: over HTTP a 400, called directly an error naming the kind", async () => {
    const requirements = { ...solanaRequirements(), network: SOLANA_DEVNET as Network };
    const payload = await signSolana(solanaRequirements());
    const unlisted = { ...payload, accepted: requirements };
    await expect(client.verify(unlisted, requirements)).rejects.toThrow();
    const response = await fetch(`${server.url}/settle`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        x402Version: 2,
        paymentPayload: unlisted,
        paymentRequirements: requirements,
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "unsupported_scheme_network" });
    await expect(
      routedFacilitator([base.facilitator, solana.facilitator]).settle(unlisted, requirements),
    ).rejects.toThrow(`no facilitator here serves x402 v2 "exact" on ${SOLANA_DEVNET}`);
  });

  it("keeps each fronted facilitator's own duplicate cache: a second one, fresh, reports a replay settled and moves nothing", async () => {
    const requirements = solanaRequirements();
    const payload = await signSolana(requirements);
    const first = await client.settle(payload, requirements);
    expect(first.success).toBe(true);
    const after = await solana.usdcBalanceOf(solana.payTo);
    // The same facilitator remembers the payment.
    expect(await client.settle(payload, requirements)).toMatchObject({
      success: false,
      errorReason: "duplicate_settlement",
    });
    // Another one (another replica's) does not: only the service's ledger stops the replay.
    const other = routedFacilitator([
      base.facilitator,
      createSolanaFacilitator({ rpcUrl: solana.rpcUrl, feePayer: solana.feePayer.signer }),
    ]);
    const replay = await other.settle(payload, requirements);
    expect(replay).toMatchObject({ success: true, transaction: first.transaction });
    expect(await solana.usdcBalanceOf(solana.payTo)).toBe(after);
  });
});
