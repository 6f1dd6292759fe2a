/** A processed transaction's status, as getSignatureStatuses reports it. */
export interface TransactionStatus {
  readonly slot: bigint;
  /** The transaction error in the RPC's JSON form, or null when it succeeded. */
  readonly err: unknown;
}

/**
 * The signatures of the transactions the devnet executed (succeeded or failed on chain), with
 * their slot and error: what getSignatureStatuses answers, and how a resent transaction is
 * recognised as a duplicate. Transactions refused before execution (bad signature, unknown
 * blockhash) are never recorded, as on a real cluster.
 */
export class TransactionStatusBook {
  readonly #statuses = new Map<string, TransactionStatus>();

  record(signature: string, status: TransactionStatus): void {
    this.#statuses.set(signature, status);
  }

  get(signature: string): TransactionStatus | undefined {
    return this.#statuses.get(signature);
  }

  has(signature: string): boolean {
    return this.#statuses.has(signature);
  }
}
