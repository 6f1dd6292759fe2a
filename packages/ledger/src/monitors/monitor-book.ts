import type { AddressListing, EditionRef } from "@svc/monitoring";
import type { Sql, SqlQuery } from "../sql/sql.js";
import {
  type AttemptInput,
  type DueMessage,
  type MessageInput,
  type MonitorInput,
  type MonitorPayment,
  type MonitorRecord,
  type MonitorStatus,
  type StoredAttempt,
  type StoredMessage,
  type StoredWatch,
  toMonitor,
} from "./monitor-records.js";

/** How many canonical addresses one lookup statement carries. */
const LOOKUP_CHUNK = 5_000;

/** What a re-screening wrote: its events as messages, and what each monitor is now told. */
export interface RescreenResult {
  readonly messages: readonly MessageInput[];
  /** Per (monitor, canonical address): the listing the events told. */
  readonly told: ReadonlyArray<{
    readonly monitorId: string;
    readonly normalizedAddress: string;
    readonly listing: AddressListing;
  }>;
}

/** Looks up the watches of some canonical addresses, inside the re-screening's transaction. */
export type WatchLookup = (
  normalizedAddresses: readonly string[] | "all",
) => Promise<ReadonlyMap<string, readonly StoredWatch[]>>;

/**
 * The monitors, their addresses and the webhook outbox, in the ledger's database (PGlite, or
 * PostgreSQL shared by the replicas). Every write that makes an event writes its message in the
 * same transaction (the transactional outbox): an event is never made without its message, nor
 * sent without being made.
 */
export class MonitorBook {
  constructor(private readonly sql: Sql) {}

  /**
   * Stores a new monitor, its addresses as first screened, and its first messages, in one
   * transaction.
   */
  async create(monitor: MonitorInput, messages: readonly MessageInput[]): Promise<void> {
    await this.sql.transaction(async (tx) => {
      await tx.query(
        `insert into monitors (id, owner, label, webhook_url, secret, asset, payment, status,
           paid_until, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $9::jsonb, 'active', $7, $8, $8)`,
        [
          monitor.id,
          monitor.owner,
          monitor.label ?? null,
          monitor.webhookUrl,
          monitor.secret,
          monitor.asset ?? null,
          monitor.paidUntil,
          monitor.createdAt,
          JSON.stringify(monitor.payment),
        ],
      );
      for (let i = 0; i < monitor.addresses.length; i += LOOKUP_CHUNK) {
        const chunk = monitor.addresses.slice(i, i + LOOKUP_CHUNK);
        await tx.query(
          `insert into monitor_addresses
             (monitor_id, normalized_address, address, listing, edition_date, edition_sha256)
           select $1, n, a, l::jsonb, $5, $6
             from unnest($2::text[], $3::text[], $4::text[]) as t (n, a, l)`,
          [
            monitor.id,
            chunk.map((a) => a.normalizedAddress),
            chunk.map((a) => a.address),
            chunk.map((a) => JSON.stringify(a.listing)),
            monitor.edition.datasetDate,
            monitor.edition.datasetSha256,
          ],
        );
      }
      await insertMessages(tx, messages);
      // The first monitor starts the cursor at its edition; later ones leave it where it is.
      await tx.query(
        `insert into monitor_cursor (id, edition_date, edition_sha256, updated_at)
         values (1, $1, $2, $3) on conflict (id) do nothing`,
        [monitor.edition.datasetDate, monitor.edition.datasetSha256, monitor.createdAt],
      );
    });
  }

  /** A monitor by id (deleted ones too: their delivery log stays readable by their owner). */
  async get(id: string): Promise<MonitorRecord | undefined> {
    const { rows } = await this.sql.query(`${SELECT_MONITOR} where m.id = $1`, [id]);
    return rows[0] === undefined ? undefined : toMonitor(rows[0]);
  }

  /** The monitors a wallet owns, newest first, deleted ones left out. */
  async ownedBy(owner: string, limit = 100): Promise<MonitorRecord[]> {
    const { rows } = await this.sql.query(
      `${SELECT_MONITOR} where m.owner = $1 and m.status <> 'deleted'
        order by m.created_at desc limit $2`,
      [owner, limit],
    );
    return rows.map(toMonitor);
  }

