import { fetchMint } from "@solana-program/token";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONE_SOL, USDC_MINT } from "../network/solana-network.js";
import { devnetRpc } from "../test-support/svm-payments.js";
import { type SolanaDevnet, startSolanaDevnet } from "./start-solana-devnet.js";

let devnet: SolanaDevnet;
let startupMs: number;

beforeAll(async () => {
  const started = performance.now();
  devnet = await startSolanaDevnet();
  startupMs = performance.now() - started;
});
afterAll(async () => {
  await devnet?.stop();
});

describe("startSolanaDevnet()", () => {
  it("serves JSON-RPC on 127.0.0.1 for Solana mainnet's network id, in well under a second", () => {
    expect(devnet.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(devnet.network).toBe("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp");
    expect(devnet.usdcMint).toBe("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v");
    console.log(`startSolanaDevnet: ${startupMs.toFixed(0)} ms`);
    expect(startupMs).toBeLessThan(1000);
  });

  it("puts a 6-decimal SPL Token mint at Circle's USDC address, as a kit client reads it", async () => {
    const mint = await fetchMint(devnetRpc(devnet), USDC_MINT as never);
    expect(mint.data).toMatchObject({ decimals: 6, isInitialized: true, supply: 300_000_000n });
    expect(mint.programAddress).toBe("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA");
  });

  it("funds three distinct payers with 100 USDC each, gives the payee a token account holding 0, and the fee payer 10 SOL", async () => {
    expect(devnet.payers).toHaveLength(3);
    const addresses = new Set([
      devnet.payTo,
      devnet.feePayer.address,
      ...devnet.payers.map((p) => p.address),
    ]);
    expect(addresses.size).toBe(5);
    for (const payer of devnet.payers) {
      expect(payer.signer.address).toBe(payer.address);
      expect(await devnet.usdcBalanceOf(payer.address)).toBe(100_000_000n);
    }
    expect(await devnet.usdcBalanceOf(devnet.payTo)).toBe(0n);
    const rpc = devnetRpc(devnet);
    expect((await rpc.getBalance(devnet.feePayer.address as never).send()).value).toBe(
      10n * ONE_SOL,
    );
  });

  it("takes payers and USDC per payer", async () => {
    const small = await startSolanaDevnet({ payers: 1, usdcPerPayer: 5_000n });
    try {
      expect(small.payers).toHaveLength(1);
      expect(await small.usdcBalanceOf(small.payers[0]?.address ?? "")).toBe(5_000n);
    } finally {
      await small.stop();
    }
  });

  it("refuses bad options with a RangeError before starting anything", async () => {
    await expect(startSolanaDevnet({ payers: 99 })).rejects.toThrow(RangeError);
  });

  it("stops: the port is closed, and stop() may be called again", async () => {
    const other = await startSolanaDevnet({ payers: 0 });
    await other.stop();
    await other.stop();
    await expect(fetch(other.rpcUrl, { method: "POST", body: "{}" })).rejects.toThrow();
  });
});
