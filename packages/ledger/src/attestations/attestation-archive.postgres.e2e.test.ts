import { type PostgresCluster, startPostgres } from "@svc/test-support/postgres-cluster";
import { afterAll, beforeAll, describe } from "vitest";
import { migrate } from "../schema/migrate.js";
import { postgresSql } from "../sql/postgres-sql.js";
import type { Sql } from "../sql/sql.js";
import { attestationArchiveContract } from "./attestation-archive-contract.js";

let postgres: PostgresCluster;
let sql: Sql;
beforeAll(async () => {
  postgres = await startPostgres();
  sql = postgresSql(postgres.url);
  await migrate(sql);
}, 60_000);
afterAll(async () => {
  await sql?.close();
  await postgres?.stop();
});

describe("AttestationArchive (PostgreSQL)", () => {
  attestationArchiveContract(() => sql);
});
