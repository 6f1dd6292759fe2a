import type { LiteSVM } from "litesvm";

/**
 * litesvm 1.5 is typed with @solana/kit 8, @x402/svm's token programs with kit 5; their branded
 * types (Address, Transaction) are distinct to TypeScript though equal at run time (a base58
 * string; `{ messageBytes, signatures }`). Only strings, bytes and plain objects cross between
 * the two, through these casts.
 */
export type LitesvmAddress = Parameters<LiteSVM["getAccount"]>[0];
export type LitesvmTransaction = Parameters<LiteSVM["sendTransaction"]>[0];

export function toLitesvmAddress(value: string): LitesvmAddress {
  return value as LitesvmAddress;
}

export type LitesvmLamports = Parameters<LiteSVM["airdrop"]>[1];

export function toLitesvmLamports(value: bigint): LitesvmLamports {
  return value as LitesvmLamports;
}
