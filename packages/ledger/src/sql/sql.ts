/** A value a statement's `$n` parameter takes. */
export type SqlParam = string | number | boolean | null | Date | readonly string[];

/** A row as the driver returns it: column names to values. */
export type SqlRow = Record<string, unknown>;

/** What runs one statement: a connection, a pool, or an open transaction. */
export interface SqlQuery {
  /** Runs one statement with `$1…$n` parameters; both drivers answer `{ rows }`. */
  query<Row extends SqlRow>(
    text: string,
    params?: readonly SqlParam[],
  ): Promise<{ readonly rows: Row[] }>;
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
  /** Closes the connections (and, for PGlite, the database and its directory lock). */
  close(): Promise<void>;
}
