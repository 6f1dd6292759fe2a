import { postgresSql, type Sql } from "@svc/ledger";
import type { EditionAnnouncement } from "@svc/ofac-index/node";
import { type PostgresCluster, startPostgres } from "@svc/test-support/postgres-cluster";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SqlRefreshCoordinator } from "./sql-refresh-coordinator.js";

/** Two replicas' connections to one PostgreSQL server: one holder of the lock, NOTIFY heard. */
const SHA = "b".repeat(64);

let postgres: PostgresCluster;
let a: Sql;
let b: Sql;
beforeAll(async () => {
  postgres = await startPostgres();
  a = postgresSql(postgres.url);
  b = postgresSql(postgres.url);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await postgres?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await sleep(10);
}

describe("SqlRefreshCoordinator on PostgreSQL, two replicas", () => {
  it("while one replica's refresh runs the other's is not run; after it ends, it is", async () => {
    const one = new SqlRefreshCoordinator(a);
    const other = new SqlRefreshCoordinator(b);
    let release: () => void = () => {};
    let started = false;
    const first = one.exclusive(
      () =>
        new Promise<string>((resolve) => {
          started = true;
          release = () => resolve("one");
        }),
    );
    await until(() => started);
    expect(await other.exclusive(async () => "other")).toEqual({ ran: false });
    release();
    expect(await first).toEqual({ ran: true, value: "one" });
    expect(await other.exclusive(async () => "other")).toEqual({ ran: true, value: "other" });
  });

  it("of refreshes started on both replicas at once, exactly one runs", async () => {
    const coordinators = [a, b, a, b].map((sql) => new SqlRefreshCoordinator(sql));
    const outcomes = await Promise.all(
      coordinators.map((c, i) => c.exclusive(() => sleep(200).then(() => i))),
    );
    expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
  });

  it("a replica that dies mid-refresh does not keep the lock: its connection's end releases it", async () => {
    const dying = postgresSql(postgres.url);
    const one = new SqlRefreshCoordinator(dying);
    let started = false;
    let finish: () => void = () => {};
    const held = one.exclusive(async () => {
      started = true;
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    await until(() => started);
    await b.query(
      "select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and pid <> pg_backend_pid()",
    );
    // pg_terminate_backend only signals the backend: its lock goes when the backend has ended.
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { rows } = await b.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where pid in (select pid from pg_locks where locktype = 'advisory' and pid <> pg_backend_pid())",
      );
      if (rows[0]?.n === 0 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const other = new SqlRefreshCoordinator(b);
    expect(await other.exclusive(async () => "other")).toEqual({ ran: true, value: "other" });
    finish();
    await held; // its unlock fails on the dropped connection, silently: the lock went with it
    await dying.close();
  }, 20_000);

  it("a NOTIFY from one replica reaches the other's listener; after its connection drops it reconnects and asks for a resync", async () => {
    const sender = new SqlRefreshCoordinator(a);
    const drops: string[] = [];
    const listener = new SqlRefreshCoordinator(b, {
      reconnectBaseMs: 50,
      onListenerEvent: (e) => drops.push(e.reason),
    });
    const heard: EditionAnnouncement[] = [];
    const stop = listener.subscribe((x) => heard.push(x));
    try {
      const listening = async () =>
        (
          await a.query<{ n: number }>(
            "select count(*)::int as n from pg_stat_activity where query ilike 'listen %'",
          )
        ).rows[0]?.n ?? 0;
      const deadline = Date.now() + 5000;
      while ((await listening()) === 0 && Date.now() < deadline) await sleep(20);
      await sender.announce(SHA);
      await until(() => heard.length > 0);
      expect(heard).toEqual([{ type: "edition", sha256: SHA }]);

      await a.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'listen %'",
      );
      await until(() => heard.length > 1);
      expect(drops.length).toBeGreaterThanOrEqual(1);
      expect(heard[1]).toEqual({ type: "resync" });
      await sender.announce(SHA);
      await until(() => heard.length > 2);
      expect(heard[2]).toEqual({ type: "edition", sha256: SHA });
    } finally {
      await stop();
    }
  }, 30_000);
});
