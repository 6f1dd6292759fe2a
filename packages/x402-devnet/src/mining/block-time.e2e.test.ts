import { describe, expect, it } from "vitest";
import { startDevnet } from "../devnet/start-devnet.js";
import { signPayment, usdcRequirements } from "../test-support/payments.js";
import { checkBlockTime } from "./block-time.js";

describe("a devnet with a block time", () => {
  it("mines on the interval while idle, and a settlement waits for its block", async () => {
    const devnet = await startDevnet({ payers: 1, blockTimeSeconds: 1 });
    try {
      expect(devnet.blockTimeSeconds).toBe(1);
      // Idle: blocks keep coming, one second apart by their timestamps.
      const first = await devnet.publicClient.getBlockNumber();
      while ((await devnet.publicClient.getBlockNumber()) < first + 2n) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const [a, b] = await Promise.all([
        devnet.publicClient.getBlock({ blockNumber: first + 1n }),
        devnet.publicClient.getBlock({ blockNumber: first + 2n }),
      ]);
      expect(b.timestamp - a.timestamp).toBe(1n);

      // A payment settles in a block mined after it was sent, not at once.
      const payer = devnet.payers[0];
      if (payer === undefined) throw new Error("no payer");
      const requirements = usdcRequirements(devnet.payTo);
      const payload = await signPayment(payer.privateKey, requirements);
      const before = await devnet.publicClient.getBlockNumber();
      const settled = await devnet.facilitator.settle(payload, requirements);
      expect(settled.success).toBe(true);
      const receipt = await devnet.publicClient.getTransactionReceipt({
        hash: settled.transaction as `0x${string}`,
      });
      expect(receipt.blockNumber).toBeGreaterThan(before);
      expect(await devnet.balanceOf(devnet.payTo)).toBe(BigInt(requirements.amount));
    } finally {
      await devnet.stop();
    }
  });

  it("takes whole seconds from 1 to 60 only, refused before anything starts", async () => {
    expect(checkBlockTime(2)).toBe(2);
    for (const bad of [0, 0.5, 61, Number.NaN]) {
      expect(() => checkBlockTime(bad)).toThrow(RangeError);
      await expect(startDevnet({ blockTimeSeconds: bad })).rejects.toThrow(RangeError);
    }
  });
});
