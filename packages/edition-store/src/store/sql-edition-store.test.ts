import { migrate, pgliteSql, type Sql } from "@svc/ledger";
import type { SdnIndex } from "@svc/ofac-index";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { editions } from "../test-support/editions.js";
import { SqlEditionStore } from "./sql-edition-store.js";

const LAZARUS_ETH = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";

let sql: Sql;
let store: SqlEditionStore;
let e: Awaited<ReturnType<typeof editions>>;

beforeAll(async () => {
  [sql, e] = await Promise.all([pgliteSql("memory"), editions()]);
  await migrate(sql);
  store = new SqlEditionStore(sql);
});
afterAll(async () => {
  await sql?.close();
});

const shaOf = (index: SdnIndex | undefined) => index?.meta.datasetSha256;

describe("SqlEditionStore (PGlite)", () => {
  it("empty: no latest, no summaries, nothing by SHA-256", async () => {
    expect(await store.latest()).toBeUndefined();
    expect(await store.summaries()).toEqual([]);
    expect(await store.bySha(e.current.meta.datasetSha256)).toBeUndefined();
    expect(await store.all()).toEqual([]);
  });

  it("stores an edition once: a second put of the same SHA-256 creates nothing", async () => {
    const first = await store.put(e.current, new Date("2026-11-01T00:00:00.000Z"));
    expect(first).toEqual({
      created: true,
      location: `list_editions/${e.current.meta.datasetSha256}`,
    });
    expect((await store.put(e.current, new Date())).created).toBe(false);
    expect(await store.summaries()).toEqual([
      {
        datasetDate: e.current.meta.datasetDate,
        datasetSha256: e.current.meta.datasetSha256,
        addressCount: e.current.addressCount,
        storedAt: "2026-11-01T00:00:00.000Z",
      },
    ]);
  });

  it("an edition read back screens as the stored one did, with its provenance", async () => {
    const read = await store.bySha(e.current.meta.datasetSha256.toUpperCase());
    expect(read?.meta).toEqual(e.current.meta);
    expect(read?.provenance).toEqual(e.current.provenance);
    expect(read?.screen(LAZARUS_ETH).summary.status).toBe("match");
    expect(await store.bySha("not a sha")).toBeUndefined();
  });

  it("latest is the newest date, then the last stored; notAfter passes over later editions", async () => {
    await store.put(e.older, new Date("2026-11-02T00:00:00.000Z"));
    expect(shaOf(await store.latest())).toBe(e.current.meta.datasetSha256);
    await store.put(e.republished, new Date("2026-11-03T00:00:00.000Z"));
    expect(shaOf(await store.latest())).toBe(e.republished.meta.datasetSha256);
    await store.put(e.future, new Date("2026-11-04T00:00:00.000Z"));
    expect(shaOf(await store.latest())).toBe(e.future.meta.datasetSha256);
    expect(shaOf(await store.latest(e.current.meta.datasetDate))).toBe(
      e.republished.meta.datasetSha256,
    );
    expect((await store.summaries()).map((s) => s.datasetSha256)).toEqual([
      e.future.meta.datasetSha256,
      e.republished.meta.datasetSha256,
      e.current.meta.datasetSha256,
      e.older.meta.datasetSha256,
    ]);
    expect((await store.all()).map((s) => s.edition.meta.datasetSha256)).toEqual([
      e.older.meta.datasetSha256,
      e.current.meta.datasetSha256,
      e.republished.meta.datasetSha256,
      e.future.meta.datasetSha256,
    ]);
  });

  it("a damaged row is never served: latest passes over it to the next", async () => {
    await sql.query(
      'update list_editions set snapshot = \'{"format":"other"}\' where dataset_sha256 = $1',
      [e.republished.meta.datasetSha256],
    );
    expect(await store.bySha(e.republished.meta.datasetSha256)).toBeUndefined();
    expect(shaOf(await store.latest(e.current.meta.datasetDate))).toBe(
      e.current.meta.datasetSha256,
    );
    expect(await store.all()).toHaveLength(3);
  });

  it("the table refuses what is not a SHA-256 key", async () => {
    await expect(
      sql.query(
        "insert into list_editions (dataset_sha256, dataset_date, address_count, stored_at, snapshot) values ('x', '2026-01-01', 0, now(), '')",
      ),
    ).rejects.toThrow(/list_editions_dataset_sha256_check/);
  });
});
