import { PGlite, type Transaction } from "@electric-sql/pglite";
import { lockDirectory } from "./directory-lock.js";
import { channelName, type Sql, type SqlQuery, type SqlRow } from "./sql.js";

/** Where an embedded database lives: a directory, or this process's memory (gone at close). */
export type PgliteLocation = { readonly dir: string } | "memory";

const queryOf = (db: PGlite | Transaction): SqlQuery["query"] =>
  async function query<Row extends SqlRow>(text: string, params: readonly unknown[] = []) {
    return db.query<Row>(text, [...params]);
  };

/**
 * PostgreSQL compiled to WebAssembly, in this process: nothing to install. One connection, so
 * statements run one at a time and a transaction holds the database until it ends. A directory
 * is held by one process at a time (a lock file beside it): two PGlite instances writing one
 * directory would corrupt it. The first open of a new directory creates the cluster (seconds);
 * later opens take about a second.
 */
export async function pgliteSql(location: PgliteLocation): Promise<Sql> {
  const unlock = location === "memory" ? async () => {} : await lockDirectory(location.dir);
  let db: PGlite;
  try {
    db = location === "memory" ? await PGlite.create() : await PGlite.create(location.dir);
  } catch (error) {
    await unlock();
    throw error;
  }
  return {
    engine: "pglite",
    query: queryOf(db),
    transaction: (work) => db.transaction((tx) => work({ query: queryOf(tx) })),
    session: (work) => work({ query: queryOf(db) }),
    async listen(channel, onPayload) {
      const stop = await db.listen(channelName(channel), onPayload);
      let end: (reason: Error | undefined) => void = () => {};
      const ended = new Promise<Error | undefined>((resolve) => {
        end = resolve;
      });
      return {
        ended,
        async unlisten() {
          await stop().catch(() => {});
          end(undefined);
        },
      };
    },
    async close() {
      try {
        await db.close();
      } finally {
        await unlock();
      }
    },
  };
}
