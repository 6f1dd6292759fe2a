import { type Chain, defineChain } from "viem";

/**
 * Base mainnet's chain id, the devnet's by default (see README: it only ever names a local
 * anvil, never a real network). `startDevnet({ network: "eip155:84532" })` runs on Base
 * Sepolia's instead (see devnet-networks.ts).
 */
export const DEVNET_CHAIN_ID = 8453;

/** The CAIP-2 id x402 v2 uses for it: the network the devnet serves by default. */
export const DEVNET_NETWORK = "eip155:8453" as const;

/**
 * viem's polling interval for the devnet clients. viem's default (4 s, tuned for real block
 * times) made waiting for one receipt take seconds although anvil mines instantly.
 */
export const DEVNET_POLLING_INTERVAL_MS = 20;

/**
 * A viem chain for the local node, with the chain id anvil runs on (Base's by default): viem
 * signs transactions for that id, which a node of another id refuses. Deliberately not viem's `base`: that one carries Base's
 * contract registry (viem would route `multicall` through aggregate3, which the devnet's
 * Multicall3 stand-in does not implement) and OP-stack formatters a plain anvil does not need.
 */
export function devnetChain(rpcUrl: string, chainId: number = DEVNET_CHAIN_ID): Chain {
  return defineChain({
    id: chainId,
    name: `x402 devnet (local anvil, chain id ${chainId})`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
  });
}
