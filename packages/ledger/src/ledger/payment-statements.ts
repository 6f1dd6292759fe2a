/** A timestamptz column as ISO 8601 text in UTC (the same text from both drivers). */
const iso = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The authorization's key: parameters $1…$4 of every statement on one payment. */
const KEY = "network = $1 and asset = $2 and payer = $3 and nonce = $4";

/**
 * Reserves an authorization in one statement, atomic across connections and replicas: the unique
 * key lets one insert win; an existing row is taken over only when it is released with attempts
 * left (fewer than $9 unsettled ends), or when its authorization expired before anything was
 * served (a reservation left by a stopped replica). Otherwise the answer says why not: in use
 * (reserved, served), used (settling, settled, failed) or exhausted (released too often).
 * A row a concurrent transaction committed after this statement's snapshot is not visible to the
 * reason's select; it was reserved a moment ago, so the answer is "in_use".
 */
export const RESERVE = `
  with attempt as (
    insert into payments as p
      (network, asset, payer, nonce, operation, amount, request_id, authorization_expires_at)
    values ($1, $2, $3, $4, $5, $6::numeric, $7, to_timestamp($8::double precision / 1000))
    on conflict (network, asset, payer, nonce) do update set
      status = 'reserved',
      unsettled_ends = case when p.authorization_expires_at <= now() then 0
        else p.unsettled_ends end,
      operation = excluded.operation,
      amount = excluded.amount,
      request_id = excluded.request_id,
      authorization_expires_at = excluded.authorization_expires_at,
      dataset_sha256 = null,
      screened_addresses = null,
      tx_hash = null,
      failure_reason = null,
      deferred = false,
      settlement = null,
      attempts = 0,
      next_attempt_at = null,
      last_error = null,
      last_refusal = null,
      claimed_by = null,
      claimed_at = null,
      reserved_at = now(),
      served_at = null,
      ended_at = null,
      updated_at = now()
    where (p.status in ('reserved', 'released') and p.authorization_expires_at <= now())
      or (p.status = 'released' and p.unsettled_ends < $9::integer)
    returning 1
  )
  select case
    when exists (select 1 from attempt) then 'reserved'
    else coalesce((
      select case
        when status in ('reserved', 'served') then 'in_use'
        when status = 'released' then 'exhausted'
        else 'used' end
      from payments where ${KEY}), 'in_use')
  end as result`;

/** reserved → served, with what the answer used ($5 dataset, $6 screened addresses or null). */
export const MARK_SERVED = `
  update payments set status = 'served', served_at = now(), updated_at = now(),
    dataset_sha256 = $5, screened_addresses = $6::text[]
  where ${KEY} and status = 'reserved'
  returning id`;

/** reserved | served → settling: the settlement is sent; the authorization is used from now on. */
export const MARK_SETTLING = `
  update payments set status = 'settling', updated_at = now()
  where ${KEY} and status in ('reserved', 'served')
  returning id`;

/**
 * → settled with its transaction ($5). Also from failed: a settlement reported failed (a
 * facilitator that timed out) may still be found on chain.
 */
export const MARK_SETTLED = `
  update payments set status = 'settled', tx_hash = $5, failure_reason = null,
    ended_at = now(), updated_at = now()
  where ${KEY} and status in ('reserved', 'served', 'settling', 'failed')
  returning id`;

/** → failed, with the reason ($5): the settlement did not happen, or its outcome is unknown. */
export const MARK_FAILED = `
  update payments set status = 'failed', failure_reason = $5, ended_at = now(), updated_at = now()
  where ${KEY} and status in ('reserved', 'served', 'settling')
  returning id`;

/**
 * reserved | served → released: it ended without payment before any settlement was sent; the
 * authorization may be tried again, and the end is counted.
 */
export const RELEASE = `
  update payments set status = 'released', unsettled_ends = unsettled_ends + 1,
    ended_at = now(), updated_at = now()
  where ${KEY} and status in ('reserved', 'served')
  returning id`;

/** A reservation refused before anything ran leaves no row. */
export const FORGET = `delete from payments where ${KEY} and status = 'reserved' returning id`;

export const RECORD_COLUMNS = `
  id::text as id, payment_id as "paymentId", network, asset, payer, nonce, operation, amount::text as amount,
  request_id as "requestId", status, unsettled_ends as "unsettledEnds",
  ${iso("authorization_expires_at")} as "authorizationExpiresAt",
  dataset_sha256 as "datasetSha256", screened_addresses as query, tx_hash as "txHash",
  failure_reason as "failureReason", fault, deferred, attempts, last_error as "lastError",
  last_refusal as "lastRefusal", ${iso("next_attempt_at")} as "nextAttemptAt",
  ${iso("reserved_at")} as "reservedAt",
  ${iso("served_at")} as "servedAt", ${iso("ended_at")} as "endedAt",
  ${iso("updated_at")} as "updatedAt"`;

export const FIND = `select ${RECORD_COLUMNS} from payments where ${KEY}`;

/** Served or settling, oldest first ($1 rows at most). */
export const PENDING = `
  select ${RECORD_COLUMNS} from payments
  where status in ('served', 'settling') order by reserved_at limit $1`;

/**
 * How many payments are served or settling, and how long the oldest has waited since its answer
 * (seconds, on the database's clock; null when none waits): one aggregate on the partial index of
 * unfinished payments, however many are pending.
 */
export const PENDING_SUMMARY = `
  select count(*)::int as count,
    extract(epoch from (now() - min(coalesce(served_at, reserved_at))))::float8 as "oldestSeconds"
  from payments where status in ('served', 'settling')`;

/** Failed, newest first ($1 rows at most). */
export const FAILED = `
  select ${RECORD_COLUMNS} from payments
  where status = 'failed' order by reserved_at desc limit $1`;

/** Per UTC day and operation, over the last $1 days (today included), newest day first. */
export const TOTALS = `
  select to_char(reserved_at at time zone 'UTC', 'YYYY-MM-DD') as day, operation,
    (count(*) filter (where status = 'settled'))::int as settled,
    (coalesce(sum(amount) filter (where status = 'settled'), 0))::text as "settledAmount",
    (count(*) filter (where status in ('served', 'settling')))::int as pending,
    (count(*) filter (where status = 'failed'))::int as failed,
    (count(*) filter (where status = 'released'))::int as released
  from payments
  where reserved_at >= (date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')
    - make_interval(days => $1::integer - 1)
  group by 1, 2
  order by 1 desc, 2`;
