import { type PostgresCluster, startPostgres } from "@svc/test-support/postgres-cluster";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSql } from "../open/open-ledger.js";
import { migrate } from "../schema/migrate.js";
import type { Sql } from "../sql/sql.js";
import { newAuthorization } from "../test-support/reservation-store-contract.js";
import { PaymentLedger } from "./payment-ledger.js";

let postgres: PostgresCluster;
beforeAll(async () => {
  postgres = await startPostgres();
});
afterAll(async () => {
  await postgres?.stop();
});

const DATASET = "ab".repeat(32);
const TX = `0x${"CD".repeat(32)}`;

describe.each(["pglite", "postgres"] as const)("PaymentLedger on %s", (engine) => {
  let sql: Sql;
  let ledger: PaymentLedger;
  let keeping: PaymentLedger;
  beforeAll(async () => {
    sql = await openSql(engine === "postgres" ? { databaseUrl: postgres.url } : {});
    await migrate(sql);
    ledger = new PaymentLedger(sql);
    keeping = new PaymentLedger(sql, { storeQueries: true });
  });
  afterAll(async () => {
    await sql?.close();
  });

  /** A new payment for `operation`, reserved. */
  const reserved = async (operation: string, amount = "10000") => {
    const { details } = newAuthorization(operation);
    const key = details.authorization;
    expect(
      await ledger.reserve({
        ...details,
        amount,
        requestId: "req-1",
        expiresAt: Date.now() + 60_000,
      }),
    ).toBe("reserved");
    return key;
  };

  it("records a payment through its lifecycle: reserved → served → settling → settled", async () => {
    const key = await reserved("/v1/screen");
    expect(await ledger.find(key)).toMatchObject({
      status: "reserved",
      operation: "/v1/screen",
      amount: "10000",
      requestId: "req-1",
      unsettledEnds: 0,
      servedAt: null,
      endedAt: null,
    });
    expect(await ledger.markServed(key, { datasetSha256: DATASET, query: ["0xabc"] })).toBe(true);
    expect(await ledger.markSettling(key)).toBe(true);
    expect(await ledger.markSettled(key, TX)).toBe(true);
    const record = await ledger.find(key);
    expect(record).toMatchObject({
      status: "settled",
      datasetSha256: DATASET,
      // Screened addresses are not kept unless the ledger stores queries.
      query: null,
      txHash: TX.toLowerCase(),
      payer: key.payer.toLowerCase(),
    });
    expect(record?.servedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Date.parse(record?.endedAt ?? "")).toBeGreaterThanOrEqual(
      Date.parse(record!.reservedAt),
    );
    // Nothing moves a settled payment back.
    expect(await ledger.release(key)).toBe(false);
    expect(await ledger.forget(key)).toBe(false);
    expect(await ledger.markFailed(key, "late")).toBe(false);
  });

  it("keeps a Solana payment's base58 as it is (network, mint, payer, message hash, signature): case names another account", async () => {
    const key = {
      network: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
      asset: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
      payer: `4WzT1buXxPLF4i7iG77iUTgzkWu6v6sWPFUugsNTd7o${engine === "pglite" ? "P" : "Q"}`,
      nonce: `mvUnzfkdPekRMpiFk9l7tNnsQvnuhw94I9PNxz2lCo${Date.now() % 10}=`,
    };
    const details = { authorization: key, operation: "/v1/screen", amount: "10000" };
    const expiresAt = Date.now() + 60_000;
    expect(await ledger.reserve({ ...details, expiresAt })).toBe("reserved");
    // The same parts lower-cased are another payment (another payer, another message).
    const lower = Object.fromEntries(
      Object.entries(key).map(([k, v]) => [k, k === "network" ? v : v.toLowerCase()]),
    ) as typeof key;
    expect(await ledger.reserve({ ...details, authorization: lower, expiresAt })).toBe("reserved");
    expect(await ledger.reserve({ ...details, expiresAt })).toBe("in_use");
    const signature =
      "4qcBKfG5kujL6bp3MZvLgBkSXxTzfiveVukhMZwwVPDy43M6Ecukh8HmbtkJkWjwgnXStjZAH5kNHa5oXCH5111F";
    expect(await ledger.markSettling(key)).toBe(true);
    expect(await ledger.markSettled(key, signature)).toBe(true);
    expect(await ledger.find(key)).toMatchObject({ ...key, status: "settled", txHash: signature });
  });

  it("keeps the screened addresses only when it stores queries", async () => {
    const key = await reserved("/v1/screen");
    expect(await keeping.markServed(key, { query: ["0xAbC", "TXyz"] })).toBe(true);
    expect((await ledger.find(key))?.query).toEqual(["0xAbC", "TXyz"]);
  });

  it("a failed settlement is listed with its reason, and may still be found settled later", async () => {
    const key = await reserved("/v1/failing");
    await ledger.markServed(key);
    await ledger.markSettling(key);
    expect(await ledger.markFailed(key, "facilitator timed out")).toBe(true);
    const failed = (await ledger.failed()).filter((r) => r.operation === "/v1/failing");
    expect(failed).toMatchObject([{ status: "failed", failureReason: "facilitator timed out" }]);
    expect(await ledger.markSettled(key, TX)).toBe(true);
    expect(await ledger.find(key)).toMatchObject({ status: "settled", failureReason: null });
  });

  it("steps from a status that does not allow them change nothing", async () => {
    const key = await reserved("/v1/steps");
    expect(await ledger.markSettling(key)).toBe(true);
    expect(await ledger.markServed(key)).toBe(false);
    expect(await ledger.release(key)).toBe(false);
    expect(await ledger.forget(key)).toBe(false);
    expect((await ledger.find(key))?.status).toBe("settling");
    const unknown = newAuthorization().details.authorization;
    expect(await ledger.markSettled(unknown, TX)).toBe(false);
    expect(await ledger.find(unknown)).toBeUndefined();
  });

  it("a released payment counts its end; taken again, it is a new reservation of the same row", async () => {
    const key = await reserved("/v1/released");
    expect(await ledger.release(key)).toBe(true);
    expect(await ledger.find(key)).toMatchObject({ status: "released", unsettledEnds: 1 });
    expect(
      await ledger.reserve({
        authorization: key,
        amount: "20000",
        operation: "/v1/released-again",
        expiresAt: Date.now() + 60_000,
      }),
    ).toBe("reserved");
    expect(await ledger.find(key)).toMatchObject({
      status: "reserved",
      unsettledEnds: 1,
      amount: "20000",
      operation: "/v1/released-again",
      requestId: null,
      endedAt: null,
    });
  });

  it("totals by UTC day and operation; pending lists served and settling, oldest first", async () => {
    const operation = `/v1/totals-${engine}`;
    const settled = [await reserved(operation, "10000"), await reserved(operation, "250000")];
    for (const key of settled) await ledger.markSettled(key, TX);
    const served = await reserved(operation);
    await ledger.markServed(served);
    const settling = await reserved(operation);
    await ledger.markSettling(settling);
    const failed = await reserved(operation);
    await ledger.markFailed(failed, "refused");
    const released = await reserved(operation);
    await ledger.release(released);
    await reserved(operation); // in flight: in no column

    const today = new Date().toISOString().slice(0, 10);
    const totals = (await ledger.totals({ days: 1 })).filter((t) => t.operation === operation);
    expect(totals).toEqual([
      {
        day: today,
        operation,
        settled: 2,
        settledAmount: "260000",
        pending: 2,
        failed: 1,
        released: 1,
      },
    ]);
    const pending = (await ledger.pending()).filter((r) => r.operation === operation);
    expect(pending.map((r) => [r.payer, r.status])).toEqual([
      [served.payer.toLowerCase(), "served"],
      [settling.payer.toLowerCase(), "settling"],
    ]);
    expect((await ledger.pending({ limit: 1 })).length).toBe(1);
  });

  it("refuses what is not a payment, naming the field and a stable code", async () => {
    const { details } = newAuthorization();
    const base = { ...details, expiresAt: Date.now() + 60_000 };
    await expect(ledger.reserve({ ...base, amount: "0.01" })).rejects.toMatchObject({
      code: "LEDGER_PAYMENT_INVALID",
      field: "amount",
    });
    await expect(ledger.reserve({ ...base, operation: "" })).rejects.toMatchObject({
      field: "operation",
    });
    await expect(
      ledger.reserve({ ...base, authorization: { ...details.authorization, payer: "" } }),
    ).rejects.toMatchObject({ field: "authorization.payer" });
    await expect(ledger.reserve({ ...base, expiresAt: Number.NaN })).rejects.toMatchObject({
      field: "expiresAt",
    });
    await expect(
      ledger.markServed(details.authorization, { datasetSha256: "not-a-hash" }),
    ).rejects.toMatchObject({ field: "datasetSha256" });
    await expect(ledger.markSettled(details.authorization, "")).rejects.toMatchObject({
      field: "txHash",
    });
    await expect(ledger.totals({ days: 0 })).rejects.toThrow(RangeError);
    await expect(ledger.pending({ limit: 1.5 })).rejects.toThrow(RangeError);
    expect(await ledger.find(details.authorization)).toBeUndefined();
  });
});
