import { migrate, postgresSql, type Sql } from "@svc/ledger";
import {
  SqlRefreshCoordinator,
  type SqlRefreshCoordinatorOptions,
} from "../replicas/sql-refresh-coordinator.js";
import { SqlEditionStore } from "../store/sql-edition-store.js";

/** The list's editions on a shared PostgreSQL: the store, the coordinator, and their close. */
interface SharedEditions {
  readonly store: SqlEditionStore;
  readonly coordinator: SqlRefreshCoordinator;
  /** Closes the connections (stop the loader first). */
  close(): Promise<void>;
}

/**
 * The editions every replica on one PostgreSQL server shares, on connections of their own (a
 * refresh holds one for its lock, the listener another), with the schema brought up to date.
 */
export async function openSharedEditions(
  databaseUrl: string,
  options: SqlRefreshCoordinatorOptions = {},
): Promise<SharedEditions> {
  const sql: Sql = postgresSql(databaseUrl);
  try {
    await migrate(sql);
  } catch (error) {
    await sql.close().catch(() => {});
    throw error;
  }
  return {
    store: new SqlEditionStore(sql),
    coordinator: new SqlRefreshCoordinator(sql, options),
    close: () => sql.close(),
  };
}
