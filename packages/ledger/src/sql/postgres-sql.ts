import { Pool, type PoolClient } from "pg";
import type { Sql, SqlQuery, SqlRow } from "./sql.js";

/** Connections the pool opens at most (each replica has its own pool). */
const POOL_SIZE = 10;
/** How long opening a connection may take before the query fails (an unreachable server). */
const CONNECT_TIMEOUT_MS = 10_000;

const queryOf = (client: Pool | PoolClient): SqlQuery["query"] =>
  async function query<Row extends SqlRow>(text: string, params: readonly unknown[] = []) {
    return client.query<Row>(text, [...params]);
  };

/**
 * A PostgreSQL server through a node-postgres pool (`postgres://user@host:port/db`). Statements
 * run on any pooled connection; a transaction holds one connection until it ends.
 */
export function postgresSql(url: string): Sql {
  const pool = new Pool({
    connectionString: url,
    max: POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // An idle connection the server dropped is discarded by the pool and reopened on demand; the
  // event must have a listener or it would end the process.
  pool.on("error", () => {});
  return {
    engine: "postgres",
    query: queryOf(pool),
    async transaction(work) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query("begin");
        const result = await work({ query: queryOf(client) });
        await client.query("commit");
        return result;
      } catch (error) {
        await client.query("rollback").catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      } finally {
        // A connection whose rollback failed is in an unknown state: destroyed, not reused.
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
