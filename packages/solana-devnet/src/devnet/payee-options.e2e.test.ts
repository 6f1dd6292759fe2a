import { generateKeyPairSigner } from "@solana/kit";
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { describe, expect, it } from "vitest";
import { USDC_MINT } from "../network/solana-network.js";
import {
  devnetRpc,
  firstPayer,
  routeRequirements,
  signPayment,
} from "../test-support/svm-payments.js";
import { type SolanaDevnet, startSolanaDevnet } from "./start-solana-devnet.js";

/** What a start-up check sees: the owner's USDC token account, read over JSON-RPC. */
async function tokenAccountOverRpc(devnet: SolanaDevnet, owner: string) {
  const [ata] = await findAssociatedTokenPda({
    mint: devnet.usdcMint as never,
    owner: owner as never,
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  });
  const { value } = await devnetRpc(devnet).getAccountInfo(ata, { encoding: "base64" }).send();
  return { ata, account: value };
}

async function withDevnet(
  options: Parameters<typeof startSolanaDevnet>[0],
  use: (devnet: SolanaDevnet) => Promise<void>,
) {
  const devnet = await startSolanaDevnet(options);
  try {
    await use(devnet);
  } finally {
    await devnet.stop();
  }
}

describe("startSolanaDevnet({ payTo })", () => {
  it("makes that address the payee: its USDC token account exists (RPC and usdcAccountOf agree), and a payment settles into it", async () => {
    const owner = (await generateKeyPairSigner()).address;
    await withDevnet({ payTo: owner, payers: 1 }, async (devnet) => {
      expect(devnet.payTo).toBe(owner);
      expect(devnet.payee).toBeUndefined();
      const { ata, account } = await tokenAccountOverRpc(devnet, owner);
      expect(account?.owner).toBe(TOKEN_PROGRAM_ADDRESS);
      expect(await devnet.usdcAccountOf(owner)).toBe(ata);
      expect(await devnet.usdcBalanceOf(owner)).toBe(0n);

      const requirements = await routeRequirements(devnet.facilitator, devnet.network, owner);
      const payload = await signPayment(devnet, firstPayer(devnet), requirements);
      expect(await devnet.facilitator.settle(payload, requirements)).toMatchObject({
        success: true,
      });
      expect(await devnet.usdcBalanceOf(owner)).toBe(10_000n);
    });
  });

  it("takes an off-curve (program-derived) owner too", async () => {
    // A token account's own address is program-derived: no private key exists for it.
    const [offCurve] = await findAssociatedTokenPda({
      mint: USDC_MINT as never,
      owner: (await generateKeyPairSigner()).address,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    });
    await withDevnet({ payTo: offCurve, payers: 0 }, async (devnet) => {
      expect(await devnet.usdcAccountOf(offCurve)).not.toBeNull();
      expect(await devnet.usdcBalanceOf(offCurve)).toBe(0n);
    });
  });

  it("refuses an address that is no Solana address, naming payTo, before starting anything", async () => {
    await expect(startSolanaDevnet({ payTo: "0xdeadbeef" })).rejects.toThrow(
      /^startSolanaDevnet: payTo: must be a base58 Solana address/,
    );
  });
});

describe("startSolanaDevnet({ createPayeeAccount: false })", () => {
  it("leaves the named payee without a USDC token account: getAccountInfo answers null, usdcAccountOf and usdcBalanceOf null", async () => {
    const owner = (await generateKeyPairSigner()).address;
    await withDevnet({ payTo: owner, createPayeeAccount: false, payers: 1 }, async (devnet) => {
      expect(devnet.payTo).toBe(owner);
      expect((await tokenAccountOverRpc(devnet, owner)).account).toBeNull();
      expect(await devnet.usdcAccountOf(owner)).toBeNull();
      expect(await devnet.usdcBalanceOf(owner)).toBeNull();
      // The payers' accounts are there as usual.
      expect(await devnet.usdcAccountOf(firstPayer(devnet).address)).not.toBeNull();
    });
  });

  it("leaves a payee the devnet made without one too", async () => {
    await withDevnet({ createPayeeAccount: false, payers: 0 }, async (devnet) => {
      expect(devnet.payee?.address).toBe(devnet.payTo);
      expect((await tokenAccountOverRpc(devnet, devnet.payTo)).account).toBeNull();
      expect(await devnet.usdcAccountOf(devnet.payTo)).toBeNull();
    });
  });
});

describe("the default payee", () => {
  it("is a fresh keypair the devnet made, with its secret key and a USDC token account", async () => {
    await withDevnet({ payers: 0 }, async (devnet) => {
      expect(devnet.payee?.address).toBe(devnet.payTo);
      expect(devnet.payee?.secretKey).toEqual(expect.any(String));
      const { ata, account } = await tokenAccountOverRpc(devnet, devnet.payTo);
      expect(account).not.toBeNull();
      expect(await devnet.usdcAccountOf(devnet.payTo)).toBe(ata);
    });
  });
});
