/** The stable codes a ledger error carries (callers branch on these, never on the message). */
export type LedgerErrorCode =
  | "LEDGER_CONFIG_INVALID"
  | "LEDGER_DIR_IN_USE"
  | "LEDGER_NOT_FOUND"
  | "LEDGER_PAYMENT_INVALID"
  | "LEDGER_RESERVATION_DETAILS_MISSING";

/** A refusal by the ledger: a stable code, the field it concerns, and a sentence for people. */
export class LedgerError extends Error {
  override readonly name = "LedgerError";
  constructor(
    readonly code: LedgerErrorCode,
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
  }
}

export const isLedgerError = (error: unknown): error is LedgerError => error instanceof LedgerError;
