import type { PaymentLedger, PaymentRecord } from "@svc/ledger";

/**
 * Where the payments settled after their answer are found by the id their callers were given:
 * the app reads receipts through this, not through the ledger itself.
 */
export interface PaymentReceipts {
  /** The payment with this id, or undefined when there is none (or it is not an id). */
  byId(paymentId: string): Promise<PaymentRecord | undefined>;
}

/** The receipts the ledger holds. */
export const ledgerReceipts = (ledger: Pick<PaymentLedger, "deferred">): PaymentReceipts => ({
  byId: (paymentId) => ledger.deferred.byPaymentId(paymentId),
});
