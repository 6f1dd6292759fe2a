import type { AuthorizationKey, ServedRecord, StoredPayment } from "@svc/payments";
import { LedgerError } from "../errors/ledger-error.js";
import {
  checkName,
  checkReason,
  checkTxHash,
  keyParams,
  servedParams,
} from "../ledger/payment-input.js";
import type { PaymentRecord } from "../ledger/payment-record.js";
import { RECORD_COLUMNS } from "../ledger/payment-statements.js";
import type { Sql, SqlParam } from "../sql/sql.js";
import {
  BY_PAYMENT_ID,
  CLAIM_DUE,
  CLAIM_ONE,
  GIVE_UP,
  LOCK_OUTSTANDING,
  LOCK_PAYER,
  MARK_DEFERRED,
  OUTSTANDING,
  PAID_OUT_OF_BAND,
  PAYER_EXPOSURE,
  RECORD_DEFERRED,
  RELEASE_OWN,
  RETRY_LATER,
  SETTLED,
  UNBLOCK,
} from "./deferred-statements.js";

/** What stands between a payer and an answer before settlement. */
export interface PayerExposure {
  /**
   * A payment of theirs answered first was not paid for a reason that is theirs (refused on
   * chain, failed as their doing), and is not settled.
   */
  readonly blocked: boolean;
  /** Their other payments answered first and not settled yet, in atomic units. */
  readonly unsettled: bigint;
  /**
   * All their other payments that will draw on their balance, answered first or not (reserved,
   * served, settling), in atomic units.
   */
  readonly committed: bigint;
  /** What they have paid, settled on chain (their history; at least its first 1,000 payments). */
  readonly paid: bigint;
  /**
   * Across every payer and replica: answered first and unsettled, plus what payers failed to pay
   * in the last 24 hours, in atomic units. Read only when asked for (`withOutstanding`).
   */
  readonly outstanding: bigint;
}

/** Whose doing a failed settlement after the answer was. */
export type Fault = "payer" | "operator";

/** A payment claimed by one settler for one attempt. */
export interface ClaimedPayment {
  readonly id: string;
  readonly paymentId: string;
  readonly authorization: AuthorizationKey;
  readonly stored: StoredPayment;
  /** Attempts made before this one (a later attempt first looks on chain). */
  readonly previousAttempts: number;
  /** The authorization expired: it can no longer be settled. */
  readonly expired: boolean;
  readonly lastError: string | null;
  /** The last attempt's refusal by the network, when it was the payer's doing. */
  readonly lastRefusal: string | null;
  /** Its amount, in atomic units. */
  readonly amount: bigint;
  /** Who claimed it (this settler). */
  readonly claimant: string;
}

type ClaimRow = {
  id: string;
  paymentId: string;
  network: string;
  asset: string;
  payer: string;
  nonce: string;
  settlement: unknown;
  previousAttempts: number;
  amount: string;
  expired: boolean;
  lastError: string | null;
  lastRefusal: string | null;
};

/** Payment ids as the service hands them out: `pay_` and 32 hex digits. */
export const PAYMENT_ID = /^pay_[0-9a-f]{32}$/;

const storedOf = (settlement: unknown): StoredPayment => {
  const value = typeof settlement === "string" ? JSON.parse(settlement) : settlement;
  return typeof value === "object" &&
    value !== null &&
    "payload" in value &&
    "requirements" in value
    ? { payload: value.payload, requirements: value.requirements }
    : { payload: undefined, requirements: undefined };
};

/**
 * The ledger's steps for payments settled after their answer: admitting one under its payer's
 * lock, recording it once answered (with what settling it needs), claiming due ones for one
 * settler at a time, and recording each attempt's outcome. Every step is one statement (or one
 * transaction), atomic across replicas.
 */
export class DeferredPayments {
  constructor(
    private readonly sql: Sql,
    private readonly storeQueries: boolean,
  ) {}

