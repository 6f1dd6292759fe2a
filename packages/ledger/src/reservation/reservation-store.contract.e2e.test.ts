import { MemoryReservationStore } from "@svc/payments";
import { type PostgresCluster, startPostgres } from "@svc/test-support/postgres-cluster";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLedger } from "../open/open-ledger.js";
import {
  newAuthorization,
  reservationStoreContract,
} from "../test-support/reservation-store-contract.js";
import { LedgerReservationStore } from "./ledger-reservation-store.js";

let postgres: PostgresCluster;
beforeAll(async () => {
  postgres = await startPostgres();
});
afterAll(async () => {
  await postgres?.stop();
});

const ledgerStore = async (options: Parameters<typeof openLedger>[0]) => {
  const ledger = await openLedger(options);
  return { store: new LedgerReservationStore(ledger), close: () => ledger.close() };
};

reservationStoreContract("MemoryReservationStore", async () => ({
  store: new MemoryReservationStore(),
  close: async () => {},
}));
reservationStoreContract("LedgerReservationStore on PGlite", () => ledgerStore({}));
reservationStoreContract("LedgerReservationStore on PostgreSQL", () =>
  ledgerStore({ databaseUrl: postgres.url }),
);

describe("LedgerReservationStore across replicas", () => {
  it("of 40 concurrent reservations through two ledgers on one PostgreSQL, exactly one succeeds", async () => {
    const [a, b] = await Promise.all([
      openLedger({ databaseUrl: postgres.url }),
      openLedger({ databaseUrl: postgres.url }),
    ]);
    try {
      const stores = [new LedgerReservationStore(a), new LedgerReservationStore(b)];
      for (let round = 0; round < 5; round++) {
        const auth = newAuthorization();
        const results = await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            stores[i % 2]!.reserve(auth.key, Date.now() + 60_000, auth.details),
          ),
        );
        expect(results.filter((r) => r === "reserved")).toHaveLength(1);
        expect(new Set(results.filter((r) => r !== "reserved"))).toEqual(new Set(["in_use"]));
      }
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it("refuses a reservation without the payment's details, or with details of another authorization", async () => {
    const ledger = await openLedger({ databaseUrl: postgres.url });
    try {
      const store = new LedgerReservationStore(ledger);
      const one = newAuthorization();
      const other = newAuthorization();
      await expect(store.reserve(one.key, Date.now() + 60_000)).rejects.toMatchObject({
        code: "LEDGER_RESERVATION_DETAILS_MISSING",
        field: "details",
      });
      await expect(
        store.reserve(one.key, Date.now() + 60_000, other.details),
      ).rejects.toMatchObject({ code: "LEDGER_PAYMENT_INVALID", field: "details.authorization" });
      await expect(store.release("not-a-key")).rejects.toMatchObject({ field: "key" });
    } finally {
      await ledger.close();
    }
  });

  it("the row records the payment: markServed notes the edition, markUsed settles it with its transaction (settling when the outcome is unknown), and it stays used after its authorization expired", async () => {
    const ledger = await openLedger({ databaseUrl: postgres.url });
    try {
      const store = new LedgerReservationStore(ledger);
      const a = newAuthorization("/v1/screen/batch");
      expect(await store.reserve(a.key, Date.now() + 60_000, a.details)).toBe("reserved");
      expect(await ledger.find(a.details.authorization)).toMatchObject({
        status: "reserved",
        operation: "/v1/screen/batch",
        amount: "10000",
        payer: a.details.authorization.payer.toLowerCase(),
      });
      await store.markUsed(a.key);
      expect((await ledger.find(a.details.authorization))?.status).toBe("settling");
      const paid = newAuthorization("/v1/screen");
      const transaction = `0x${"ab".repeat(32)}`;
      expect(await store.reserve(paid.key, Date.now() + 60_000, paid.details)).toBe("reserved");
      const dataset = "cd".repeat(32);
      await store.markServed(paid.key, { datasetSha256: dataset, query: ["0xAbC"] });
      expect(await ledger.find(paid.details.authorization)).toMatchObject({
        status: "served",
        datasetSha256: dataset,
        query: null, // the screened addresses are kept only when the ledger is told to
      });
      await store.markUsed(paid.key, { transaction });
      expect(await ledger.find(paid.details.authorization)).toMatchObject({
        status: "settled",
        txHash: transaction,
        datasetSha256: dataset,
      });
      // An authorization that may have paid is never taken over, even once it has expired.
      const expired = newAuthorization();
      expect(await store.reserve(expired.key, Date.now() - 1, expired.details)).toBe("reserved");
      await store.markUsed(expired.key);
      expect(await store.reserve(expired.key, Date.now() + 60_000, expired.details)).toBe("used");
    } finally {
      await ledger.close();
    }
  });
});
