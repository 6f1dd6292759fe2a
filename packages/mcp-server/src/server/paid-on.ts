import { BASE_NETWORK, networkNamesOf, type PaymentTerms } from "@svc/payments";
import type { Network } from "@x402/core/types";

/**
 * Where the paid tools are paid: one terms per network, the default first (Base, then Solana
 * when the service takes it), each an `accepts` entry of every unpaid tool's PaymentRequired.
 */
export type PaidOn = readonly Pick<PaymentTerms, "network" | "asset" | "payTo">[];

/** One network paid on, as the MCP documents name it. */
export interface PaidNetwork {
  /** CAIP-2 (`eip155:8453`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`). */
  readonly network: Network;
  /** For people (`USDC on Base`, `USDC on Solana`). */
  readonly networkLabel: string;
  /** x402 v1's name (`base`, `solana`), or undefined where v1 payers cannot pay. */
  readonly v1Network: string | undefined;
  /** The USDC token contract or mint there, and the payee: known once the terms are given. */
  readonly asset?: string;
  readonly payTo?: string;
}

/**
 * Every network paid on, named from the payment scheme's table; without terms, Base alone (the
 * terms' default), with no asset or payee to name.
 */
export function paidNetworksOf(paidOn: PaidOn | undefined): PaidNetwork[] {
  const terms = paidOn === undefined || paidOn.length === 0 ? [{ network: BASE_NETWORK }] : paidOn;
  return terms.map((t) => {
    const names = networkNamesOf(t);
    return {
      network: t.network,
      networkLabel: names.label,
      v1Network: names.v1Network,
      ...("asset" in t ? { asset: t.asset, payTo: t.payTo } : {}),
    };
  });
}