  /**
   * Reads the payer's exposure under their lock and lets `decide` choose; "after-response" marks
   * the payment deferred before the lock is released, so the next admission of the same payer
   * counts it. With `withOutstanding` (a payment that may be answered first), the exposure across
   * every payer is read too, under a lock every such admission takes, so replicas together never
   * answer first beyond the cap; otherwise `outstanding` is 0 and that lock is not taken.
   */
  async admit<T extends { readonly kind: string }>(
    key: AuthorizationKey,
    decide: (exposure: PayerExposure) => T,
    options: { readonly withOutstanding: boolean } = { withOutstanding: false },
  ): Promise<T> {
    const params = keyParams(key);
    return this.sql.transaction(async (tx) => {
      await tx.query(LOCK_PAYER, params.slice(0, 3));
      const { rows } = await tx.query<{
        blocked: boolean;
        unsettled: string;
        committed: string;
        paid: string;
      }>(PAYER_EXPOSURE, params);
      const row = rows[0];
      let outstanding = 0n;
      if (options.withOutstanding) {
        await tx.query(LOCK_OUTSTANDING);
        const total = await tx.query<{ outstanding: string }>(OUTSTANDING);
        outstanding = BigInt(total.rows[0]?.outstanding ?? "0");
      }
      const decision = decide({
        blocked: row?.blocked === true,
        unsettled: BigInt(row?.unsettled ?? "0"),
        committed: BigInt(row?.committed ?? "0"),
        paid: BigInt(row?.paid ?? "0"),
        outstanding,
      });
      if (decision.kind === "after-response") {
        const marked = await tx.query(MARK_DEFERRED, params);
        if (marked.rows.length === 0) throw notReserved();
      }
      return decision;
    });
  }

  /** The answered payment, recorded with what settling it needs; resolves to its payment id. */
  async record(
    key: AuthorizationKey,
    served: ServedRecord,
    stored: StoredPayment,
  ): Promise<string> {
    const { rows } = await this.sql.query<{ paymentId: string }>(RECORD_DEFERRED, [
      ...keyParams(key),
      ...servedParams(served, this.storeQueries),
      JSON.stringify({ payload: stored.payload, requirements: stored.requirements }),
    ]);
    const paymentId = rows[0]?.paymentId;
    if (paymentId === undefined) throw notReserved();
    return paymentId;
  }

  /** Claims up to `limit` due payments for `claimant` (see CLAIM_DUE). */
  async claimDue(
    claimant: string,
    options: { readonly leaseSeconds: number; readonly limit: number },
  ): Promise<ClaimedPayment[]> {
    const { rows } = await this.sql.query<ClaimRow>(CLAIM_DUE, [
      claimant,
      options.leaseSeconds,
      options.limit,
    ]);
    return rows.map((row) => claimOf(row, claimant));
  }

  /**
   * Gives back the claims `claimant` made before it restarted (see RELEASE_OWN): due again, for
   * the sweeps to claim once each. Resolves to how many there were.
   */
  async releaseOwn(claimant: string): Promise<number> {
    const { rows } = await this.sql.query(RELEASE_OWN, [claimant]);
    return rows.length;
  }

  /** Claims one served payment for `claimant`, or undefined if another settler has it. */
  async claimOne(key: AuthorizationKey, claimant: string): Promise<ClaimedPayment | undefined> {
    const { rows } = await this.sql.query<ClaimRow>(CLAIM_ONE, [...keyParams(key), claimant]);
    return rows[0] === undefined ? undefined : claimOf(rows[0], claimant);
  }

  async settled(claim: ClaimedPayment, transaction: string): Promise<boolean> {
    return (await this.recordSettled(claim, transaction)) !== undefined;
  }