  /**
   * The monitors of a wallet on every chain of its namespace (`eip155`, `solana`), newest first,
   * deleted ones left out: the owner's CAIP-10 namespace and address must be these (an EVM
   * address in lower case, as owners are stored).
   */
  async ownedByWallet(namespace: string, address: string, limit = 100): Promise<MonitorRecord[]> {
    const { rows } = await this.sql.query(
      `${SELECT_MONITOR} where split_part(m.owner, ':', 1) = $1 and split_part(m.owner, ':', 3) = $2
          and m.status <> 'deleted'
        order by m.created_at desc limit $3`,
      [namespace, address, limit],
    );
    return rows.map(toMonitor);
  }

  /** A monitor's addresses and what it was last told of each, in canonical order. */
  async addressesOf(id: string): Promise<
    Array<{
      address: string;
      normalizedAddress: string;
      listing: AddressListing;
      edition: EditionRef;
    }>
  > {
    const { rows } = await this.sql.query<{
      address: string;
      normalized_address: string;
      listing: AddressListing | string;
      edition_date: string;
      edition_sha256: string;
    }>(
      `select address, normalized_address, listing, edition_date, edition_sha256
         from monitor_addresses where monitor_id = $1 order by normalized_address`,
      [id],
    );
    return rows.map((r) => ({
      address: r.address,
      normalizedAddress: r.normalized_address,
      listing: typeof r.listing === "string" ? JSON.parse(r.listing) : r.listing,
      edition: { datasetDate: r.edition_date, datasetSha256: r.edition_sha256 },
    }));
  }

  /** Pauses, resumes or deletes a monitor; a deleted one's pending messages are cancelled. */
  async setStatus(id: string, status: MonitorStatus, at: Date): Promise<boolean> {
    return this.sql.transaction(async (tx) => {
      const { rows } = await tx.query(
        `update monitors set status = $2, updated_at = $3 where id = $1 and status <> 'deleted'
          returning id`,
        [id, status, at],
      );
      if (rows.length === 0) return false;
      if (status === "deleted") {
        await tx.query(
          `update webhook_messages set status = 'cancelled', next_attempt_at = null
            where monitor_id = $1 and status = 'pending'`,
          [id],
        );
      }
      return true;
    });
  }

  /**
   * Adds a paid period to a monitor (from its end, or from now when it has lapsed), binds its
   * attestations to that payment and records the renewal's messages, in one transaction.
   * Resolves to the new end, or undefined when there is no such monitor (or it was deleted).
   */
  async extend(
    id: string,
    periodMs: number,
    payment: MonitorPayment,
    at: Date,
    messagesOf: (paidUntil: Date) => readonly MessageInput[],
    told?: {
      readonly edition: EditionRef;
      readonly listings: ReadonlyArray<{
        readonly normalizedAddress: string;
        readonly listing: AddressListing;
      }>;
    },
  ): Promise<Date | undefined> {
    return this.sql.transaction(async (tx) => {
      const { rows } = await tx.query<{ paid_until: Date }>(
        `update monitors set paid_until = greatest(paid_until, $3) + make_interval(secs => $2),
           payment = $4::jsonb, updated_at = $3
          where id = $1 and status <> 'deleted' returning paid_until`,
        [id, periodMs / 1000, at, JSON.stringify(payment)],
      );
      const paidUntil = rows[0]?.paid_until;
      if (paidUntil === undefined) return undefined;
      await insertMessages(tx, messagesOf(paidUntil));
      // The renewal's screening is what the monitor is told now: later editions compare with it.
      for (let i = 0; i < (told?.listings.length ?? 0); i += LOOKUP_CHUNK) {
        const chunk = told?.listings.slice(i, i + LOOKUP_CHUNK) ?? [];
        await tx.query(
          `update monitor_addresses a set listing = t.l::jsonb, edition_date = $4, edition_sha256 = $5
             from unnest($2::text[], $3::text[]) as t (n, l)
            where a.monitor_id = $1 and a.normalized_address = t.n`,
          [
            id,
            chunk.map((x) => x.normalizedAddress),
            chunk.map((x) => JSON.stringify(x.listing)),
            told?.edition.datasetDate ?? "",
            told?.edition.datasetSha256 ?? "",
          ],
        );
      }
      return paidUntil;
    });
  }

  /** Points a monitor at another webhook URL; an endpoint disabled by a 410 is enabled again. */
  async setWebhook(id: string, webhookUrl: string, at: Date): Promise<boolean> {
    const { rows } = await this.sql.query(
      `update monitors set webhook_url = $2, endpoint_disabled_at = null, updated_at = $3
        where id = $1 and status <> 'deleted' returning id`,
      [id, webhookUrl, at],
    );
    return rows.length > 0;
  }

