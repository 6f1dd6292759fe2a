import { afterAll, beforeAll, describe } from "vitest";
import { migrate } from "../schema/migrate.js";
import { pgliteSql } from "../sql/pglite-sql.js";
import type { Sql } from "../sql/sql.js";
import { monitorBookContract } from "./monitor-book-contract.js";

let sql: Sql;
beforeAll(async () => {
  sql = await pgliteSql("memory");
  await migrate(sql);
});
afterAll(async () => {
  await sql?.close();
});

describe("MonitorBook (PGlite)", () => {
  monitorBookContract(() => sql);
});
