import type { VerifiedPayment } from "../gate/payment-gate.js";
import type { ServedRecord } from "../reservation/reservation-store.js";

/** How a verified payment is to be settled, or why its payer is not served now. */
export type SettlementPlan =
  /** Settled before the answer is sent (the x402 flow). */
  | { readonly kind: "before-response" }
  /** Answered first, settled in the background. */
  | { readonly kind: "after-response" }
  /** Not served: the reason is a stable code (e.g. `payer_settlement_failed`). */
  | { readonly kind: "refused"; readonly reason: string };

/** The time a payment's authorization leaves, as the gate knows it when it plans. */
export interface PlanTiming {
  /**
   * Seconds from the end of the operation's execution budget to the authorization's
   * `validBefore`: what settling after the answer has at the least.
   */
  readonly settleSeconds: number;
}

/** A settlement before the answer as the gate saw it. */
export type ObservedSettlement =
  | { readonly outcome: "settled"; readonly ms: number }
  /** The facilitator failed (unreachable, 5xx, timeout): not the payer's doing. */
  | { readonly outcome: "unavailable"; readonly message: string };

/** Settlement after the answer as it stands. */
export interface DeferredStatus {
  /** `before-response` while settlements fail for reasons that are not the payers'. */
  readonly answering: "after-response" | "before-response";
  /** Since when they fail (ISO 8601), and the last such failure, while they do. */
  readonly failingSince: string | undefined;
  readonly lastError: string | undefined;
}

/** What the caller of a payment settled after the answer is given instead of a receipt. */
export interface PendingPayment {
  /** Where the receipt is found once settled (`GET /api/payments/:id`). */
  readonly paymentId: string;
  readonly network: string;
  readonly payer: string;
}

/**
 * Settlement after the answer, as an operator chooses it: which payments may be answered before
 * they settle (the risk limits), and recording one that was answered so it is settled in the
 * background and never lost. The gate asks `plan` after a payment verified and before anything
 * runs, and `defer` once the work succeeded, before the answer is sent.
 */
export interface DeferredSettlement {
  /**
   * The plan for a verified payment: after the answer only within the limits (the price, the
   * time its authorization leaves for settling once the work is done, the payer's paid history
   * and balance on chain, the cap across every payer, settlements not failing); a payer who
   * failed to pay a settlement is refused until it is paid.
   */
  plan(payment: VerifiedPayment, timing: PlanTiming): Promise<SettlementPlan>;
  /**
   * What a settlement before the answer came to (the gate reports each): one that succeeded
   * shows the facilitator and chain work; one the facilitator failed (5xx, timeout) shows they
   * do not, and payments are then settled before they are answered until one succeeds.
   */
  observe?(outcome: ObservedSettlement): void;
  /** Whether payments are answered first now, and why not (for readiness and the log). */
  status?(): DeferredStatus;
  /**
   * Records the answered payment (the signed authorization and its requirements) durably and
   * schedules its settlement; resolves once committed. A rejection means nothing was recorded:
   * the answer must not be sent.
   */
  defer(payment: VerifiedPayment, served: ServedRecord): Promise<PendingPayment>;
}
