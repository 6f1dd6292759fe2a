import type { ServiceMetrics } from "./service-metrics.js";

/**
 * How one paid call's payment ended, whatever carried it (an HTTP route, an MCP tool): the one
 * shape both transports' observers give `countPayment`, so a route and a tool move the same
 * counters by the same rules.
 */
export interface PaymentObservation {
  /** The network paid on, once the payment verified and was reserved; undefined before. */
  readonly verifiedOn: string | undefined;
  readonly ending: /** No payment was presented: the terms were sent (a 402, an unpaid tool result). */
    | { readonly kind: "unpaid" }
    /** Refused (verification, the settlement limits, or the settlement itself), with its code. */
    | { readonly kind: "refused"; readonly reason: string }
    /** The facilitator or the ledger could not take the payment. */
    | { readonly kind: "failed" }
    /** Verified, run, and not charged (the run failed): the authorization freed. */
    | { readonly kind: "uncharged" }
    /** Charged: settled before the answer, or recorded to settle after it. */
    | {
        readonly kind: "charged";
        readonly timing: "before-response" | "after-response";
        /** The price in atomic USDC. */
        readonly atomic: number;
      };
}

/**
 * Counts one paid call's payment on `route` (an HTTP route template, or `mcp:<tool>`): the
 * unpaid terms sent, a verified payment by network, then its ending: settled and its revenue,
 * refused by reason, or failed.
 */
export function countPayment(
  metrics: ServiceMetrics,
  route: string,
  observation: PaymentObservation,
): void {
  const { ending, verifiedOn } = observation;
  if (ending.kind === "unpaid") {
    metrics.paymentRequired.inc({ route });
    return;
  }
  if (verifiedOn !== undefined) metrics.paymentsVerified.inc({ route, network: verifiedOn });
  if (ending.kind === "charged") {
    const network = verifiedOn ?? "unknown";
    metrics.paymentsSettled.inc({ route, network, timing: ending.timing });
    metrics.revenue.inc({ route, network }, ending.atomic);
  } else if (ending.kind === "refused") {
    metrics.paymentsRefused.inc({ route, reason: ending.reason });
  } else if (ending.kind === "failed") {
    metrics.paymentsFailed.inc({ route });
  }
}

/**
 * A refusal's stable code from a PaymentRequired's `error`: the part before any `:` detail, and
 * only a short word of letters, digits and `_`, so a label never carries free text.
 */
export function refusalCode(error: unknown): string {
  if (typeof error !== "string") return "unknown";
  const code = error.split(":")[0]?.trim() ?? "";
  return /^[A-Za-z0-9_]{1,64}$/.test(code) ? code : "other";
}