  /** Names a monitor again (null: no label). */
  async setLabel(id: string, label: string | null, at: Date): Promise<boolean> {
    const { rows } = await this.sql.query(
      `update monitors set label = $2, updated_at = $3 where id = $1 and status <> 'deleted'
        returning id`,
      [id, label, at],
    );
    return rows.length > 0;
  }

  /**
   * Takes a Sign-In-With-X proof's nonce for an account, once across replicas: true the first
   * time, false when it was taken already (a replayed proof). The nonce is remembered until
   * `expiresAt` (when the proof can no longer be fresh); past it the same nonce may be taken
   * again, and such rows are pruned by `pruneSignInNonces`.
   */
  async claimSignInNonce(
    account: string,
    nonce: string,
    expiresAt: Date,
    now: Date,
  ): Promise<boolean> {
    const { rows } = await this.sql.query(
      `insert into sign_in_nonces (account, nonce, expires_at) values ($1, $2, $3)
       on conflict (account, nonce) do update set expires_at = excluded.expires_at
         where sign_in_nonces.expires_at <= $4
       returning nonce`,
      [account, nonce, expiresAt, now],
    );
    return rows.length > 0;
  }

  /** Forgets the sign-in nonces past their expiry; resolves to how many were forgotten. */
  async pruneSignInNonces(now: Date): Promise<number> {
    const { rows } = await this.sql.query(
      "delete from sign_in_nonces where expires_at <= $1 returning nonce",
      [now],
    );
    return rows.length;
  }

  /**
   * Brings the monitors to `edition`, once across replicas: the cursor row is locked for the
   * transaction, so a replica that comes second finds the cursor there already and does
   * nothing. `plan` gets the edition the monitors were last brought to and a lookup of watches
   * (active, paid monitors only) inside the transaction; the messages it returns and the
   * listings it told are written in the same transaction as the cursor. Resolves to undefined
   * when there was nothing to do (the cursor there already, or no monitor ever made).
   */
  async rescreen(
    edition: EditionRef,
    at: Date,
    plan: (previous: EditionRef, watchesOf: WatchLookup) => Promise<RescreenResult>,
  ): Promise<RescreenResult | undefined> {
    return this.sql.transaction(async (tx) => {
      const { rows } = await tx.query<{ edition_date: string; edition_sha256: string }>(
        "select edition_date, edition_sha256 from monitor_cursor where id = 1 for update",
      );
      const cursor = rows[0];
      if (cursor === undefined) {
        // No monitor yet (creating one sets the cursor): start from this edition.
        await setCursor(tx, edition, at);
        return undefined;
      }
      if (cursor.edition_sha256 === edition.datasetSha256) return undefined;
      const previous = { datasetDate: cursor.edition_date, datasetSha256: cursor.edition_sha256 };
      const result = await plan(previous, watchLookup(tx, at));
      await insertMessages(tx, result.messages);
      for (const told of result.told) {
        await tx.query(
          `update monitor_addresses set listing = $3::jsonb, edition_date = $4, edition_sha256 = $5
            where monitor_id = $1 and normalized_address = $2`,
          [
            told.monitorId,
            told.normalizedAddress,
            JSON.stringify(told.listing),
            edition.datasetDate,
            edition.datasetSha256,
          ],
        );
      }
      await setCursor(tx, edition, at);
      return result;
    });
  }

  /**
   * Claims up to `limit` messages due at `now` for `leaseMs`: each is claimed by one deliverer
   * (FOR UPDATE SKIP LOCKED; a claim that lapses, its deliverer gone, is claimed again). Only
   * messages of monitors not deleted, not paused and whose endpoint is enabled.
   */
  async claimDue(now: Date, limit: number, leaseMs: number): Promise<DueMessage[]> {
    const { rows } = await this.sql.query<{
      id: string;
      monitor_id: string;
      event_type: string;
      body: string;
      attempts: number;
      attempted: number;
      webhook_url: string;
      secret: string;
    }>(
      `with due as (
         select w.id from webhook_messages w join monitors m on m.id = w.monitor_id
          where w.status = 'pending' and w.next_attempt_at <= $1
            and (w.claimed_until is null or w.claimed_until <= $1)
            and m.status = 'active' and m.endpoint_disabled_at is null
          order by w.next_attempt_at
          limit $2
          for update of w skip locked
       )
       update webhook_messages w set claimed_until = $3
         from due, monitors m
        where w.id = due.id and m.id = w.monitor_id
       returning w.id, w.monitor_id, w.event_type, w.body, w.attempts, w.attempted,
         m.webhook_url, m.secret`,
      [now, limit, new Date(now.getTime() + leaseMs)],
    );
    return rows.map((r) => ({
      id: r.id,
      monitorId: r.monitor_id,
      eventType: r.event_type,
      body: r.body,
      attempts: r.attempts,
      attempted: r.attempted,
      webhookUrl: r.webhook_url,
      secret: r.secret,
    }));
  }

