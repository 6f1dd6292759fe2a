import { describe, expect, it } from "vitest";
import { startDevnet } from "../devnet/start-devnet.js";
import { signPayment, usdcRequirements } from "../test-support/payments.js";

describe("devnets started one after another in one process", () => {
  it("each settles its payments: the facilitator's nonces follow its own chain, not the last one's", async () => {
    for (let round = 0; round < 2; round++) {
      const devnet = await startDevnet({ payers: 1 });
      try {
        const payer = devnet.payers[0];
        if (payer === undefined) throw new Error("no payer");
        const requirements = usdcRequirements(devnet.payTo);
        for (let call = 0; call < 2; call++) {
          const payload = await signPayment(payer.privateKey, requirements);
          const settled = await devnet.facilitator.settle(payload, requirements);
          expect(settled.success, `round ${round}, call ${call}`).toBe(true);
        }
        expect(await devnet.balanceOf(devnet.payTo)).toBe(2n * BigInt(requirements.amount));
      } finally {
        await devnet.stop();
      }
    }
  });
});
