import type { Sql } from "../sql/sql.js";
import { MIGRATIONS, type Migration } from "./migrations.js";

/**
 * The advisory lock every ledger takes while migrating (any constant shared by all replicas):
 * of replicas starting at once on one server, one migrates and the others wait, then find the
 * steps recorded.
 */
const MIGRATION_LOCK = 7_301_202_611;

/**
 * Applies the steps not yet recorded, in one transaction under a transaction-level advisory lock
 * (released at commit or rollback, even if the process dies). Resolves to the versions it
 * applied. Steps recorded by newer code are left alone.
 */
export async function migrate(
  sql: Sql,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<number[]> {
  return sql.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.query(
      `create table if not exists ledger_migrations (
        version integer primary key,
        name text not null,
        applied_at timestamptz not null default now()
      )`,
    );
    const { rows } = await tx.query<{ version: number }>("select version from ledger_migrations");
    const recorded = new Set(rows.map((row) => row.version));
    const applied: number[] = [];
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      if (recorded.has(migration.version)) continue;
      for (const statement of migration.statements) await tx.query(statement);
      await tx.query("insert into ledger_migrations (version, name) values ($1, $2)", [
        migration.version,
        migration.name,
      ]);
      applied.push(migration.version);
    }
    return applied;
  });
}
