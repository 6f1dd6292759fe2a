import { pgliteSql, type Sql } from "@svc/ledger";
import type { EditionAnnouncement } from "@svc/ofac-index/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EDITION_REFRESH_LOCK, SqlRefreshCoordinator } from "./sql-refresh-coordinator.js";

const SHA = "a".repeat(64);

let sql: Sql;
beforeAll(async () => {
  sql = await pgliteSql("memory");
});
afterAll(async () => {
  await sql?.close();
});

const advisoryLocks = async () =>
  (
    await sql.query<{ n: number }>(
      "select count(*)::int as n from pg_locks where locktype = 'advisory' and granted",
    )
  ).rows[0]?.n;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, ms = 2000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
}

describe("SqlRefreshCoordinator (PGlite)", () => {
  it("runs the work under the advisory lock and releases it after, even when the work throws", async () => {
    const coordinator = new SqlRefreshCoordinator(sql);
    const outcome = await coordinator.exclusive(async () => {
      const { rows } = await sql.query<{ n: number }>(
        "select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = $1",
        [EDITION_REFRESH_LOCK % 2 ** 32],
      );
      return rows[0]?.n;
    });
    expect(outcome).toEqual({ ran: true, value: 1 });
    expect(await advisoryLocks()).toBe(0);
    await expect(
      coordinator.exclusive(async () => {
        throw new Error("the work failed");
      }),
    ).rejects.toThrow("the work failed");
    expect(await advisoryLocks()).toBe(0);
  });

  it("a second refresh while one runs is not run", async () => {
    const coordinator = new SqlRefreshCoordinator(sql);
    let release: () => void = () => {};
    const first = coordinator.exclusive(
      () =>
        new Promise<string>((resolve) => {
          release = () => resolve("first");
        }),
    );
    await sleep(50);
    expect(await coordinator.exclusive(async () => "second")).toEqual({ ran: false });
    release();
    expect(await first).toEqual({ ran: true, value: "first" });
    expect(await coordinator.exclusive(async () => "third")).toEqual({ ran: true, value: "third" });
  });

  it("an announcement reaches the other coordinators' subscribers, not its own; unsubscribed hears nothing", async () => {
    const a = new SqlRefreshCoordinator(sql);
    const b = new SqlRefreshCoordinator(sql);
    const heardA: EditionAnnouncement[] = [];
    const heardB: EditionAnnouncement[] = [];
    const stopA = a.subscribe((x) => heardA.push(x));
    const stopB = b.subscribe((x) => heardB.push(x));
    try {
      await sleep(100); // both listening
      await a.announce(SHA);
      await until(() => heardB.length > 0);
      expect(heardB).toEqual([{ type: "edition", sha256: SHA }]);
      expect(heardA).toEqual([]);
      // Payloads that are not announcements are ignored.
      await sql.query("select pg_notify('svc_list_editions', 'not json')");
      await stopB();
      await a.announce(SHA);
      await sleep(100);
      expect(heardB).toHaveLength(1);
    } finally {
      await stopA();
      await stopB();
    }
  });
});
