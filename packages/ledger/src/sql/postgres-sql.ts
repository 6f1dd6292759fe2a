import { Client, Pool, type PoolClient } from "pg";
import { channelName, type Sql, type SqlListening, type SqlQuery, type SqlRow } from "./sql.js";

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
    async session(work) {
      const client = await pool.connect();
      // The server may drop the connection while the work holds it (a restart, a terminated
      // backend): its next statement fails, and the event must not end the process.
      const dropped = () => {};
      client.on("error", dropped);
      try {
        return await work({ query: queryOf(client) });
      } finally {
        client.off("error", dropped);
        // Closed, not returned to the pool: session state (a lock) never outlives the work.
        client.release(true);
      }
    },
    listen: (channel, onPayload) => listenOn(url, channelName(channel), onPayload),
    close: () => pool.end(),
  };
}

/** `LISTEN` on a connection of its own (a pooled one could be handed to another statement). */
async function listenOn(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<SqlListening> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  let end: (reason: Error | undefined) => void = () => {};
  const ended = new Promise<Error | undefined>((resolve) => {
    end = resolve;
  });
  // A dropped connection emits "error" then "end": either ends the listening (a listener on
  // "error" also keeps it from ending the process).
  client.on("error", (error) => end(error));
  let stopping = false;
  client.on("end", () => end(stopping ? undefined : new Error("the listening connection ended")));
  client.on("notification", (message) => {
    if (message.channel === channel) onPayload(message.payload ?? "");
  });
  try {
    await client.connect();
    await client.query(`listen ${channel}`);
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    ended,
    unlisten() {
      stopping = true;
      closing ??= client.end().then(
        () => end(undefined),
        () => end(undefined),
      );
      return closing;
    },
  };
}
