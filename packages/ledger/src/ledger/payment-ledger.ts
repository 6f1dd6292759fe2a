import {
  type AuthorizationKey,
  MAX_UNSETTLED_ENDS,
  type ReserveResult,
  type ServedRecord,
} from "@svc/payments";
import {
  AttestationArchive,
  type AttestationArchiveOptions,
} from "../attestations/attestation-archive.js";
import { MonitorBook } from "../monitors/monitor-book.js";
import { DeferredPayments } from "../settlement/deferred-payments.js";
import type { Sql, SqlParam } from "../sql/sql.js";
import {
  checkAmount,
  checkName,
  checkReason,
  checkTime,
  checkTxHash,
  keyParams,
  servedParams,
} from "./payment-input.js";
import type { DayTotal, PaymentRecord } from "./payment-record.js";
import {
  FAILED,
  FIND,
  FORGET,
  MARK_FAILED,
  MARK_SERVED,
  MARK_SETTLED,
  MARK_SETTLING,
  PENDING,
  PENDING_SUMMARY,
  RELEASE,
  RESERVE,
  TOTALS,
} from "./payment-statements.js";

/** A payment to reserve: its authorization and what it pays for. */
export interface PaymentToReserve {
  readonly authorization: AuthorizationKey;
  /** In atomic units of the asset (USDC: 6 decimals). */
  readonly amount: string;
  /** The route or tool paid for. */
  readonly operation: string;
  readonly requestId?: string | undefined;
  /** When the authorization expires (ms since the epoch); the reservation lapses with it. */
  readonly expiresAt: number;
}

/**
 * What a served answer used: the payment gate's record of it (the edition; the screened
 * addresses, kept only when the ledger stores queries).
 */
export type ServedDetails = ServedRecord;

export interface PaymentLedgerOptions {
  /** Keep the screened addresses of served payments (`LEDGER_STORE_QUERIES=1`). Default: no. */
  readonly storeQueries?: boolean | undefined;
}

/** Payments answered and not settled yet: how many, and the oldest one's wait. */
export interface PendingSummary {
  readonly count: number;
  /** Seconds since the oldest pending payment's answer; undefined when none is pending. */
  readonly oldestSeconds: number | undefined;
}

/** How many rows a list read returns when no limit is given. */
const DEFAULT_LIST_LIMIT = 1000;

const RESERVE_RESULTS: readonly ReserveResult[] = ["reserved", "in_use", "used", "exhausted"];
const isReserveResult = (x: unknown): x is ReserveResult =>
  RESERVE_RESULTS.some((result) => result === x);

const checkCount = (name: string, n: number): number => {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`${name} must be a whole number ≥ 1`);
  return n;
};

/**
 * The durable record of payments: one row per authorization, moved through its lifecycle by one
 * statement per step (so each step is atomic on its own, across connections and replicas). A
 * step from a status that does not allow it changes nothing and resolves to false. No request
 * bodies are kept; screened addresses only when `storeQueries` is on.
 */
export class PaymentLedger {
  readonly storeQueries: boolean;
  /** The steps of payments settled after their answer (the operator's choice). */
  readonly deferred: DeferredPayments;

  constructor(
    private readonly sql: Sql,
    options: PaymentLedgerOptions = {},
  ) {
    this.storeQueries = options.storeQueries ?? false;
    this.deferred = new DeferredPayments(sql, this.storeQueries);
  }

  /** The archive of the attestations the service issues, on the ledger's database. */
  attestationArchive(options: AttestationArchiveOptions = {}): AttestationArchive {
    return new AttestationArchive(this.sql, options);
  }

  /** The wallet monitors and their webhook outbox, on the ledger's database. */
  monitorBook(): MonitorBook {
    return new MonitorBook(this.sql);
  }

  /** Which engine holds the ledger. */
  get engine(): Sql["engine"] {
    return this.sql.engine;
  }

  /**
   * Whether the ledger answers a statement (`select 1`): resolves when it does, rejects when its
   * database cannot be reached or fails. Cheap, and no table is read; a caller bounds the wait.
   */
  async ping(): Promise<void> {
    await this.sql.query("select 1");
  }

