import type { PaymentRecord } from "@svc/ledger";
import { displayPrice, USDC_DECIMALS } from "@svc/payments";

/** Where a payment is, as its caller is told: the ledger's steps before an outcome are pending. */
type PublicPaymentStatus = "pending" | "settled" | "failed" | "released";

/** The settlement receipt: what `PAYMENT-RESPONSE` carries for a payment settled before its answer. */
export interface SettlementReceipt {
  readonly success: true;
  readonly transaction: string;
  readonly network: string;
  readonly payer: string;
}

/** `GET /api/payments/:paymentId`: a payment as its caller may see it. */
export interface ReceiptView {
  readonly success: true;
  readonly data: {
    readonly paymentId: string;
    readonly status: PublicPaymentStatus;
    /** The route or tool paid for. */
    readonly operation: string;
    /** In atomic units of the asset (USDC: 6 decimals), as text. */
    readonly amount: string;
    /** The amount in USD, as people read it: `$0.01 USDC`. */
    readonly price: string;
    readonly network: string;
    readonly payer: string;
    /** Once settled: the receipt, as `PAYMENT-RESPONSE` carries it; else null. */
    readonly receipt: SettlementReceipt | null;
    /** Why it failed or ended without payment, when the ledger says. */
    readonly failureReason: string | null;
    readonly servedAt: string | null;
    readonly settledAt: string | null;
  };
}

const publicStatusOf = (status: PaymentRecord["status"]): PublicPaymentStatus => {
  switch (status) {
    case "reserved":
    case "served":
    case "settling":
      return "pending";
    case "settled":
    case "failed":
    case "released":
      return status;
  }
};

/** Atomic USDC units as a USD amount with at least two decimals: "10000" → "0.01". */
export function usdOfAtomic(amount: string): string {
  const atomic = BigInt(amount);
  const unit = 10n ** BigInt(USDC_DECIMALS);
  const fraction = (atomic % unit)
    .toString()
    .padStart(USDC_DECIMALS, "0")
    .replace(/0+$/, "")
    .padEnd(2, "0");
  return `${atomic / unit}.${fraction}`;
}

/**
 * A payment as its caller may see it: status, what was paid for and how much, and the receipt
 * once settled. Found by its id alone, so it shows nothing more than the payer's own wallet and
 * the chain already do: never the authorization's nonce, the signed authorization stored for
 * settling, the screened addresses, or the settler's errors and claims.
 */
export function receiptViewOf(record: PaymentRecord): ReceiptView {
  const status = publicStatusOf(record.status);
  const receipt: SettlementReceipt | null =
    status === "settled" && record.txHash !== null
      ? {
          success: true,
          transaction: record.txHash,
          network: record.network,
          payer: record.payer,
        }
      : null;
  return {
    success: true,
    data: {
      paymentId: record.paymentId,
      status,
      operation: record.operation,
      amount: record.amount,
      price: displayPrice(usdOfAtomic(record.amount)),
      network: record.network,
      payer: record.payer,
      receipt,
      failureReason: record.failureReason,
      servedAt: record.servedAt,
      settledAt: status === "settled" ? record.endedAt : null,
    },
  };
}
