import { PaymentLedger } from "../ledger/payment-ledger.js";
import { migrate } from "../schema/migrate.js";
import { pgliteSql } from "../sql/pglite-sql.js";
import { postgresSql } from "../sql/postgres-sql.js";
import type { Sql } from "../sql/sql.js";

export interface OpenLedgerOptions {
  /** A PostgreSQL server (`postgres://…`): chosen whenever set. */
  readonly databaseUrl?: string | undefined;
  /** Else an embedded PGlite database in this directory; with neither, one in memory. */
  readonly dir?: string | undefined;
  /** Keep the screened addresses of served payments. Default: no. */
  readonly storeQueries?: boolean | undefined;
}

/** The SQL connection the options name: a server, a directory, or memory. */
export function openSql(options: OpenLedgerOptions): Promise<Sql> {
  if (options.databaseUrl !== undefined) return Promise.resolve(postgresSql(options.databaseUrl));
  return pgliteSql(options.dir === undefined ? "memory" : { dir: options.dir });
}

/**
 * Opens the ledger and brings its schema up to date (the migrations run at every open; on a
 * shared server, replicas starting at once migrate one at a time). Close it when done.
 */
export async function openLedger(options: OpenLedgerOptions = {}): Promise<PaymentLedger> {
  const sql = await openSql(options);
  try {
    await migrate(sql);
  } catch (error) {
    await sql.close().catch(() => {});
    throw error;
  }
  return new PaymentLedger(sql, { storeQueries: options.storeQueries });
}
