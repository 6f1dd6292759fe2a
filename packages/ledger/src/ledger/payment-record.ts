import type { PaymentStatus } from "../schema/payment-status.js";

/** One payment as the ledger holds it; times are ISO 8601 in UTC, amounts atomic units. */
// Types, not interfaces: a row type must be assignable to a driver's row (an index signature).
export type PaymentRecord = {
  readonly id: string;
  /** The id its caller is given (random: a receipt is found by it alone). */
  readonly paymentId: string;
  readonly network: string;
  readonly asset: string;
  readonly payer: string;
  readonly nonce: string;
  /** The route or tool paid for. */
  readonly operation: string;
  readonly amount: string;
  readonly requestId: string | null;
  readonly status: PaymentStatus;
  /** How many times the authorization ended without payment (released) before. */
  readonly unsettledEnds: number;
  readonly authorizationExpiresAt: string;
  /** For screening, the edition of the list the answer used. */
  readonly datasetSha256: string | null;
  /** The screened addresses, kept only when the ledger stores queries. */
  readonly query: readonly string[] | null;
  readonly txHash: string | null;
  readonly failureReason: string | null;
  /**
   * A failed settlement after the answer: whose doing it was, the payer's (it blocks them) or the
   * operator's (the facilitator, its gas, the service); null otherwise.
   */
  readonly fault: "payer" | "operator" | null;
  /** Settled after its answer (the operator's choice), by a background settler. */
  readonly deferred: boolean;
  /** Settlement attempts made (settlement after the answer). */
  readonly attempts: number;
  /** The last attempt's failure, and the network's refusal when it refused. */
  readonly lastError: string | null;
  readonly lastRefusal: string | null;
  readonly nextAttemptAt: string | null;
  readonly reservedAt: string;
  readonly servedAt: string | null;
  /** When it was settled, failed or released. */
  readonly endedAt: string | null;
  readonly updatedAt: string;
};

/** One day's payments for one operation (days are UTC). */
export type DayTotal = {
  /** YYYY-MM-DD (UTC). */
  readonly day: string;
  readonly operation: string;
  readonly settled: number;
  /** The sum of the settled amounts, in atomic units. */
  readonly settledAmount: string;
  /** Served or settling: the settlement's outcome is not recorded yet. */
  readonly pending: number;
  readonly failed: number;
  readonly released: number;
};
