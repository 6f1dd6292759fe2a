import type { PaymentChain } from "../scheme/payment-chain.js";
import type { PaymentScheme } from "../scheme/payment-scheme.js";
import { exactEvm } from "./exact-evm/exact-evm-scheme.js";
import { exactSvm } from "./exact-svm/exact-svm-scheme.js";

/** The schemes this service can be paid by: one line each (USDC on Base, USDC on Solana). */
export const KNOWN_SCHEMES: readonly PaymentScheme[] = [exactEvm, exactSvm];

/** The scheme paid on `network` (one that has an asset there), if any. */
export const schemeOn = (network: string): PaymentScheme | undefined =>
  KNOWN_SCHEMES.find((s) => Object.hasOwn(s.networks, network));

/** The scheme whose spelling keys on `network` follow (its whole family of networks), if any. */
export const schemeSpelling = (network: string): PaymentScheme | undefined =>
  KNOWN_SCHEMES.find((s) => s.spells(network));

/** The chain of `network` as its scheme reads it, through the RPC endpoint at `rpcUrl`. */
export function paymentChainOn(network: string, rpcUrl: string): PaymentChain {
  const scheme = schemeOn(network);
  if (scheme === undefined) throw new RangeError(`no payment scheme on ${network}`);
  if (scheme.chain === undefined) {
    throw new RangeError(`payments on ${network} are settled before the answer: no chain to read`);
  }
  return scheme.chain(rpcUrl);
}
