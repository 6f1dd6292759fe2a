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
   * payer's balance on chain covering every payment of theirs not yet settled); a payer with a
   * failed settlement is refused until it is paid.
   */
  plan(payment: VerifiedPayment): Promise<SettlementPlan>;
  /**
   * Records the answered payment (the signed authorization and its requirements) durably and
   * schedules its settlement; resolves once committed. A rejection means nothing was recorded:
   * the answer must not be sent.
   */
  defer(payment: VerifiedPayment, served: ServedRecord): Promise<PendingPayment>;
}
