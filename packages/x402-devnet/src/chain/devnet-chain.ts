import { type Chain, defineChain } from "viem";

/** Base mainnet's chain id, used only by the local anvil (see README: never a real network). */
export const DEVNET_CHAIN_ID = 8453;

/** The CAIP-2 id x402 v2 uses for it. */
export const DEVNET_NETWORK = "eip155:8453" as const;

/**
 * viem's polling interval for the devnet clients. viem's default (4 s, tuned for real block
 * times) made waiting for one receipt take seconds although anvil mines instantly.
 */
export const DEVNET_POLLING_INTERVAL_MS = 20;

/**
 * A viem chain for the local node. Deliberately not viem's `base`: that one carries Base's
 * contract registry (viem would route `multicall` through aggregate3, which the devnet's
 * Multicall3 stand-in does not implement) and OP-stack formatters a plain anvil does not need.
 */
export function devnetChain(rpcUrl: string): Chain {
  return defineChain({
    id: DEVNET_CHAIN_ID,
    name: "x402 devnet (local anvil, Base chain id)",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
  });
}
