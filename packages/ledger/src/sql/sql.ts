/** A value a statement's `$n` parameter takes. */
export type SqlParam = string | number | boolean | null | Date | readonly string[];

/** A row as the driver returns it: column names to values. */
export type SqlRow = Record<string, unknown>;

/** A channel name `LISTEN` takes as is: a lower-case SQL identifier. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** The channel, checked: it is written into `LISTEN` (an identifier cannot be a parameter). */
export function channelName(channel: string): string {
  if (!CHANNEL_NAME.test(channel)) {
    throw new RangeError(
      `a channel must be a lower-case SQL identifier, got ${JSON.stringify(channel)}`,
    );
  }
  return channel;
}

/** What runs one statement: a connection, a pool, or an open transaction. */
export interface SqlQuery {
  /** Runs one statement with `$1…$n` parameters; both drivers answer `{ rows }`. */
  query<Row extends SqlRow>(
    text: string,
    params?: readonly SqlParam[],
  ): Promise<{ readonly rows: Row[] }>;
}

/** A channel listened on: ends when its connection does (then listen again). */
export interface SqlListening {
  /** Resolves when the connection ends (the server dropped it, or `unlisten`): the reason, if any. */
  readonly ended: Promise<Error | undefined>;
  /** Stops listening and closes the connection. */
  unlisten(): Promise<void>;
}

/**
 * The one interface the ledger speaks: node-postgres and PGlite both answer
 * `query(text, params) → { rows }`, so the same SQL runs on a PostgreSQL server and on the
 * embedded PGlite. Column types the two parse differently (int8, numeric) are selected as text
 * or int4; timestamps come back as `Date` from both.
 */
export interface Sql extends SqlQuery {
  /** Which engine answers: the embedded PGlite or a PostgreSQL server. */
  readonly engine: "pglite" | "postgres";
  /** Runs `work` in one transaction on one connection: committed if it resolves, else rolled back. */
  transaction<T>(work: (tx: SqlQuery) => Promise<T>): Promise<T>;
  /**
   * Runs `work` on one connection held for it alone, outside a transaction: what session state
   * (a session advisory lock) needs. The connection is closed afterwards, never reused, so its
   * state cannot outlive the work. PGlite has a single connection: `work` shares it.
   */
  session<T>(work: (conn: SqlQuery) => Promise<T>): Promise<T>;
  /**
   * Hears `NOTIFY`s on `channel` (a lower-case SQL identifier) on a connection of its own, until
   * `unlisten` or until that connection ends (see `ended`).
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<SqlListening>;
  /** Closes the connections (and, for PGlite, the database and its directory lock). */
  close(): Promise<void>;
}
