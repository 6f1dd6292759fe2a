import { generateKeyPairSigner } from "@solana/kit";
import { describe, expect, it } from "vitest";
import { createSolanaFacilitator } from "./in-process-facilitator.js";

describe("createSolanaFacilitator", () => {
  it("refuses a network other than Solana mainnet and devnet with a RangeError naming it", async () => {
    const feePayer = await generateKeyPairSigner();
    for (const network of ["solana", "solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z", "eip155:8453"]) {
      const create = () =>
        createSolanaFacilitator({ rpcUrl: "http://127.0.0.1:1", feePayer, network } as never);
      expect(create).toThrow(RangeError);
      expect(create).toThrow(/^createSolanaFacilitator: network: /);
    }
  });

  it("serves the network it is given, in x402 v2 and v1, without asking the node", async () => {
    const feePayer = await generateKeyPairSigner();
    const facilitator = createSolanaFacilitator({
      rpcUrl: "http://127.0.0.1:1", // nothing listens: getSupported must not need the node
      feePayer,
      network: "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
    });
    const { kinds } = await facilitator.getSupported();
    expect(kinds.map((kind) => [kind.x402Version, kind.network])).toEqual([
      [2, "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1"],
      [1, "solana-devnet"],
    ]);
    expect(facilitator.feePayer).toBe(feePayer.address);
  });
});
