/** One step of the schema: applied once, in order, recorded in `ledger_migrations`. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  /** Its statements, run one by one (both drivers take one statement per query). */
  readonly statements: readonly string[];
}

/**
 * The ledger's schema, oldest first. Never edit an applied step: add the next one. The same SQL
 * runs on PGlite and on a PostgreSQL server.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "payments",
    statements: [
      // One row per payment, keyed by its authorization (network, asset, payer, nonce: lower-cased
      // hex, compared as numbers): the unique key is what makes one authorization one payment
      // across every replica. Amounts are atomic units of the asset (USDC: 6 decimals); an
      // EIP-3009 value is a uint256, so numeric(78, 0) holds any of them exactly.
      `create table payments (
        id bigint generated always as identity primary key,
        network text not null check (network <> '' and network = lower(network)),
        asset text not null check (asset <> '' and asset = lower(asset)),
        payer text not null check (payer <> '' and payer = lower(payer)),
        nonce text not null check (nonce <> '' and nonce = lower(nonce)),
        operation text not null check (operation <> '' and char_length(operation) <= 200),
        amount numeric(78, 0) not null check (amount >= 0),
        request_id text check (char_length(request_id) <= 200),
        status text not null default 'reserved'
          check (status in ('reserved', 'served', 'settling', 'settled', 'failed', 'released')),
        unsettled_ends integer not null default 0 check (unsettled_ends >= 0),
        authorization_expires_at timestamptz not null,
        dataset_sha256 text check (dataset_sha256 ~ '^[0-9a-f]{64}$'),
        screened_addresses text[],
        tx_hash text check (tx_hash <> '' and tx_hash = lower(tx_hash)),
        failure_reason text,
        reserved_at timestamptz not null default now(),
        served_at timestamptz,
        ended_at timestamptz,
        updated_at timestamptz not null default now(),
        constraint payments_authorization_key unique (network, asset, payer, nonce),
        constraint payments_settled_has_tx check (status <> 'settled' or tx_hash is not null)
      )`,
      // Totals by day and operation read a range of days.
      "create index payments_by_day on payments (reserved_at, operation)",
      // Pending and failed settlements: few rows among many settled ones.
      `create index payments_unfinished on payments (status, reserved_at)
        where status in ('served', 'settling', 'failed')`,
    ],
  },
  {
    version: 2,
    name: "settlement-after-response",
    statements: [
      // The id a caller is given for a payment (never the row's sequence number: a receipt is
      // found by its id alone, so it must not be guessable from another one).
      "alter table payments add column payment_id text",
      "update payments set payment_id = 'pay_' || replace(gen_random_uuid()::text, '-', '')",
      `alter table payments alter column payment_id
        set default 'pay_' || replace(gen_random_uuid()::text, '-', '')`,
      "alter table payments alter column payment_id set not null",
      "create unique index payments_payment_id on payments (payment_id)",
      // Settled after the answer: the payment (the signed authorization and the requirements it
      // was verified against) is kept until its settlement ends, then dropped.
      "alter table payments add column deferred boolean not null default false",
      "alter table payments add column settlement jsonb",
      "alter table payments add column attempts integer not null default 0",
      "alter table payments add column next_attempt_at timestamptz",
      // The last attempt's failure; `last_refusal` when the network refused it (the payer's
      // balance, a used nonce): the payer is not served again until the payment settles.
      "alter table payments add column last_error text",
      "alter table payments add column last_refusal text",
      // Which process is settling it, since when: a claim older than its lease is taken over.
      "alter table payments add column claimed_by text",
      "alter table payments add column claimed_at timestamptz",
      `create index payments_deferred_due on payments (next_attempt_at)
        where deferred and status in ('served', 'settling')`,
      // A payer's unsettled and failed payments, read before each deferred answer.
      `create index payments_open_by_payer on payments (payer)
        where status in ('reserved', 'served', 'settling', 'failed')`,
    ],
  },
  {
    version: 3,
    name: "list-editions",
    statements: [
      // The sanctions list's editions, shared by every replica on one server: one row per
      // distinct edition (its SHA-256), the edition itself in the snapshot format of
      // @svc/ofac-index. The newest (by date, then the last stored) is the one served. Read and
      // written by @svc/edition-store, which runs on this database and its migrations.
      `create table list_editions (
        dataset_sha256 text primary key check (dataset_sha256 ~ '^[0-9a-f]{64}$'),
        dataset_date date not null,
        address_count integer not null check (address_count >= 0),
        stored_at timestamptz not null,
        snapshot text not null
      )`,
      "create index list_editions_newest on list_editions (dataset_date desc, stored_at desc)",
    ],
  },
  {
    version: 4,
    name: "loss-bound",
    statements: [
      // Whose doing a failed settlement after the answer was: the payer's (their balance moved
      // away, the authorization cancelled or used elsewhere: read on chain) or the operator's
      // (the facilitator down or refusing a payment the payer could pay, its gas, expiry while
      // the service could not settle). Only the payer's blocks the payer; an operator records a
      // payer blocked in error as the operator's doing (`svc-ledger unblock`).
      `alter table payments add column fault text check (fault in ('payer', 'operator'))`,
      `update payments set fault = case when last_refusal is null then 'operator' else 'payer' end
        where status = 'failed' and deferred`,
      // What answering first risks across every payer, read at each admission after the answer:
      // payments answered (or admitted) and not settled, and recent ones their payers failed.
      `create index payments_deferred_exposure on payments (ended_at)
        where deferred and (status in ('reserved', 'served', 'settling')
          or (status = 'failed' and fault = 'payer'))`,
    ],
  },
  {
    version: 5,
    name: "attestation-archive",
    statements: [
      // Every attestation the service issued, by its fingerprint (the lower-case hex SHA-256 of
      // the compact JWS, which documents print and their QR codes name): the free lookup
      // answers it with its verdict. Kept for the retention period from its instant, then
      // deleted (ATTESTATION_RETENTION_DAYS).
      `create table attestations (
        fingerprint text primary key check (fingerprint ~ '^[0-9a-f]{64}$'),
        jws text not null check (jws <> ''),
        issued_at timestamptz not null
      )`,
      "create index attestations_by_instant on attestations (issued_at)",
    ],
  },
  {
    version: 6,
    name: "solana-payments",
    statements: [
      // Solana payments: their network's genesis hash, mint, payer, message hash and transaction
      // signature are base58, which is case-sensitive (lower-casing one names another). The key
      // parts and the transaction are lower-case on EVM networks as before, and kept as given
      // elsewhere.
      "alter table payments drop constraint payments_network_check",
      "alter table payments drop constraint payments_asset_check",
      "alter table payments drop constraint payments_payer_check",
      "alter table payments drop constraint payments_nonce_check",
      "alter table payments drop constraint payments_tx_hash_check",
      `alter table payments add constraint payments_key_spelling check (
        network <> '' and asset <> '' and payer <> '' and nonce <> ''
        and (network not like 'eip155:%' or (network = lower(network) and asset = lower(asset)
          and payer = lower(payer) and nonce = lower(nonce))))`,
      `alter table payments add constraint payments_tx_spelling check (
        tx_hash <> '' and (network not like 'eip155:%' or tx_hash = lower(tx_hash)))`,
    ],
  },
  {
    version: 7,
    name: "monitors",
    statements: [
      // Wallet monitors: owned by the wallet that paid for them (a CAIP-10 account id; there are
      // no accounts), each with its webhook and its secret (shown once; kept to sign with),
      // active until `paid_until`, its events' attestations bound to `payment` (the authorization
      // of its creation or latest extension). A deleted monitor keeps its row for its log.
      `create table monitors (
        id text primary key check (id ~ '^mon_[A-Za-z0-9_-]{16,64}$'),
        owner text not null check (owner <> ''),
        label text,
        webhook_url text not null check (webhook_url <> ''),
        secret text not null check (secret like 'whsec_%'),
        asset text,
        payment jsonb not null,
        status text not null check (status in ('active', 'paused', 'deleted')),
        endpoint_disabled_at timestamptz,
        paid_until timestamptz not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`,
      "create index monitors_by_owner on monitors (owner, created_at)",
      // Each monitored address, with what its monitor was last told of it (the listing and the
      // edition): the next edition's events compare with that. Found by canonical address.
      `create table monitor_addresses (
        monitor_id text not null references monitors (id) on delete cascade,
        normalized_address text not null check (normalized_address <> ''),
        address text not null check (address <> ''),
        listing jsonb not null,
        edition_date text not null,
        edition_sha256 text not null check (edition_sha256 ~ '^[0-9a-f]{64}$'),
        primary key (monitor_id, normalized_address)
      )`,
      "create index monitor_addresses_by_address on monitor_addresses (normalized_address)",
      // The edition the monitors were last brought to: one row, locked while a replica re-screens,
      // so each edition change is re-screened once whichever replica hears of it first.
      `create table monitor_cursor (
        id integer primary key check (id = 1),
        edition_date text not null,
        edition_sha256 text not null check (edition_sha256 ~ '^[0-9a-f]{64}$'),
        updated_at timestamptz not null
      )`,
      // The transactional outbox: every webhook message, written in the transaction that made
      // its event, delivered by any replica (claimed for a lease, FOR UPDATE SKIP LOCKED).
      // `attempts` counts this round's (the retry schedule's index; a replay starts a new round),
      // `attempted` every attempt made.
      `create table webhook_messages (
        id text primary key check (id ~ '^msg_[A-Za-z0-9_-]{16,64}$'),
        monitor_id text not null references monitors (id) on delete cascade,
        event_type text not null check (event_type <> ''),
        body text not null,
        created_at timestamptz not null,
        status text not null check (status in ('pending', 'delivered', 'failed', 'cancelled')),
        attempts integer not null default 0,
        attempted integer not null default 0,
        next_attempt_at timestamptz,
        claimed_until timestamptz,
        last_status integer,
        last_error text
      )`,
      "create index webhook_messages_due on webhook_messages (next_attempt_at) where status = 'pending'",
      "create index webhook_messages_by_monitor on webhook_messages (monitor_id, created_at)",
      // The delivery log: one row per attempt.
      `create table webhook_attempts (
        message_id text not null references webhook_messages (id) on delete cascade,
        attempt integer not null check (attempt >= 1),
        attempted_at timestamptz not null,
        status integer,
        error text,
        duration_ms integer not null,
        response text,
        primary key (message_id, attempt)
      )`,
    ],
  },
  {
    version: 8,
    name: "sign-in nonces",
    statements: [
      // The nonces of Sign-In-With-X proofs already used (the monitors' owner API): each proof
      // is taken once, by whichever replica sees it first. A row is kept until the proof could
      // no longer be fresh (`expires_at`), then pruned.
      `create table sign_in_nonces (
        account text not null check (account <> ''),
        nonce text not null check (nonce <> ''),
        expires_at timestamptz not null,
        primary key (account, nonce)
      )`,
      "create index sign_in_nonces_expiry on sign_in_nonces (expires_at)",
      // A wallet's monitors on every chain of its namespace (an EVM key owns its address on
      // each EVM chain): found by the owner's namespace and address, whatever its chain.
      `create index monitors_by_wallet on monitors
        (split_part(owner, ':', 1), split_part(owner, ':', 3), created_at)`,
    ],
  },
];
