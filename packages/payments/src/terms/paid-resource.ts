import type { Network, PaymentRequirements } from "@x402/core/types";
import type { ResourceListing } from "../listing/resource-listing.js";
import type { PaymentScheme } from "../scheme/payment-scheme.js";
import { schemeOn } from "../schemes/known-schemes.js";
import { atomicUsdc } from "./atomic-amount.js";
import { MAX_TIMEOUT_SECONDS } from "./usdc.js";

/**
 * What the bazaar discovery extension says about a resource (spec of @x402/extensions). A GET
 * route's input is its path parameters (`pathParams`, with their schema) and its query
 * (`input`, `inputSchema`); the route template itself comes from the gate's transport context
 * (`routePattern`), which the bazaar extension turns into `routeTemplate`.
 */
export type Discovery =
  | {
      readonly kind: "http-query";
      readonly input?: Record<string, unknown>;
      readonly inputSchema?: Record<string, unknown>;
      readonly pathParams?: Record<string, unknown>;
      readonly pathParamsSchema?: Record<string, unknown>;
      readonly output?: { readonly example?: unknown; readonly schema?: Record<string, unknown> };
    }
  | {
      readonly kind: "http-body";
      readonly input?: Record<string, unknown>;
      readonly inputSchema?: Record<string, unknown>;
      readonly output?: { readonly example?: unknown; readonly schema?: Record<string, unknown> };
    }
  | {
      readonly kind: "mcp";
      readonly toolName: string;
      readonly inputSchema: Record<string, unknown>;
      readonly example?: Record<string, unknown>;
      readonly output?: { readonly example?: unknown; readonly schema?: Record<string, unknown> };
    };

/**
 * One paid operation as the payment layer sees it: its price and how it is described to payers.
 * The service's catalog defines these once; HTTP routes and MCP tools both use them.
 */
export interface PaidResource {
  /** USD as a decimal string, e.g. "0.09". */
  readonly price: string;
  readonly description: string;
  /** The resource URL in the PaymentRequired (`https://…/api/…`, or `mcp://tool/<name>`). */
  readonly url: string;
  readonly mimeType: string;
  readonly discovery?: Discovery;
  /** How directories name the service it belongs to (on the PaymentRequired's `resource`). */
  readonly listing?: ResourceListing | undefined;
  /**
   * The route a payment must name to be accepted here: an HTTP path template
   * (`/api/ofac-wallet-screen/:address`) or the resource URL of a tool (`mcp://tool/<name>`).
   * Default: the path of `url`.
   */
  readonly route?: string;
  /**
   * How long the paid work may take (ms). An authorization must stay valid for this plus the
   * settlement margin, or it is refused before anything runs. Default `DEFAULT_DEADLINE_MS`.
   */
  readonly deadlineMs?: number;
}

/** The execution budget of a resource that declares none. */
export const DEFAULT_DEADLINE_MS = 10_000;

/** Who is paid, where: one payTo for every operation, on one network of a known scheme. */
export interface PaymentTerms {
  /** The payee, in the form the network's scheme takes. */
  readonly payTo: string;
  readonly network: Network;
  /** The asset's address (or mint) on that network, as the scheme names it. */
  readonly asset: string;
  readonly maxTimeoutSeconds: number;
}

/** The scheme the terms are paid by; a network no scheme is paid on is a programming error. */
export function schemeOfTerms(terms: Pick<PaymentTerms, "network">): PaymentScheme {
  const scheme = schemeOn(terms.network);
  if (scheme === undefined) throw new RangeError(`no payment scheme on ${terms.network}`);
  return scheme;
}

/** The terms of being paid to `payTo` on `network`, in its scheme's asset (USDC). */
export function termsOn(network: Network, payTo: string): PaymentTerms {
  const asset = schemeOfTerms({ network }).networks[network];
  if (asset === undefined) throw new RangeError(`no asset on ${network}`);
  return { payTo, network, asset: asset.address, maxTimeoutSeconds: MAX_TIMEOUT_SECONDS };
}

/**
 * Where a payment of `terms` must send the money: the payee itself (EVM), or the payee's USDC
 * associated token account (Solana), which must exist before anyone can pay there.
 */
export function recipientOf(terms: PaymentTerms): Promise<string> {
  return schemeOfTerms(terms).recipientOf(terms.payTo, terms.asset);
}

/** The scheme's data for the requirements of `terms` (e.g. the domain an EVM payer signs). */
export function extraOf(terms: PaymentTerms): Record<string, unknown> {
  return { ...schemeOfTerms(terms).networks[terms.network]?.extra };
}

/** The single `accepts` entry of a resource: its scheme and network, in USDC, its price. */
export function requirementsOf(resource: PaidResource, terms: PaymentTerms): PaymentRequirements {
  return {
    scheme: schemeOfTerms(terms).scheme,
    network: terms.network,
    amount: atomicUsdc(resource.price),
    asset: terms.asset,
    payTo: terms.payTo,
    maxTimeoutSeconds: terms.maxTimeoutSeconds,
    extra: extraOf(terms),
  };
}

/**
 * How the network of `terms` is named: to people, by its asset's label in the scheme's table
 * (`USDC on Base`, `USDC on Base Sepolia, a testnet`), and by x402 v1 (`base`, `base-sepolia`;
 * undefined where v1 payers cannot pay). What the discovery documents say is derived from this,
 * so they name the network actually served.
 */
export function networkNamesOf(terms: Pick<PaymentTerms, "network">): {
  readonly label: string;
  readonly v1Network: string | undefined;
} {
  const asset = schemeOfTerms(terms).networks[terms.network];
  if (asset === undefined) throw new RangeError(`no asset on ${terms.network}`);
  return { label: asset.label, v1Network: asset.v1Network };
}