  /**
   * Records a claimed payment settled, as `settled` does, and answers how long after its answer
   * it settled (`lagSeconds`, on the database's clock: a replica's own clock never skews it), or
   * undefined when the claim was no longer this settler's.
   */
  async recordSettled(
    claim: ClaimedPayment,
    transaction: string,
  ): Promise<{ readonly lagSeconds: number } | undefined> {
    const { rows } = await this.sql.query<{ lagSeconds: number }>(SETTLED, [
      claim.id,
      claim.claimant,
      checkTxHash(claim.authorization.network, transaction),
    ]);
    const row = rows[0];
    return row === undefined ? undefined : { lagSeconds: Math.max(0, Number(row.lagSeconds)) };
  }

  async retryLater(
    claim: ClaimedPayment,
    error: string,
    refusal: string | null,
    delaySeconds: number,
  ): Promise<boolean> {
    return this.step(
      RETRY_LATER,
      claim,
      checkReason(error),
      refusal === null ? null : checkReason(refusal),
      delaySeconds,
    );
  }

  async giveUp(claim: ClaimedPayment, reason: string, fault: Fault): Promise<boolean> {
    return this.step(GIVE_UP, claim, checkReason(reason), fault);
  }

  /** A payment by the id its caller was given, or undefined (unknown, or not an id). */
  async byPaymentId(paymentId: string): Promise<PaymentRecord | undefined> {
    if (!PAYMENT_ID.test(paymentId)) return undefined;
    const { rows } = await this.sql.query<PaymentRecord>(
      `select ${RECORD_COLUMNS} from payments ${BY_PAYMENT_ID}`,
      [paymentId],
    );
    return rows[0];
  }

  /**
   * failed → settled: the operator records that the payer paid this payment out of band, in
   * `transaction`; what it failed of is kept in lastError, and its payer is served again.
   * Resolves to the settled record, or undefined when no failed payment has this id.
   */
  async paidOutOfBand(paymentId: string, transaction: string): Promise<PaymentRecord | undefined> {
    const { rows } = await this.sql.query<PaymentRecord>(PAID_OUT_OF_BAND, [
      checkPaymentId(paymentId),
      checkName("txHash", transaction),
    ]);
    return rows[0];
  }

  /**
   * A failed payment recorded as the operator's doing, `why` kept in lastError: it stays failed
   * and unpaid, and its payer is served again. Resolves to the record, or undefined when no
   * failed payment has this id.
   */
  async unblock(paymentId: string, why: string): Promise<PaymentRecord | undefined> {
    const { rows } = await this.sql.query<PaymentRecord>(UNBLOCK, [
      checkPaymentId(paymentId),
      checkReason(why),
    ]);
    return rows[0];
  }

  private async step(statement: string, claim: ClaimedPayment, ...rest: SqlParam[]) {
    const { rows } = await this.sql.query(statement, [claim.id, claim.claimant, ...rest]);
    return rows.length > 0;
  }
}

/** A payment id an operator gave, or LEDGER_PAYMENT_INVALID at `paymentId`. */
const checkPaymentId = (paymentId: string): string => {
  if (!PAYMENT_ID.test(paymentId)) {
    throw new LedgerError(
      "LEDGER_PAYMENT_INVALID",
      "paymentId",
      "must be pay_ and 32 lower-case hexadecimal digits",
    );
  }
  return paymentId;
};

const claimOf = (row: ClaimRow, claimant: string): ClaimedPayment => ({
  id: row.id,
  paymentId: row.paymentId,
  authorization: { network: row.network, asset: row.asset, payer: row.payer, nonce: row.nonce },
  stored: storedOf(row.settlement),
  previousAttempts: row.previousAttempts,
  expired: row.expired,
  lastError: row.lastError,
  lastRefusal: row.lastRefusal,
  amount: BigInt(row.amount),
  claimant,
});

const notReserved = (): LedgerError =>
  new LedgerError(
    "LEDGER_PAYMENT_INVALID",
    "authorization",
    "no reservation of this authorization is open to be settled after the answer",
  );
