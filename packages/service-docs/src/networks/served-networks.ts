import { networkNamesOf, type PaymentTerms } from "@svc/payments";
import type { Network } from "@x402/core/types";
import { namespaceOf, type SigningWay, signingWayOf } from "./signing-ways.js";

/** One way to pay as the documents state it: the network, its names, the asset and the payee. */
export interface ServedNetwork {
  /** CAIP-2 (`eip155:8453`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`). */
  readonly network: Network;
  /** For people (`USDC on Base`, `USDC on Solana`). */
  readonly networkLabel: string;
  /** x402 v1's name (`base`, `solana`), or null where v1 payers cannot pay. */
  readonly v1Network: string | null;
  /** The USDC token contract (EVM) or mint (Solana). */
  readonly asset: string;
  readonly payTo: string;
  readonly maxTimeoutSeconds: number;
}

/**
 * The terms served, first the default: a service is paid on at least one network, so an empty
 * list is a programming error, refused here rather than rendered as a service nobody can pay.
 */
export function defaultTermsOf(terms: readonly PaymentTerms[]): PaymentTerms {
  const [first] = terms;
  if (first === undefined) throw new RangeError("the documents need terms to be paid on");
  return first;
}

/** Every way to pay, in the order of the terms (the default first). */
export const servedNetworksOf = (terms: readonly PaymentTerms[]): ServedNetwork[] =>
  terms.map((t) => {
    const names = networkNamesOf(t);
    return {
      network: t.network,
      networkLabel: names.label,
      v1Network: names.v1Network ?? null,
      asset: t.asset,
      payTo: t.payTo,
      maxTimeoutSeconds: t.maxTimeoutSeconds,
    };
  });

/** The networks for people: "USDC on Base", "USDC on Base or USDC on Solana". */
export const labelsOf = (terms: readonly Pick<PaymentTerms, "network">[]): string =>
  terms.map((t) => networkNamesOf(t).label).join(" or ");

/**
 * The signing ways of the namespaces served, once each, in the order of the terms: what the
 * shared parts of the documents (a schema's `extra`) say about every network served.
 */
export function signingWaysOf(
  terms: readonly Pick<PaymentTerms, "network">[],
): { readonly namespace: string; readonly way: SigningWay }[] {
  const namespaces = [...new Set(terms.map((t) => namespaceOf(t.network)))];
  return namespaces.map((namespace) => ({ namespace, way: signingWayOf(`${namespace}:`) }));
}