  /**
   * Reserves the payment's authorization: of any number of concurrent attempts on one
   * authorization, on any replica, exactly one gets "reserved" (the ReservationStore contract).
   */
  async reserve(payment: PaymentToReserve): Promise<ReserveResult> {
    const params: SqlParam[] = [
      ...keyParams(payment.authorization),
      checkName("operation", payment.operation),
      checkAmount(payment.amount),
      payment.requestId === undefined ? null : checkName("requestId", payment.requestId),
      checkTime("expiresAt", payment.expiresAt),
      MAX_UNSETTLED_ENDS,
    ];
    const { rows } = await this.sql.query<{ result: string }>(RESERVE, params);
    const result = rows[0]?.result;
    if (!isReserveResult(result)) throw new Error(`reserve answered ${String(result)}`);
    return result;
  }

  /** reserved → served: the answer is out; records the dataset it used (and the query, if kept). */
  async markServed(key: AuthorizationKey, served: ServedDetails = {}): Promise<boolean> {
    return this.step(MARK_SERVED, key, ...servedParams(served, this.storeQueries));
  }

  /** reserved | served → settling: the settlement is sent (the authorization is used from now). */
  async markSettling(key: AuthorizationKey): Promise<boolean> {
    return this.step(MARK_SETTLING, key);
  }

  /** → settled, with the settlement's transaction hash. */
  async markSettled(key: AuthorizationKey, txHash: string): Promise<boolean> {
    return this.step(MARK_SETTLED, key, checkTxHash(key.network, txHash));
  }

  /** → failed: the settlement failed, or its outcome is unknown (the reason says which). */
  async markFailed(key: AuthorizationKey, reason: string): Promise<boolean> {
    return this.step(MARK_FAILED, key, checkReason(reason));
  }

  /** reserved | served → released: ended without payment; the authorization may be tried again. */
  async release(key: AuthorizationKey): Promise<boolean> {
    return this.step(RELEASE, key);
  }

  /** A reservation refused before anything ran (the facilitator said no): its row is removed. */
  async forget(key: AuthorizationKey): Promise<boolean> {
    return this.step(FORGET, key);
  }

  /** The payment of one authorization, if the ledger has it. */
  async find(key: AuthorizationKey): Promise<PaymentRecord | undefined> {
    const { rows } = await this.sql.query<PaymentRecord>(FIND, keyParams(key));
    return rows[0];
  }

  /** Per UTC day and operation over the last `days` days (today included), newest day first. */
  async totals(options: { readonly days?: number } = {}): Promise<DayTotal[]> {
    const days = options.days ?? 7;
    if (!Number.isInteger(days) || days < 1)
      throw new RangeError("days must be a whole number ≥ 1");
    return (await this.sql.query<DayTotal>(TOTALS, [days])).rows;
  }

  /** Payments served or settling (the settlement's outcome not recorded yet), oldest first. */
  async pending(options: { readonly limit?: number } = {}): Promise<PaymentRecord[]> {
    return (
      await this.sql.query<PaymentRecord>(PENDING, [
        checkCount("limit", options.limit ?? DEFAULT_LIST_LIMIT),
      ])
    ).rows;
  }

  /**
   * How many payments are served or settling, and how long the oldest has waited since its
   * answer (seconds; undefined when none waits): one count and one minimum, no rows read out,
   * for a metrics scrape.
   */
  async pendingSummary(): Promise<PendingSummary> {
    const { rows } = await this.sql.query<{ count: number; oldestSeconds: number | null }>(
      PENDING_SUMMARY,
    );
    const row = rows[0];
    const oldest = row?.oldestSeconds;
    return {
      count: Number(row?.count ?? 0),
      oldestSeconds:
        oldest === null || oldest === undefined ? undefined : Math.max(0, Number(oldest)),
    };
  }

  /** Payments whose settlement failed, newest first. */
  async failed(options: { readonly limit?: number } = {}): Promise<PaymentRecord[]> {
    return (
      await this.sql.query<PaymentRecord>(FAILED, [
        checkCount("limit", options.limit ?? DEFAULT_LIST_LIMIT),
      ])
    ).rows;
  }

  /** Closes the ledger's connections (and an embedded database). */
  close(): Promise<void> {
    return this.sql.close();
  }

  private async step(statement: string, key: AuthorizationKey, ...rest: SqlParam[]) {
    const { rows } = await this.sql.query(statement, [...keyParams(key), ...rest]);
    return rows.length > 0;
  }
}
