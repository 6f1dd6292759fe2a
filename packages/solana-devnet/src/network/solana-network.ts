import type { Network } from "@x402/core/types";

/** Solana mainnet's CAIP-2 id (its genesis hash, truncated): the devnet's default network. */
export const SOLANA_MAINNET = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp" satisfies Network;

/** Solana devnet's CAIP-2 id (the public test cluster): the other network the devnet can be. */
export const SOLANA_DEVNET = "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1" satisfies Network;

/**
 * Circle's USDC mint on Solana mainnet. The devnet seeds a mint at this very address, so x402's
 * default asset for the network (`$0.01` → USDC) applies unchanged.
 */
export const USDC_MINT = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";

/** Circle's USDC mint on Solana devnet (x402's default asset there, `USDC_DEVNET_ADDRESS`). */
export const USDC_DEVNET_MINT = "4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU";

/** The networks a devnet can stand in for, by CAIP-2 id. */
export type SolanaNetworkId = typeof SOLANA_MAINNET | typeof SOLANA_DEVNET;

/** What a client or server needs to know of one Solana network, in both x402 versions. */
export interface SolanaNetworkInfo {
  /** The CAIP-2 id: x402 v2's `network`. */
  readonly network: SolanaNetworkId;
  /** x402 v1's name for it (`@x402/svm`'s `V1_TO_V2_NETWORK_MAP`). */
  readonly v1Network: "solana" | "solana-devnet";
  /** Circle's USDC mint there: x402's default asset, the one the devnet seeds. */
  readonly usdcMint: string;
  /** A name for people. */
  readonly label: string;
}

/**
 * The two Solana networks the devnet stands in for, keyed by CAIP-2 id. A service configured
 * for either can be pointed at a devnet of the same network and keeps its prices and assets.
 */
export const SOLANA_NETWORKS: Readonly<Record<SolanaNetworkId, SolanaNetworkInfo>> = {
  [SOLANA_MAINNET]: {
    network: SOLANA_MAINNET,
    v1Network: "solana",
    usdcMint: USDC_MINT,
    label: "Solana mainnet",
  },
  [SOLANA_DEVNET]: {
    network: SOLANA_DEVNET,
    v1Network: "solana-devnet",
    usdcMint: USDC_DEVNET_MINT,
    label: "Solana devnet",
  },
};

/** USDC has 6 decimals on Solana as on EVM chains. */
export const USDC_DECIMALS = 6;

/** One USDC in atomic units. */
export const ONE_USDC = 1_000_000n;

/** One SOL in lamports. */
export const ONE_SOL = 1_000_000_000n;
