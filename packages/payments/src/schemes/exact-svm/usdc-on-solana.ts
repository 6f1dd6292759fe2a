import type { Network } from "@x402/core/types";
import {
  SOLANA_DEVNET_CAIP2,
  SOLANA_MAINNET_CAIP2,
  USDC_DEVNET_ADDRESS,
  USDC_MAINNET_ADDRESS,
} from "@x402/svm";

/** Solana mainnet, as x402 v2 names it (CAIP-2: the genesis hash's prefix). */
export const SOLANA_NETWORK = SOLANA_MAINNET_CAIP2 as Network;
/** Circle's USDC mint on Solana mainnet (6 decimals, the classic SPL Token program). */
export const SOLANA_USDC = USDC_MAINNET_ADDRESS;

/** Solana's devnet, a testnet: a rehearsal on real public infrastructure with free USDC. */
export const SOLANA_DEVNET_NETWORK = SOLANA_DEVNET_CAIP2 as Network;
/** Circle's test USDC mint on Solana devnet (free from Circle's faucet). */
export const SOLANA_DEVNET_USDC = USDC_DEVNET_ADDRESS;

/**
 * How long a payment on Solana can be settled from when it is presented, at the most: its
 * transaction lands only while its recent blockhash is one of the last 151 blocks' (about 60 s
 * of 400-ms slots; more when slots are skipped). Three minutes covers the slowest stretch seen
 * on mainnet, and is what a used payment is remembered for at the least.
 */
export const SOLANA_PAYMENT_LIFETIME_SECONDS = 180;
