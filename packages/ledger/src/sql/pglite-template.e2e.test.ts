import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { pgliteSql } from "./pglite-sql.js";
import { loadTemplate, pgliteTemplate } from "./pglite-template.js";

const temp = mkdtempSync(join(tmpdir(), "pglite-template-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** The build's template directory (the tests run after `pnpm build`, as turbo orders them). */
const BUILT = new URL("../../dist/pglite-template/", import.meta.url);

describe("the PGlite template a new embedded database starts from", () => {
  it("is made by the build, for the PGlite installed here", async () => {
    const template = await pgliteTemplate();
    expect(template).toBeInstanceOf(Blob);
    expect(template?.size).toBeGreaterThan(1_000_000);
  });

  it("a new directory starts from it and holds a working cluster, opened again as any other", async () => {
    const dir = join(temp, "ledger");
    const first = await pgliteSql({ dir });
    expect(existsSync(join(dir, "PG_VERSION"))).toBe(true);
    await first.query("create table t (n int)");
    await first.query("insert into t values (42)");
    await first.close();
    const again = await pgliteSql({ dir });
    const { rows } = await again.query<{ n: number }>("select n from t");
    expect(rows).toEqual([{ n: 42 }]);
    await again.close();
  });

  it("an in-memory database starts from it too", async () => {
    const sql = await pgliteSql("memory");
    const { rows } = await sql.query<{ v: string }>("select version() as v");
    expect(rows[0]?.v).toMatch(/^PostgreSQL \d+/);
    await sql.close();
  });

  it("is not used when another PGlite version made it, or when there is none", async () => {
    const other = join(temp, "other-version");
    const manifest = JSON.parse(readFileSync(new URL("manifest.json", BUILT), "utf8"));
    mkdirSync(other);
    writeFileSync(
      join(other, "manifest.json"),
      JSON.stringify({ ...manifest, pgliteVersion: "0.0.1" }),
    );
    writeFileSync(join(other, manifest.file), readFileSync(new URL(manifest.file, BUILT)));
    expect(await loadTemplate(pathToFileURL(`${other}/`))).toBeUndefined();
    expect(await loadTemplate(pathToFileURL(`${join(temp, "none")}/`))).toBeUndefined();
    // The same files under the right version are taken: the version is what was refused.
    writeFileSync(join(other, "manifest.json"), JSON.stringify(manifest));
    expect(await loadTemplate(pathToFileURL(`${other}/`))).toBeInstanceOf(Blob);
  });
});
