import { createKeyPairSignerFromBytes, getBase58Encoder } from "@solana/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSolanaFacilitator } from "../facilitator/in-process-facilitator.js";
import {
  devnetRpc,
  firstPayer,
  routeRequirements,
  signPayment,
} from "../test-support/svm-payments.js";
import type { SolanaDevnetAccount } from "./devnet-account.js";
import { type SolanaDevnet, startSolanaDevnet } from "./start-solana-devnet.js";

let devnet: SolanaDevnet;

beforeAll(async () => {
  devnet = await startSolanaDevnet({ payers: 2 });
});

afterAll(async () => {
  await devnet?.stop();
});

/** What another process does with a secretKey it was handed: rebuilds the signer from it. */
async function rebuilt(account: SolanaDevnetAccount): Promise<SolanaDevnetAccount> {
  const signer = await createKeyPairSignerFromBytes(getBase58Encoder().encode(account.secretKey));
  return { address: signer.address, signer, secretKey: account.secretKey };
}

describe("the devnet's exported secret keys", () => {
  it("rebuild every account's signer at the same address: payers, payee, fee payer", async () => {
    const accounts = [...devnet.payers, devnet.feePayer, devnet.payee];
    for (const account of accounts) {
      if (account === undefined) throw new Error("the default devnet makes its payee");
      expect((await rebuilt(account)).address).toBe(account.address);
    }
    expect(new Set(accounts.map((a) => a?.secretKey)).size).toBe(accounts.length);
  });

  it("let a payer rebuilt from its secret key pay: the payment settles through the devnet facilitator", async () => {
    const payer = await rebuilt(firstPayer(devnet));
    const requirements = await routeRequirements(devnet.facilitator, devnet.network, devnet.payTo);
    const payload = await signPayment(devnet, payer, requirements);
    const settled = await devnet.facilitator.settle(payload, requirements);
    expect(settled).toMatchObject({ success: true, payer: payer.address });
    expect(await devnet.usdcBalanceOf(payer.address)).toBe(100_000_000n - 10_000n);
    expect(await devnet.usdcBalanceOf(devnet.payTo)).toBe(10_000n);
  });

  it("let a facilitator run with the fee payer rebuilt from its secret key: it co-signs and pays the fee", async () => {
    const feePayer = await rebuilt(devnet.feePayer);
    const facilitator = createSolanaFacilitator({
      rpcUrl: devnet.rpcUrl,
      feePayer: feePayer.signer,
    });
    const [, second] = devnet.payers;
    if (second === undefined) throw new Error("the devnet has two payers");
    const rpc = devnetRpc(devnet);
    const sol = async () => (await rpc.getBalance(feePayer.address as never).send()).value;
    const solBefore = await sol();
    const requirements = await routeRequirements(facilitator, devnet.network, devnet.payTo);
    expect(requirements.extra.feePayer).toBe(feePayer.address);
    const payload = await signPayment(devnet, second, requirements);
    expect(await facilitator.settle(payload, requirements)).toMatchObject({ success: true });
    expect(await sol()).toBeLessThan(solBefore);
  });
});
