import { existsSync } from "node:fs";
import { join } from "node:path";
import { PGlite, type PGliteOptions, type Transaction } from "@electric-sql/pglite";
import { lockDirectory } from "./directory-lock.js";
import { pgliteTemplate } from "./pglite-template.js";
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
 * directory would corrupt it. A new database (in memory, or a directory without a cluster yet)
 * starts from the template the build made (`pgliteTemplate`: about a second, where initdb took
 * several); later opens of a directory take about half a second.
 */
export async function pgliteSql(location: PgliteLocation): Promise<Sql> {
  const unlock = location === "memory" ? async () => {} : await lockDirectory(location.dir);
  let db: PGlite;
  try {
    const fresh = location === "memory" || !existsSync(join(location.dir, "PG_VERSION"));
    const template = fresh ? await pgliteTemplate() : undefined;
    const options: PGliteOptions = template === undefined ? {} : { loadDataDir: template };
    db =
      location === "memory"
        ? await PGlite.create(options)
        : await PGlite.create(location.dir, options);
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
