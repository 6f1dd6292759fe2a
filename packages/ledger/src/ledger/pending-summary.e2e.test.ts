import { type PostgresCluster, startPostgres } from "@svc/test-support/postgres-cluster";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSql } from "../open/open-ledger.js";
import { migrate } from "../schema/migrate.js";
import type { Sql } from "../sql/sql.js";
import { newAuthorization } from "../test-support/reservation-store-contract.js";
import { PaymentLedger } from "./payment-ledger.js";

/**
 * `pendingSummary()`: the count and the oldest wait of payments served or settling, as one
 * aggregate (what a metrics scrape reads), on a database of its own so nothing else is pending.
 */
let postgres: PostgresCluster;
beforeAll(async () => {
  postgres = await startPostgres();
});
afterAll(async () => {
  await postgres?.stop();
});

const TX = `0x${"CD".repeat(32)}`;

describe.each(["pglite", "postgres"] as const)("PaymentLedger.pendingSummary on %s", (engine) => {
  let sql: Sql;
  let ledger: PaymentLedger;
  beforeAll(async () => {
    sql = await openSql(engine === "postgres" ? { databaseUrl: postgres.url } : {});
    await migrate(sql);
    ledger = new PaymentLedger(sql);
  });
  afterAll(async () => {
    await sql?.close();
  });

  const reserved = async () => {
    const { details } = newAuthorization("/v1/pending-summary");
    const key = details.authorization;
    expect(await ledger.reserve({ ...details, expiresAt: Date.now() + 60_000 })).toBe("reserved");
    return key;
  };

  it("is zero with no oldest wait when nothing is pending", async () => {
    expect(await ledger.pendingSummary()).toEqual({ count: 0, oldestSeconds: undefined });
  });

  it("counts served and settling payments only, as pending() lists them, and the oldest one's wait grows", async () => {
    const served = await reserved();
    await ledger.markServed(served);
    const settling = await reserved();
    await ledger.markSettling(settling);
    await ledger.markSettled(await reserved(), TX);
    await ledger.markFailed(await reserved(), "refused");
    await ledger.release(await reserved());
    await reserved(); // in flight: not answered yet

    const first = await ledger.pendingSummary();
    expect(first.count).toBe(2);
    expect(first.count).toBe((await ledger.pending()).length);
    expect(first.oldestSeconds).toBeGreaterThanOrEqual(0);
    expect(first.oldestSeconds).toBeLessThan(60);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const later = await ledger.pendingSummary();
    expect(later.count).toBe(2);
    expect((later.oldestSeconds as number) - (first.oldestSeconds as number)).toBeGreaterThan(0.9);

    await ledger.markSettled(served, TX);
    await ledger.markSettled(settling, TX);
    expect(await ledger.pendingSummary()).toEqual({ count: 0, oldestSeconds: undefined });
  });
});
