import { HTTPFacilitatorClient } from "@x402/core/server";
import { describe, expect, it } from "vitest";
import { isDevnetKey } from "../accounts/devnet-accounts.js";
import { jsonRpc } from "../chain/json-rpc.js";
import { MULTICALL3_ADDRESS, MULTICALL3_LITE_RUNTIME } from "../multicall/multicall3-lite.js";
import { USDC_ADDRESS } from "../usdc/usdc-token.js";
import { startDevnet } from "./start-devnet.js";

describe("startDevnet", () => {
  it("brings the whole stack up and tears it all down", async () => {
    const devnet = await startDevnet({
      payers: 2,
      usdcPerPayer: 5_000_000n,
      httpFacilitator: true,
    });
    try {
      expect(devnet).toMatchObject({ chainId: 8453, network: "eip155:8453" });
      expect(devnet.usdc.address).toBe(USDC_ADDRESS);
      expect(await devnet.publicClient.getChainId()).toBe(8453);
      expect(await devnet.publicClient.getCode({ address: MULTICALL3_ADDRESS })).toBe(
        MULTICALL3_LITE_RUNTIME,
      );
      expect(devnet.payers).toHaveLength(2);
      for (const payer of devnet.payers) {
        expect(isDevnetKey(payer.privateKey)).toBe(true);
        expect(await devnet.balanceOf(payer.address)).toBe(5_000_000n);
      }
      const supported = await new HTTPFacilitatorClient({
        url: devnet.facilitatorUrl!,
      }).getSupported();
      expect(supported.kinds).toHaveLength(2);
    } finally {
      await devnet.stop();
    }
    await expect(jsonRpc(devnet.rpcUrl, "eth_chainId", [])).rejects.toThrow();
    await expect(fetch(`${devnet.facilitatorUrl}/supported`)).rejects.toThrow();
    await devnet.stop(); // idempotent
  });

  it("has no HTTP facilitator unless asked for", async () => {
    const devnet = await startDevnet({ payers: 0 });
    try {
      expect(devnet.facilitatorUrl).toBeUndefined();
      expect(devnet.payers).toEqual([]);
    } finally {
      await devnet.stop();
    }
  });

  it("refuses impossible options before starting anything", async () => {
    await expect(startDevnet({ payers: 8 })).rejects.toThrow(RangeError);
    await expect(startDevnet({ usdcPerPayer: -1n })).rejects.toThrow(RangeError);
  });

  it("starts and stops five times in a row, each chain fresh and its facilitator answering", async () => {
    // How fast it starts is measured by bench/stack.bench.mjs, not asserted here: a test run
    // shares the machine with everything else (a 2 s bound failed under CI's load).
    for (let i = 0; i < 5; i++) {
      const devnet = await startDevnet({ httpFacilitator: true });
      try {
        expect(await devnet.balanceOf(devnet.payTo)).toBe(0n);
        const supported = await fetch(`${devnet.facilitatorUrl}/supported`);
        expect(supported.status).toBe(200);
      } finally {
        await devnet.stop();
      }
    }
  });
});
