import { type PostgresCluster, startPostgres } from "@svc/test-support/postgres-cluster";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSql } from "../open/open-ledger.js";
import { postgresSql } from "../sql/postgres-sql.js";
import type { Sql } from "../sql/sql.js";
import { migrate } from "./migrate.js";
import { MIGRATIONS } from "./migrations.js";

let postgres: PostgresCluster;
let admin: Sql;
beforeAll(async () => {
  postgres = await startPostgres();
  admin = postgresSql(postgres.url);
});
afterAll(async () => {
  await admin?.close();
  await postgres?.stop();
});

/** A new empty database on the cluster, and its URL. */
let databases = 0;
const newDatabase = async () => {
  const name = `ledger_${++databases}`;
  await admin.query(`create database ${name}`);
  return postgres.url.replace(/\/postgres$/, `/${name}`);
};

const recorded = async (sql: Sql) =>
  (await sql.query<{ version: number }>("select version from ledger_migrations order by 1")).rows;

/** Every step's version, as `ledger_migrations` records them. */
const ALL = MIGRATIONS.map((m) => ({ version: m.version }));

const BROKEN = {
  version: 99,
  name: "broken",
  statements: ["create table half_done (a integer)", "select no_such_function()"],
};

describe("migrations", () => {
  it("on PGlite: applied once, recorded, and a second run applies nothing", async () => {
    const sql = await openSql({});
    try {
      expect(await migrate(sql)).toEqual(MIGRATIONS.map((m) => m.version));
      expect(await migrate(sql)).toEqual([]);
      expect(await recorded(sql)).toEqual(ALL);
    } finally {
      await sql.close();
    }
  });

  it("on PostgreSQL: of four replicas starting at once, one migrates and the others find it done", async () => {
    const url = await newDatabase();
    const replicas = Array.from({ length: 4 }, () => postgresSql(url));
    try {
      const applied = await Promise.all(replicas.map((sql) => migrate(sql)));
      expect(applied.filter((a) => a.length > 0)).toEqual([MIGRATIONS.map((m) => m.version)]);
      expect(await recorded(replicas[0]!)).toEqual(ALL);
    } finally {
      await Promise.all(replicas.map((sql) => sql.close()));
    }
  });

  it("a step that fails leaves nothing of itself: the transaction rolls back", async () => {
    const url = await newDatabase();
    const sql = postgresSql(url);
    try {
      await migrate(sql);
      await expect(migrate(sql, [...MIGRATIONS, BROKEN])).rejects.toThrow(/no_such_function/);
      expect(await recorded(sql)).toEqual(ALL);
      const { rows } = await sql.query<{ found: string | null }>(
        "select to_regclass('half_done')::text as found",
      );
      expect(rows).toEqual([{ found: null }]);
    } finally {
      await sql.close();
    }
  });

  it("the schema holds its rules in the database too: status, lower-cased keys, one row per authorization", async () => {
    const url = await newDatabase();
    const sql = postgresSql(url);
    try {
      await migrate(sql);
      const insert = (status: string, payer: string) =>
        sql.query(
          `insert into payments (network, asset, payer, nonce, operation, amount, status,
            authorization_expires_at) values ('eip155:8453', '0xa', $1, '0x1', '/v1/screen', 1, $2, now())`,
          [payer, status],
        );
      await expect(insert("lost", "0xb")).rejects.toThrow(/check constraint/);
      await expect(insert("reserved", "0xB")).rejects.toThrow(/check constraint/);
      await insert("reserved", "0xb");
      await expect(insert("reserved", "0xb")).rejects.toThrow(/payments_authorization_key/);
    } finally {
      await sql.close();
    }
  });
});
