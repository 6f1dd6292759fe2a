import { generateKeyPairSigner } from "@solana/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SolanaDevnet, startSolanaDevnet } from "../devnet/start-solana-devnet.js";
import { firstPayer, routeRequirements, signPayment } from "../test-support/svm-payments.js";

let devnet: SolanaDevnet;

beforeAll(async () => {
  devnet = await startSolanaDevnet({ payers: 1 });
});
afterAll(async () => {
  await devnet?.stop();
});

describe("a payee without a USDC token account", () => {
  it("gets a payment signed by x402's client, which the facilitator refuses at verify and settle: the token program fails the transfer, and nobody creates the account", async () => {
    const payee = (await generateKeyPairSigner()).address;
    expect(await devnet.usdcBalanceOf(payee)).toBeNull();
    const requirements = await routeRequirements(devnet.facilitator, devnet.network, payee);
    const payer = firstPayer(devnet);
    // The client does not look at the destination: it signs a TransferChecked to the payee's
    // (missing) associated token account.
    const payload = await signPayment(devnet, payer, requirements);

    expect(await devnet.facilitator.verify(payload, requirements)).toEqual({
      isValid: false,
      invalidReason: "invalid_exact_svm_transaction_simulation_failed",
      // Instruction 2 is the transfer (after the compute-unit limit and price).
      invalidMessage: 'Simulation failed: {"InstructionError":["2","InvalidAccountData"]}',
      payer: payer.address,
    });
    expect(await devnet.facilitator.settle(payload, requirements)).toMatchObject({
      success: false,
      errorReason: "invalid_exact_svm_transaction_simulation_failed",
    });
    expect(await devnet.usdcBalanceOf(payee)).toBeNull();
    expect(await devnet.usdcBalanceOf(payer.address)).toBe(100_000_000n);
  });
});
