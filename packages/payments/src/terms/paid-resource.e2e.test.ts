import { startDevnet } from "@svc/x402-devnet";
import { describe, expect, it } from "vitest";
import { PaymentGate } from "../gate/payment-gate.js";
import { baseTerms } from "../schemes/exact-evm/base-terms.js";
import { createPaymentServer } from "../server/payment-server.js";
import { requirementsOf } from "./paid-resource.js";

describe("requirementsOf", () => {
  it("describes exactly what the gate asks for (discovery documents say what the 402 says)", async () => {
    const devnet = await startDevnet({ payers: 0 });
    try {
      const resource = {
        price: "0.25",
        description: "EDD",
        url: "https://svc/api/edd",
        mimeType: "application/json",
      };
      const terms = baseTerms(devnet.payTo);
      const gate = new PaymentGate(createPaymentServer(devnet.facilitator), resource, terms);
      expect(await gate.requirements()).toEqual([requirementsOf(resource, terms)]);
    } finally {
      await devnet.stop();
    }
  });
});
