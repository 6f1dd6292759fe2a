import type { PaymentRequirements } from "@x402/core/types";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type SolanaDevnet, startSolanaDevnet } from "../devnet/start-solana-devnet.js";
import { USDC_MINT } from "../network/solana-network.js";
import {
  devnetRpc,
  firstPayer,
  routeRequirements,
  signPayment,
} from "../test-support/svm-payments.js";
import { createSolanaFacilitator } from "./in-process-facilitator.js";

let devnet: SolanaDevnet;
let requirements: PaymentRequirements;

beforeAll(async () => {
  devnet = await startSolanaDevnet({ payers: 2 });
  requirements = await routeRequirements(devnet.facilitator, devnet.network, devnet.payTo);
});
afterAll(async () => {
  await devnet?.stop();
});

describe("an x402 SVM payment on the devnet", () => {
  it("is priced by x402's defaults: USDC at Circle's mint, the facilitator as fee payer", () => {
    expect(requirements).toMatchObject({
      network: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
      asset: USDC_MINT,
      amount: "10000",
      extra: { feePayer: devnet.feePayer.address },
    });
  });

  it("is verified and settled: the payee gains exactly the amount, the payer loses it, the facilitator pays the fee", async () => {
    const payer = firstPayer(devnet);
    const rpc = devnetRpc(devnet);
    const before = {
      payee: await devnet.usdcBalanceOf(devnet.payTo),
      payer: await devnet.usdcBalanceOf(payer.address),
      feePayerSol: (await rpc.getBalance(devnet.feePayer.address as never).send()).value,
    };
    const payload = await signPayment(devnet, payer, requirements);

    const verified = await devnet.facilitator.verify(payload, requirements);
    expect(verified).toMatchObject({ isValid: true, payer: payer.address });
    const settled = await devnet.facilitator.settle(payload, requirements);
    expect(settled).toMatchObject({ success: true, network: devnet.network, payer: payer.address });

    expect(await devnet.usdcBalanceOf(devnet.payTo)).toBe((before.payee ?? 0n) + 10_000n);
    expect(await devnet.usdcBalanceOf(payer.address)).toBe((before.payer ?? 0n) - 10_000n);
    const feePayerSol = (await rpc.getBalance(devnet.feePayer.address as never).send()).value;
    expect(feePayerSol).toBeLessThan(before.feePayerSol);
    const { value } = await rpc.getSignatureStatuses([settled.transaction as never]).send();
    expect(value[0]).toMatchObject({ err: null, confirmationStatus: "confirmed" });
  });
});

describe("the same payment settled twice", () => {
  it("is refused by the facilitator that settled it (x402's in-memory cache): duplicate_settlement, no money moves", async () => {
    const payload = await signPayment(devnet, firstPayer(devnet), requirements);
    expect((await devnet.facilitator.settle(payload, requirements)).success).toBe(true);
    const payee = await devnet.usdcBalanceOf(devnet.payTo);

    const replay = await devnet.facilitator.settle(payload, requirements);
    expect(replay).toMatchObject({ success: false, errorReason: "duplicate_settlement" });
    expect(await devnet.usdcBalanceOf(devnet.payTo)).toBe(payee);
  });

  it("by a second, fresh facilitator moves no money, yet x402 reports success with the first settlement's signature: the product must dedupe by signature", async () => {
    const payer = firstPayer(devnet);
    const payload = await signPayment(devnet, payer, requirements);
    const first = await devnet.facilitator.settle(payload, requirements);
    expect(first.success).toBe(true);
    const payee = await devnet.usdcBalanceOf(devnet.payTo);
    const payerBalance = await devnet.usdcBalanceOf(payer.address);

    // A restarted facilitator, or a second replica: no shared settlement cache.
    const fresh = createSolanaFacilitator({
      rpcUrl: devnet.rpcUrl,
      feePayer: devnet.feePayer.signer,
    });
    expect(await fresh.verify(payload, requirements)).toMatchObject({ isValid: true });
    const replay = await fresh.settle(payload, requirements);

    // The money: unchanged. The chain executed the transaction once.
    expect(await devnet.usdcBalanceOf(devnet.payTo)).toBe(payee);
    expect(await devnet.usdcBalanceOf(payer.address)).toBe(payerBalance);
    // What x402 says: a success, naming the transaction that already paid (the fee payer's
    // signature is deterministic, so the resent transaction has the same id). A mainnet node
    // answers a resent transaction with its signature and drops it; its status is the first's.
    expect(replay).toMatchObject({ success: true, transaction: first.transaction });
  });
});

describe("the same payment settled twice, on a devnet that rejects duplicates", () => {
  it("is reported invalid_exact_svm_transaction_failed by a fresh facilitator, and no money moves", async () => {
    const strict = await startSolanaDevnet({ payers: 1, duplicates: "reject" });
    try {
      const strictRequirements = {
        ...requirements,
        payTo: strict.payTo,
        extra: { feePayer: strict.feePayer.address },
      };
      const payload = await signPayment(strict, firstPayer(strict), strictRequirements);
      expect((await strict.facilitator.settle(payload, strictRequirements)).success).toBe(true);
      const fresh = createSolanaFacilitator({
        rpcUrl: strict.rpcUrl,
        feePayer: strict.feePayer.signer,
      });
      // @x402/svm logs the refused send (with its stack) to console.error before answering.
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      let firstLogged: unknown;
      const replay = await fresh.settle(payload, strictRequirements).finally(() => {
        firstLogged = logged.mock.calls[0]?.[0];
        logged.mockRestore();
      });
      expect(String(firstLogged)).toMatch(/^Failed to send transaction/);
      expect(replay).toMatchObject({
        success: false,
        errorReason: "invalid_exact_svm_transaction_failed",
      });
      expect(await strict.usdcBalanceOf(strict.payTo)).toBe(10_000n);
    } finally {
      await strict.stop();
    }
  });
});
