import { describe, expect, it } from "vitest";
import { networkNamesOf, termsOn } from "./paid-resource.js";

const PAYEE = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

describe("networkNamesOf", () => {
  it("names Base and Base Sepolia as the scheme's table does, for people and for x402 v1", () => {
    expect(networkNamesOf(termsOn("eip155:8453", PAYEE))).toEqual({
      label: "USDC on Base",
      v1Network: "base",
    });
    expect(networkNamesOf(termsOn("eip155:84532", PAYEE))).toEqual({
      label: "USDC on Base Sepolia, a testnet",
      v1Network: "base-sepolia",
    });
  });

  it("refuses a network no scheme is paid on", () => {
    expect(() => networkNamesOf({ network: "eip155:1" })).toThrow(RangeError);
  });
});
