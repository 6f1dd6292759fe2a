import { DEVNET_NETWORKS } from "@svc/x402-devnet";
import { describe, expect, it } from "vitest";
import { exactEvm } from "./exact-evm-scheme.js";

/**
 * The local devnet stands in for every network this scheme is paid on, with the same token: the
 * same address, EIP-712 domain and v1 name. Kept here because this package depends on the
 * devnet (for its tests) and not the other way round; the devnet's own test holds its table
 * equal to @x402/evm's default assets.
 */
describe("the exact EVM scheme and the devnet's networks", () => {
  it("has an asset on exactly the networks the devnet stands in for", () => {
    expect(Object.keys(exactEvm.networks).sort()).toEqual(Object.keys(DEVNET_NETWORKS).sort());
  });

  it("names the same USDC, EIP-712 domain and v1 name on each", () => {
    for (const [network, devnet] of Object.entries(DEVNET_NETWORKS)) {
      const asset = exactEvm.networks[network as keyof typeof exactEvm.networks];
      expect(asset).toMatchObject({
        address: devnet.usdc.address,
        extra: { name: devnet.usdc.name, version: "2" },
        v1Network: devnet.v1Network,
      });
    }
  });
});
