import type { Network } from "@x402/core/types";

/** Solana mainnet's CAIP-2 id (its genesis hash, truncated): the network this devnet stands in for. */
export const SOLANA_MAINNET = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp" satisfies Network;

/**
 * Circle's USDC mint on Solana mainnet. The devnet seeds a mint at this very address, so x402's
 * default asset for the network (`$0.01` → USDC) applies unchanged.
 */
export const USDC_MINT = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";

/** USDC has 6 decimals on Solana as on EVM chains. */
export const USDC_DECIMALS = 6;

/** One USDC in atomic units. */
export const ONE_USDC = 1_000_000n;

/** One SOL in lamports. */
export const ONE_SOL = 1_000_000_000n;
