import { type PostgresCluster, startPostgres } from "@svc/test-support/postgres-cluster";
import { afterAll, beforeAll, describe } from "vitest";
import { migrate } from "../schema/migrate.js";
import { postgresSql } from "../sql/postgres-sql.js";
import type { Sql } from "../sql/sql.js";
import { monitorBookContract } from "./monitor-book-contract.js";

let postgres: PostgresCluster;
let sql: Sql;
let second: Sql;
beforeAll(async () => {
  postgres = await startPostgres();
  sql = postgresSql(postgres.url);
  second = postgresSql(postgres.url);
  await migrate(sql);
}, 60_000);
afterAll(async () => {
  await sql?.close();
  await second?.close();
  await postgres?.stop();
});

describe("MonitorBook (PostgreSQL, two replicas' connections)", () => {
  monitorBookContract(
    () => sql,
    () => second,
  );
});
