import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SolanaDevnet, startSolanaDevnet } from "../devnet/start-solana-devnet.js";
import { firstPayer, routeRequirements, signPayment } from "../test-support/svm-payments.js";

const TTL_SECONDS = 1;
let devnet: SolanaDevnet;

beforeAll(async () => {
  devnet = await startSolanaDevnet({ payers: 1, blockhashTtlSeconds: TTL_SECONDS });
});
afterAll(async () => {
  await devnet?.stop();
});

const EXPIRED = {
  isValid: false,
  invalidReason: "invalid_exact_svm_transaction_simulation_failed",
  invalidMessage: 'Simulation failed: "BlockhashNotFound"',
};

describe("a payment's blockhash lifetime", () => {
  it("is valid within blockhashTtlSeconds and refused at verify after it; settling it then moves no money", async () => {
    const requirements = await routeRequirements(devnet.facilitator, devnet.network, devnet.payTo);
    const payload = await signPayment(devnet, firstPayer(devnet), requirements);
    expect(await devnet.facilitator.verify(payload, requirements)).toMatchObject({ isValid: true });

    await new Promise((resolve) => setTimeout(resolve, TTL_SECONDS * 1000 + 100));
    expect(await devnet.facilitator.verify(payload, requirements)).toMatchObject(EXPIRED);
    const settled = await devnet.facilitator.settle(payload, requirements);
    expect(settled).toMatchObject({ success: false });
    expect(await devnet.usdcBalanceOf(devnet.payTo)).toBe(0n);
  });

  it("ends at once on expireBlockhash(): refused at verify, and a new payment is valid again", async () => {
    const requirements = await routeRequirements(devnet.facilitator, devnet.network, devnet.payTo);
    const payload = await signPayment(devnet, firstPayer(devnet), requirements);
    devnet.expireBlockhash();
    expect(await devnet.facilitator.verify(payload, requirements)).toMatchObject(EXPIRED);

    const next = await signPayment(devnet, firstPayer(devnet), requirements);
    expect(await devnet.facilitator.verify(next, requirements)).toMatchObject({ isValid: true });
  });
});