  /**
   * Records one attempt and what it came to, in one transaction: delivered, failed (the
   * attempts ran out), retried at `nextAttemptAt`, or the endpoint gone (410: the monitor's
   * endpoint is disabled, its messages wait until its owner sets a webhook again).
   */
  async recordAttempt(attempt: AttemptInput): Promise<void> {
    await this.sql.transaction(async (tx) => {
      const { rows } = await tx.query<{ attempted: number }>(
        `update webhook_messages set attempts = attempts + 1, attempted = attempted + 1,
           claimed_until = null, last_status = $2, last_error = $3,
           status = $4, next_attempt_at = $5
          where id = $1 returning attempted`,
        [
          attempt.messageId,
          attempt.status ?? null,
          attempt.error ?? null,
          attempt.outcome === "delivered"
            ? "delivered"
            : attempt.outcome === "failed"
              ? "failed"
              : "pending",
          attempt.outcome === "retry" || attempt.outcome === "endpoint_gone"
            ? (attempt.nextAttemptAt ?? attempt.at)
            : null,
        ],
      );
      const attempted = rows[0]?.attempted;
      if (attempted === undefined) return;
      await tx.query(
        `insert into webhook_attempts (message_id, attempt, attempted_at, status, error, duration_ms, response)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          attempt.messageId,
          attempted,
          attempt.at,
          attempt.status ?? null,
          attempt.error ?? null,
          Math.round(attempt.durationMs),
          attempt.response ?? null,
        ],
      );
      if (attempt.outcome === "endpoint_gone") {
        await tx.query(
          `update monitors set endpoint_disabled_at = $2
            where id = (select monitor_id from webhook_messages where id = $1)`,
          [attempt.messageId, attempt.at],
        );
      }
    });
  }

  /** A monitor's messages, newest first, each with its attempts (the free delivery log). */
  async deliveryLog(monitorId: string, limit = 100): Promise<StoredMessage[]> {
    const { rows } = await this.sql.query<{
      id: string;
      event_type: string;
      created_at: Date;
      status: StoredMessage["status"];
      attempted: number;
      next_attempt_at: Date | null;
      last_status: number | null;
      last_error: string | null;
    }>(
      `select id, event_type, created_at, status, attempted, next_attempt_at, last_status, last_error
         from webhook_messages where monitor_id = $1 order by created_at desc, id desc limit $2`,
      [monitorId, limit],
    );
    if (rows.length === 0) return [];
    const attempts = await this.sql.query<{
      message_id: string;
      attempt: number;
      attempted_at: Date;
      status: number | null;
      error: string | null;
      duration_ms: number;
    }>(
      `select message_id, attempt, attempted_at, status, error, duration_ms from webhook_attempts
        where message_id = any($1::text[]) order by message_id, attempt`,
      [rows.map((r) => r.id)],
    );
    const byMessage = new Map<string, StoredAttempt[]>();
    for (const a of attempts.rows) {
      const list = byMessage.get(a.message_id) ?? [];
      list.push({
        attempt: a.attempt,
        at: a.attempted_at,
        status: a.status,
        error: a.error,
        durationMs: a.duration_ms,
      });
      byMessage.set(a.message_id, list);
    }
    return rows.map((r) => ({
      id: r.id,
      eventType: r.event_type,
      createdAt: r.created_at,
      status: r.status,
      attempted: r.attempted,
      nextAttemptAt: r.next_attempt_at,
      lastStatus: r.last_status,
      lastError: r.last_error,
      attempts: byMessage.get(r.id) ?? [],
    }));
  }

  /**
   * A monitor's messages, newest first, at most `limit`, and how many it has in all (what a
   * monitoring report lists, with its events' bodies).
   */
  async messagesOf(
    monitorId: string,
    limit = 1000,
  ): Promise<{
    total: number;
    messages: Array<{ id: string; eventType: string; body: string; createdAt: Date }>;
  }> {
    const { rows } = await this.sql.query<{
      id: string;
      event_type: string;
      body: string;
      created_at: Date;
    }>(
      `select id, event_type, body, created_at from webhook_messages
        where monitor_id = $1 order by created_at desc, id desc limit $2`,
      [monitorId, limit],
    );
    const count = await this.sql.query<{ n: number }>(
      "select count(*)::int4 as n from webhook_messages where monitor_id = $1",
      [monitorId],
    );
    return {
      total: count.rows[0]?.n ?? rows.length,
      messages: rows.map((r) => ({
        id: r.id,
        eventType: r.event_type,
        body: r.body,
        createdAt: r.created_at,
      })),
    };
  }

  /**
   * Sends a message again (a manual replay): a new round of the retry schedule from now, the
   * same id (receivers deduplicate on it). False when the message is not the monitor's, or is
   * waiting for its next attempt already.
   */
  async replay(monitorId: string, messageId: string, now: Date): Promise<boolean> {
    const { rows } = await this.sql.query(
      `update webhook_messages set status = 'pending', attempts = 0, next_attempt_at = $3,
         claimed_until = null
        where id = $2 and monitor_id = $1 and status in ('delivered', 'failed', 'cancelled')
        returning id`,
      [monitorId, messageId, now],
    );
    return rows.length > 0;
  }

  /** Messages waiting for delivery, and the oldest one's age (for metrics). */
  async pending(now: Date): Promise<{ count: number; oldestSeconds: number }> {
    const { rows } = await this.sql.query<{ count: number; oldest: Date | null }>(
      `select count(*)::int4 as count, min(created_at) as oldest from webhook_messages
        where status = 'pending'`,
    );
    const oldest = rows[0]?.oldest;
    return {
      count: rows[0]?.count ?? 0,
      oldestSeconds: oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1000) : 0,
    };
  }
}

const SELECT_MONITOR = `select m.id, m.owner, m.label, m.webhook_url, m.asset, m.payment, m.status,
    m.endpoint_disabled_at, m.paid_until, m.created_at, m.updated_at,
    (select count(*)::int4 from monitor_addresses a where a.monitor_id = m.id) as address_count
  from monitors m`;

/** Moves the monitors' cursor to an edition. */
async function setCursor(tx: SqlQuery, edition: EditionRef, at: Date): Promise<void> {
  await tx.query(
    `insert into monitor_cursor (id, edition_date, edition_sha256, updated_at) values (1, $1, $2, $3)
     on conflict (id) do update set edition_date = $1, edition_sha256 = $2, updated_at = $3`,
    [edition.datasetDate, edition.datasetSha256, at],
  );
}

/** Writes messages, due at once. */
async function insertMessages(tx: SqlQuery, messages: readonly MessageInput[]): Promise<void> {
  for (const m of messages) {
    await tx.query(
      `insert into webhook_messages (id, monitor_id, event_type, body, created_at, status, next_attempt_at)
       values ($1, $2, $3, $4, $5, 'pending', $5)`,
      [m.id, m.monitorId, m.eventType, m.body, m.createdAt],
    );
  }
}

/** The watches of some canonical addresses: active monitors, paid until after `at`. */
const watchLookup =
  (tx: SqlQuery, at: Date): WatchLookup =>
  async (wanted) => {
    const watches = new Map<string, StoredWatch[]>();
    // Every monitored address: only where the edition compared with cannot be read.
    const normalizedAddresses =
      wanted === "all"
        ? (
            await tx.query<{ n: string }>(
              "select distinct normalized_address as n from monitor_addresses order by 1",
            )
          ).rows.map((r) => r.n)
        : wanted;
    for (let i = 0; i < normalizedAddresses.length; i += LOOKUP_CHUNK) {
      const { rows } = await tx.query<{
        monitor_id: string;
        normalized_address: string;
        address: string;
        listing: AddressListing | string;
        edition_date: string;
        edition_sha256: string;
        payment: MonitorPayment | string;
      }>(
        `select a.monitor_id, a.normalized_address, a.address, a.listing, a.edition_date,
             a.edition_sha256, m.payment
           from monitor_addresses a join monitors m on m.id = a.monitor_id
          where a.normalized_address = any($1::text[]) and m.status = 'active' and m.paid_until > $2
          order by a.normalized_address, m.created_at, m.id`,
        [normalizedAddresses.slice(i, i + LOOKUP_CHUNK), at],
      );
      for (const r of rows) {
        const list = watches.get(r.normalized_address) ?? [];
        list.push({
          monitorId: r.monitor_id,
          address: r.address,
          listing: typeof r.listing === "string" ? JSON.parse(r.listing) : r.listing,
          edition: { datasetDate: r.edition_date, datasetSha256: r.edition_sha256 },
          payment: typeof r.payment === "string" ? JSON.parse(r.payment) : r.payment,
        });
        watches.set(r.normalized_address, list);
      }
    }
    return watches;
  };
