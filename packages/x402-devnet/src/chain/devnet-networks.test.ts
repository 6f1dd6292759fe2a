import { DEFAULT_ASSETS } from "@x402/evm";
import { EVM_NETWORK_CHAIN_ID_MAP } from "@x402/evm/v1";
import { describe, expect, it } from "vitest";
import { DEVNET_NETWORKS, devnetNetwork, isDevnetNetwork } from "./devnet-networks.js";

/**
 * The devnet's table must say what x402 itself says, or a payer signing with x402's defaults
 * would sign for another token, name or chain than the devnet's. (@svc/payments cannot be
 * imported here: it depends on this package, and turbo refuses a cycle; its own test holds its
 * scheme table equal to this one.)
 */
describe("DEVNET_NETWORKS", () => {
  it("knows Base and Base Sepolia, each keyed by its CAIP-2 id eip155:<chain id>", () => {
    expect(Object.keys(DEVNET_NETWORKS)).toEqual(["eip155:8453", "eip155:84532"]);
    for (const [key, n] of Object.entries(DEVNET_NETWORKS)) {
      expect(n.network).toBe(key);
      expect(n.network).toBe(`eip155:${n.chainId}`);
    }
  });

  it("has x402's default asset of each network: the same USDC address and EIP-712 name, version 2", () => {
    for (const n of Object.values(DEVNET_NETWORKS)) {
      const [asset] = DEFAULT_ASSETS[n.network] ?? [];
      expect(asset).toMatchObject({
        asset: n.usdc.address,
        name: n.usdc.name,
        version: "2",
        decimals: 6,
        symbol: "USDC",
      });
    }
    expect(DEVNET_NETWORKS["eip155:84532"].usdc).toEqual({
      address: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
      name: "USDC",
    });
  });

  it("names each network as x402 v1 does, for the same chain id", () => {
    for (const n of Object.values(DEVNET_NETWORKS)) {
      expect(EVM_NETWORK_CHAIN_ID_MAP[n.v1Network as keyof typeof EVM_NETWORK_CHAIN_ID_MAP]).toBe(
        n.chainId,
      );
    }
    expect(DEVNET_NETWORKS["eip155:8453"].v1Network).toBe("base");
    expect(DEVNET_NETWORKS["eip155:84532"].v1Network).toBe("base-sepolia");
  });

  it("refuses a network it cannot stand in for, naming those it can", () => {
    expect(isDevnetNetwork("eip155:84532")).toBe(true);
    expect(isDevnetNetwork("base")).toBe(false);
    expect(isDevnetNetwork("toString")).toBe(false);
    expect(() => devnetNetwork("eip155:1")).toThrow(
      /stands in for eip155:8453 or eip155:84532, not "eip155:1"/,
    );
  });
});
