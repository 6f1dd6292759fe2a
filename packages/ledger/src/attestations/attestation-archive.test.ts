import { afterAll, beforeAll, describe } from "vitest";
import { migrate } from "../schema/migrate.js";
import { pgliteSql } from "../sql/pglite-sql.js";
import type { Sql } from "../sql/sql.js";
import { attestationArchiveContract } from "./attestation-archive-contract.js";

let sql: Sql;
beforeAll(async () => {
  sql = await pgliteSql("memory");
  await migrate(sql);
});
afterAll(async () => {
  await sql?.close();
});

describe("AttestationArchive (PGlite)", () => {
  attestationArchiveContract(() => sql);
});
