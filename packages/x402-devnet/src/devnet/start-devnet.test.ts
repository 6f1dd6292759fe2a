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
      expect(supported.kinds).toHaveLength(1);
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

  it("starts in well under a second (median of 5, printed)", async () => {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      const devnet = await startDevnet({ httpFacilitator: true });
      times.push(performance.now() - t0);
      await devnet.stop();
    }
    times.sort((a, b) => a - b);
    const median = times[2]!;
    console.log(
      `startDevnet (anvil + USDC + multicall + 3 payers + HTTP facilitator): median ${median.toFixed(0)} ms of [${times.map((t) => t.toFixed(0)).join(", ")}]`,
    );
    // Generous bound: this is a regression alarm, not a benchmark (bench/stack.bench.mjs is).
    expect(median).toBeLessThan(2000);
  });
});
