import {
  SOLANA_DEVNET_CAIP2,
  SOLANA_MAINNET_CAIP2,
  USDC_DEVNET_ADDRESS,
  USDC_MAINNET_ADDRESS,
  V1_TO_V2_NETWORK_MAP,
} from "@x402/svm";
import { NETWORKS as X402_SVM_V1_NETWORKS } from "@x402/svm/v1";
import { describe, expect, it } from "vitest";
import { SOLANA_NETWORKS } from "./solana-network.js";

describe("SOLANA_NETWORKS", () => {
  it("names mainnet and devnet as @x402/svm does: CAIP-2 ids, v1 names and USDC mints", () => {
    expect(Object.keys(SOLANA_NETWORKS)).toEqual([SOLANA_MAINNET_CAIP2, SOLANA_DEVNET_CAIP2]);
    expect(SOLANA_NETWORKS[SOLANA_MAINNET_CAIP2].usdcMint).toBe(USDC_MAINNET_ADDRESS);
    expect(SOLANA_NETWORKS[SOLANA_DEVNET_CAIP2].usdcMint).toBe(USDC_DEVNET_ADDRESS);
    for (const [id, info] of Object.entries(SOLANA_NETWORKS)) {
      expect(info.network).toBe(id);
      expect(X402_SVM_V1_NETWORKS).toContain(info.v1Network);
      expect(V1_TO_V2_NETWORK_MAP[info.v1Network]).toBe(id);
    }
  });
});
