import { RECORD_COLUMNS } from "../ledger/payment-statements.js";

/** The authorization's key: parameters $1…$4 of every statement on one payment. */
const KEY = "network = $1 and asset = $2 and payer = $3 and nonce = $4";
/** One payer's payments of one asset: parameters $1…$3. */
const PAYER = "network = $1 and asset = $2 and payer = $3";

/**
 * Serializes the admission of one payer's payments across connections and replicas, until the
 * transaction ends ($1 network, $2 asset, $3 payer): two requests of one payer never both count
 * the other out.
 */
export const LOCK_PAYER = `
  select pg_advisory_xact_lock(hashtextextended($1 || '|' || $2 || '|' || $3, 0))`;

/**
 * Serializes every admission after the answer across connections and replicas, until the
 * transaction ends: the sum of what is answered and unsettled (OUTSTANDING) is read and added to
 * by one admission at a time, so replicas together never exceed the operator's cap. Taken after
 * LOCK_PAYER, always in that order.
 */
export const LOCK_OUTSTANDING = `
  select pg_advisory_xact_lock(hashtextextended('svc|deferred-outstanding', 0))`;

/** How many of a payer's settled payments are summed for their history (bounded work). */
const PAID_HISTORY_ROWS = 1000;

/**
 * What stands between a payer and an answer before settlement ($1…$4 the payment's key):
 *
 * - blocked: a payment of theirs answered first was refused by the network for a reason that is
 *   theirs (their balance moved away, the authorization cancelled) and is not settled, still
 *   retried, or failed for good as their doing. A payment that failed because of the facilitator,
 *   its gas or the service does not count against them.
 * - unsettled: what they owe, the sum of their other payments answered first and not settled yet
 *   (served, settling, and reserved ones admitted after the answer: marked under the payer's lock,
 *   so of two admissions of one payer the second counts the first), in atomic units;
 * - committed: the sum of all their other payments that will draw on their balance (reserved,
 *   served or settling, answered first or not);
 * - paid: what they have paid, settled on chain (the sum of up to PAID_HISTORY_ROWS settled
 *   payments): a payer never owes more than that, so a fresh wallet's first calls settle first.
 */
export const PAYER_EXPOSURE = `
  select
    exists (
      select 1 from payments where ${PAYER} and deferred and (
        (status in ('served', 'settling') and last_refusal is not null)
        or (status = 'failed' and fault = 'payer'))
    ) as blocked,
    coalesce((
      select sum(amount) from payments where ${PAYER} and nonce <> $4 and deferred
        and status in ('reserved', 'served', 'settling')
    ), 0)::text as unsettled,
    coalesce((
      select sum(amount) from payments where ${PAYER} and nonce <> $4
        and status in ('reserved', 'served', 'settling')
    ), 0)::text as committed,
    coalesce((
      select sum(amount) from (
        select amount from payments where ${PAYER} and status = 'settled'
        limit ${PAID_HISTORY_ROWS}
      ) history
    ), 0)::text as paid`;

/** How long a payment its payer failed to pay counts against the cap: the cap bounds a day's loss. */
const LOSS_WINDOW = "24 hours";

/**
 * What answering first risks now, across every payer (read under LOCK_OUTSTANDING): payments
 * answered or admitted after the answer and not settled, and those their payers failed to pay in
 * the last LOSS_WINDOW, in atomic units.
 */
export const OUTSTANDING = `
  select coalesce(sum(amount), 0)::text as outstanding from payments
  where deferred and (status in ('reserved', 'served', 'settling')
    or (status = 'failed' and fault = 'payer' and ended_at > now() - interval '${LOSS_WINDOW}'))`;

/** reserved → reserved and to be settled after the answer. */
export const MARK_DEFERRED = `
  update payments set deferred = true, updated_at = now()
  where ${KEY} and status = 'reserved'
  returning id`;

/**
 * reserved (deferred) → served, with what the answer used ($5 dataset, $6 addresses or null) and
 * the payment to settle ($7, JSON): due at once.
 */
export const RECORD_DEFERRED = `
  update payments set status = 'served', served_at = now(), updated_at = now(),
    dataset_sha256 = $5, screened_addresses = $6::text[], settlement = $7::jsonb,
    next_attempt_at = now()
  where ${KEY} and status = 'reserved' and deferred
  returning payment_id as "paymentId"`;

const CLAIMED = `
  p.id::text as id, p.payment_id as "paymentId", p.network, p.asset, p.payer, p.nonce,
  p.settlement, p.attempts, due.previous_attempts as "previousAttempts",
  p.amount::text as amount, (p.authorization_expires_at <= now()) as expired,
  p.last_error as "lastError", p.last_refusal as "lastRefusal"`;

