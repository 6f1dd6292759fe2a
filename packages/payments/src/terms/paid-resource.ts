import type { PaymentRequirements } from "@x402/core/types";
import { atomicUsdc } from "./atomic-amount.js";
import { BASE_NETWORK, BASE_USDC, MAX_TIMEOUT_SECONDS, USDC_EIP712 } from "./usdc.js";

/** What the bazaar discovery extension says about a resource (spec of @x402/extensions). */
export type Discovery =
  | {
      readonly kind: "http-query";
      readonly input?: Record<string, unknown>;
      readonly inputSchema?: Record<string, unknown>;
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

/** Who is paid, where: one payTo for every operation. */
export interface PaymentTerms {
  readonly payTo: `0x${string}`;
  readonly network: typeof BASE_NETWORK;
  readonly asset: `0x${string}`;
  readonly maxTimeoutSeconds: number;
}

export const baseTerms = (payTo: `0x${string}`): PaymentTerms => ({
  payTo,
  network: BASE_NETWORK,
  asset: BASE_USDC,
  maxTimeoutSeconds: MAX_TIMEOUT_SECONDS,
});

/** The single `accepts` entry of a resource: exact scheme, USDC on Base, its price. */
export function requirementsOf(resource: PaidResource, terms: PaymentTerms): PaymentRequirements {
  return {
    scheme: "exact",
    network: terms.network,
    amount: atomicUsdc(resource.price),
    asset: terms.asset,
    payTo: terms.payTo,
    maxTimeoutSeconds: terms.maxTimeoutSeconds,
    extra: { ...USDC_EIP712 },
  };
}
