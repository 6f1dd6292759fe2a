import { type PaymentTerms, termsOn } from "../terms/paid-resource.js";
import type { PaymentConfig } from "./payment-config.js";

/**
 * The terms the service is paid on, one per way of paying, each an `accepts` entry of every
 * paid route and tool at the same price: USDC on the EVM network to `payTo` (the configured
 * payee, or the devnet's), then USDC on Solana to `PAY_TO_SOLANA` when it is set.
 */
export function servedTerms(
  config: Pick<PaymentConfig, "network" | "solana">,
  payTo: string,
): PaymentTerms[] {
  const solana = config.solana;
  return [
    termsOn(config.network, payTo),
    ...(solana === undefined ? [] : [termsOn(solana.network, solana.payTo)]),
  ];
}
