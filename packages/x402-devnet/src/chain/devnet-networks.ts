import type { Address } from "viem";

/**
 * A network the devnet can stand in for: its chain id (anvil's), its names in x402 v2 (CAIP-2)
 * and v1, and Circle's USDC there (address and EIP-712 domain name). A payer signing with x402's
 * default asset table for the network signs for exactly this token, at this address, on this
 * chain id, so its signature is valid on the devnet as it would be on the real network.
 */
export interface DevnetNetwork {
  readonly chainId: number;
  /** The CAIP-2 id x402 v2 uses (`eip155:<chainId>`). */
  readonly network: `eip155:${number}`;
  /** What x402 v1 calls it (`base`, `base-sepolia`). */
  readonly v1Network: string;
  /** How it is named to people. */
  readonly label: string;
  /** Circle's USDC there: the canonical address and the EIP-712 domain name (version is "2"). */
  readonly usdc: { readonly address: Address; readonly name: string };
}

/**
 * The networks the devnet stands in for. Base mainnet is the default (the service is paid there);
 * Base Sepolia is the testnet an operator rehearses on, where Circle's USDC has a different
 * address and calls itself "USDC" in its EIP-712 domain, not "USD Coin". A test keeps this table
 * equal to @x402/evm's default assets and v1 chain ids; another keeps @svc/payments' scheme table
 * equal to it.
 */
export const DEVNET_NETWORKS = {
  "eip155:8453": {
    chainId: 8453,
    network: "eip155:8453",
    v1Network: "base",
    label: "Base",
    usdc: { address: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", name: "USD Coin" },
  },
  "eip155:84532": {
    chainId: 84532,
    network: "eip155:84532",
    v1Network: "base-sepolia",
    label: "Base Sepolia",
    usdc: { address: "0x036CbD53842c5426634e7929541eC2318f3dCF7e", name: "USDC" },
  },
} as const satisfies Record<string, DevnetNetwork>;

/** The CAIP-2 id of a network the devnet stands in for. */
export type DevnetNetworkId = keyof typeof DEVNET_NETWORKS;

/** Whether the devnet can stand in for `network` (a CAIP-2 id). */
export const isDevnetNetwork = (network: string): network is DevnetNetworkId =>
  Object.hasOwn(DEVNET_NETWORKS, network);

/** The devnet's entry for `network`; a RangeError naming the networks it knows otherwise. */
export function devnetNetwork(network: string): DevnetNetwork {
  if (!isDevnetNetwork(network)) {
    throw new RangeError(
      `the devnet stands in for ${Object.keys(DEVNET_NETWORKS).join(" or ")}, not ${JSON.stringify(network)}`,
    );
  }
  return DEVNET_NETWORKS[network];
}
