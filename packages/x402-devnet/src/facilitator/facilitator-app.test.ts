import type { FacilitatorClient } from "@x402/core/server";
import { describe, expect, it } from "vitest";
import { usdcRequirements } from "../test-support/payments.js";
import { createFacilitatorApp } from "./facilitator-app.js";

/**
 * A facilitator whose node has gone away: the one case that needs no chain to reproduce, and
 * the one where the HTTP layer must turn an exception into JSON without leaking a stack.
 */
const broken: FacilitatorClient = {
  verify: async () => {
    throw new Error("connect ECONNREFUSED 127.0.0.1:8545");
  },
  settle: async () => {
    throw new Error("connect ECONNREFUSED 127.0.0.1:8545");
  },
  getSupported: async () => ({
    kinds: [{ x402Version: 2, scheme: "exact", network: "eip155:8453" }],
    extensions: [],
    signers: {},
  }),
};

const validBody = () => {
  const requirements = usdcRequirements("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC");
  return JSON.stringify({
    x402Version: 2,
    paymentPayload: {
      x402Version: 2,
      accepted: requirements,
      payload: {
        signature: `0x${"ab".repeat(65)}`,
        authorization: {
          from: "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
          to: requirements.payTo,
          value: "10000",
          validAfter: "0",
          validBefore: "9999999999",
          nonce: `0x${"00".repeat(32)}`,
        },
      },
    },
    paymentRequirements: requirements,
  });
};

describe("createFacilitatorApp error handling", () => {
  it("answers 500 with the message as JSON, no stack, when the facilitator throws", async () => {
    const app = createFacilitatorApp(broken);
    for (const path of ["/verify", "/settle"]) {
      const response = await app.request(path, { method: "POST", body: validBody() });
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({
        error: "facilitator_error",
        message: "connect ECONNREFUSED 127.0.0.1:8545",
      });
      expect(text).not.toMatch(/\bat \S+ \(/);
    }
  });
});

describe("createFacilitatorApp in front of a facilitator that serves EVM networks only", () => {
  it("answers a Solana payment 400 unsupported_scheme_network, without calling the facilitator", async () => {
    const requirements = {
      scheme: "exact",
      network: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
      amount: "10000",
      asset: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
      payTo: "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM",
      maxTimeoutSeconds: 60,
      extra: { feePayer: "2wKupLR9q6wXYppw8Gr2NvWxKBUqm4PPJKkQfoxHDBg4" },
    };
    const body = JSON.stringify({
      x402Version: 2,
      paymentPayload: {
        x402Version: 2,
        accepted: requirements,
        payload: { transaction: "AQID" },
      },
      paymentRequirements: requirements,
    });
    // `broken` throws when called: a 400 here means the request stopped at the served check.
    const response = await createFacilitatorApp(broken).request("/settle", {
      method: "POST",
      body,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "unsupported_scheme_network" });
  });
});