/**
 * Claims payments due for settlement ($1 the claimant, $2 the lease in seconds, $3 how many):
 * served ones whose next attempt is due, and settling ones whose claim is at least as old as the
 * lease (their settler stopped). "At least": a lease of 0 takes over any earlier claim, though
 * PGlite's clock may not move between two statements. Each is claimed by one claimant: rows
 * another transaction holds are skipped.
 */
export const CLAIM_DUE = `
  with due as (
    select id, attempts as previous_attempts from payments
    where deferred and (
      (status = 'served' and next_attempt_at <= now())
      or (status = 'settling' and claimed_at <= now() - make_interval(secs => $2::double precision))
    )
    order by next_attempt_at
    limit $3::integer
    for update skip locked
  )
  update payments p set status = 'settling', claimed_by = $1, claimed_at = now(),
    attempts = p.attempts + 1, updated_at = now()
  from due where p.id = due.id
  returning ${CLAIMED}`;

/**
 * Gives back every claim of a claimant ($1) that restarted: the claims of its previous run, whose
 * attempts' outcomes it never recorded. They are due again at once, keeping their attempt count,
 * so each is claimed once more, by one sweep, and looked up on chain before it is sent again.
 */
export const RELEASE_OWN = `
  update payments set status = 'served', claimed_by = null, claimed_at = null,
    next_attempt_at = now(), updated_at = now()
  where deferred and status = 'settling' and claimed_by = $1
  returning id`;

/** Claims one served payment ($1…$4 its key, $5 the claimant): settled right after its answer. */
export const CLAIM_ONE = `
  with due as (
    select id, attempts as previous_attempts from payments
    where ${KEY} and deferred and status = 'served'
    for update skip locked
  )
  update payments p set status = 'settling', claimed_by = $5, claimed_at = now(),
    attempts = p.attempts + 1, updated_at = now()
  from due where p.id = due.id
  returning ${CLAIMED}`;

/**
 * A claimed payment settled ($1 id, $2 claimant, $3 transaction): the stored payment is dropped.
 * Answers how long after its answer it settled, in seconds, on the database's one clock.
 */
export const SETTLED = `
  update payments set status = 'settled', tx_hash = $3, failure_reason = null, last_error = null,
    last_refusal = null, settlement = null, claimed_by = null, claimed_at = null,
    ended_at = now(), updated_at = now()
  where id = $1::bigint and status = 'settling' and claimed_by = $2
  returning id,
    extract(epoch from (now() - coalesce(served_at, reserved_at)))::float8 as "lagSeconds"`;

/**
 * A claimed payment not settled this time ($1 id, $2 claimant, $3 error, $4 the network's
 * refusal or null, $5 seconds until the next attempt): served again, due later.
 */
export const RETRY_LATER = `
  update payments set status = 'served', last_error = $3, last_refusal = $4,
    next_attempt_at = now() + make_interval(secs => $5::double precision),
    claimed_by = null, claimed_at = null, updated_at = now()
  where id = $1::bigint and status = 'settling' and claimed_by = $2
  returning id`;

/**
 * A claimed payment that can no longer be settled ($1 id, $2 claimant, $3 reason, $4 whose doing:
 * 'payer' or 'operator').
 */
export const GIVE_UP = `
  update payments set status = 'failed', failure_reason = $3, fault = $4, settlement = null,
    next_attempt_at = null, claimed_by = null, claimed_at = null, ended_at = now(),
    updated_at = now()
  where id = $1::bigint and status = 'settling' and claimed_by = $2
  returning id`;

/** A payment by the id its caller was given ($1). */
export const BY_PAYMENT_ID = "where payment_id = $1";

/**
 * A failed payment its payer paid out of band, as the operator records it ($1 payment id, $2 the
 * transaction that paid it, lower-cased on an EVM network as the other hashes are): settled with
 * that transaction, what it failed of kept in last_error
 * ("paid out of band: <reason>") and the network's refusal kept as it was. A settled payment
 * blocks nobody, so its payer is served again. Only from failed; resolves to the settled record.
 */
export const PAID_OUT_OF_BAND = `
  update payments set status = 'settled',
    tx_hash = case when network like 'eip155:%' then lower($2) else $2 end,
    last_error = 'paid out of band: ' || coalesce(failure_reason, 'no reason recorded'),
    failure_reason = null, settlement = null, next_attempt_at = null, claimed_by = null,
    claimed_at = null, ended_at = now(), updated_at = now()
  where payment_id = $1 and status = 'failed'
  returning ${RECORD_COLUMNS}`;

/**
 * A failed payment recorded as the operator's doing ($1 payment id, $2 why): it stays failed and
 * unpaid (no transaction is invented), and no longer blocks its payer or counts against the cap.
 * Only from failed; resolves to the record.
 */
export const UNBLOCK = `
  update payments set fault = 'operator',
    last_error = 'unblocked by the operator: ' || $2 || coalesce(' (was: ' || failure_reason || ')', ''),
    updated_at = now()
  where payment_id = $1 and status = 'failed'
  returning ${RECORD_COLUMNS}`;
