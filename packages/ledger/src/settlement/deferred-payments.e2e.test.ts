import { randomBytes } from "node:crypto";
import type { AuthorizationKey } from "@svc/payments";
import { type PostgresCluster, startPostgres } from "@svc/test-support/postgres-cluster";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PaymentLedger } from "../ledger/payment-ledger.js";
import { openSql } from "../open/open-ledger.js";
import { migrate } from "../schema/migrate.js";
import type { Sql } from "../sql/sql.js";
import { newAuthorization } from "../test-support/reservation-store-contract.js";
import type { DeferredPayments, PayerExposure } from "./deferred-payments.js";

let postgres: PostgresCluster;
beforeAll(async () => {
  postgres = await startPostgres();
});
afterAll(async () => {
  await postgres?.stop();
});

const DATASET = "ab".repeat(32);
const TX = `0x${"CD".repeat(32)}`;
/** What settling a payment needs, as the gate hands it over (opaque to the ledger). */
const STORED = {
  payload: { x402Version: 2, accepted: { amount: "10000" }, payload: { signature: "0x01" } },
  requirements: { scheme: "exact", network: "eip155:8453", amount: "10000" },
};
const AFTER = { kind: "after-response" } as const;
/** A decision as the settler makes them (the ledger only tells after-response apart). */
type Decision = { readonly kind: string; readonly reason?: string };
const BEFORE = { kind: "before-response" } as const;
const LEASE = { leaseSeconds: 30, limit: 100 } as const;

const newPayer = () => `0x${randomBytes(20).toString("hex")}`;

describe.each(["pglite", "postgres"] as const)("DeferredPayments on %s", (engine) => {
  let sql: Sql;
  let ledger: PaymentLedger;
  let payments: DeferredPayments;
  beforeAll(async () => {
    sql = await openSql(engine === "postgres" ? { databaseUrl: postgres.url } : {});
    await migrate(sql);
    ledger = new PaymentLedger(sql);
    payments = ledger.deferred;
  });
  afterAll(async () => {
    await sql?.close();
  });
  // Each test sees only its own payments: a sweep claims whatever is due.
  beforeEach(async () => {
    await sql.query("delete from payments");
  });

  /** A payment of `payer` (a new one by default), reserved. */
  const reserved = async (
    payer = newPayer(),
    amount = "10000",
    expiresAt = Date.now() + 60_000,
  ): Promise<AuthorizationKey> => {
    const key = { ...newAuthorization("/v1/deferred").details.authorization, payer };
    expect(
      await ledger.reserve({ authorization: key, amount, operation: "/v1/deferred", expiresAt }),
    ).toBe("reserved");
    return key;
  };
  /** The payer's exposure as `admit` reads it for `key`, deciding `decision`. */
  const exposureOf = async (key: AuthorizationKey, decision: Decision = BEFORE) => {
    let seen: PayerExposure | undefined;
    await payments.admit(key, (exposure) => {
      seen = exposure;
      return decision;
    });
    return seen;
  };
  /** A payment admitted after the answer and recorded: served, due at once. */
  const served = async (payer = newPayer(), amount = "10000") => {
    const key = await reserved(payer, amount);
    expect(await payments.admit(key, () => AFTER)).toEqual(AFTER);
    const paymentId = await payments.record(key, { datasetSha256: DATASET }, STORED);
    return { key, paymentId };
  };
  /** A served payment claimed by `claimant`. */
  const claimed = async (claimant = "replica-a", payer = newPayer(), amount = "10000") => {
    const { key, paymentId } = await served(payer, amount);
    const claim = await payments.claimOne(key, claimant);
    expect(claim).toBeDefined();
    return { key, paymentId, claim: claim! };
  };
  /** What the records do not show: the stored payment and the claim. */
  const rowOf = async (paymentId: string) => {
    const { rows } = await sql.query<{
      settlement: unknown;
      claimedBy: string | null;
      claimedAt: string | null;
      nextAttemptAt: string | null;
      now: string;
    }>(
      `select settlement, claimed_by as "claimedBy", claimed_at::text as "claimedAt",
         extract(epoch from next_attempt_at)::float8 as "nextAttemptAt",
         extract(epoch from now())::float8 as now
       from payments where payment_id = $1`,
      [paymentId],
    );
    return rows[0]!;
  };

  describe("admit", () => {
    it("after-response marks the payment deferred; any other decision leaves it as it was", async () => {
      const before = await reserved();
      expect(await payments.admit(before, () => BEFORE)).toEqual(BEFORE);
      expect(await ledger.find(before)).toMatchObject({ status: "reserved", deferred: false });
      const refused = { kind: "refused", reason: "payer_balance_below_unsettled" };
      expect(await payments.admit(before, () => refused)).toEqual(refused);
      expect(await ledger.find(before)).toMatchObject({ status: "reserved", deferred: false });

      const after = await reserved();
      expect(await payments.admit(after, () => AFTER)).toEqual(AFTER);
      expect(await ledger.find(after)).toMatchObject({
        status: "reserved",
        deferred: true,
        attempts: 0,
        lastError: null,
        lastRefusal: null,
      });
    });

    it("after-response on a payment that is not reserved is refused, and marks nothing", async () => {
      const unknown = newAuthorization().details.authorization;
      await expect(payments.admit(unknown, () => AFTER)).rejects.toMatchObject({
        code: "LEDGER_PAYMENT_INVALID",
        field: "authorization",
      });
      const settling = await reserved();
      await ledger.markSettling(settling);
      await expect(payments.admit(settling, () => AFTER)).rejects.toMatchObject({
        code: "LEDGER_PAYMENT_INVALID",
      });
      expect(await ledger.find(settling)).toMatchObject({ status: "settling", deferred: false });
      // A decision that throws rolls the admission back.
      const key = await reserved();
      await expect(
        payments.admit(key, () => {
          throw new Error("decide failed");
        }),
      ).rejects.toThrow("decide failed");
      expect(await ledger.find(key)).toMatchObject({ status: "reserved", deferred: false });
    });

    it("counts the payer's other unsettled payments, never this one, another payer's or ended ones", async () => {
      const payer = newPayer();
      const key = await reserved(payer, "1");
      expect(await exposureOf(key)).toEqual({
        blocked: false,
        unsettled: 0n,
        committed: 0n,
        paid: 0n,
        outstanding: 0n,
      });

      await served(payer, "20000"); // served, due
      await claimed("replica-a", payer, "40000"); // settling
      const admitted = await reserved(payer, "10000"); // reserved, to be answered first
      await payments.admit(admitted, () => AFTER);
      const settled = await reserved(payer, "80000");
      await ledger.markSettled(settled, TX);
      const released = await reserved(payer, "160000");
      await ledger.release(released);
      const failedBefore = await reserved(payer, "320000");
      await ledger.markFailed(failedBefore, "settlement refused before the answer");
      await served(newPayer(), "640000"); // another payer's
      // Reserved, not yet admitted (its admission will count this payer's others).
      await reserved(payer, "2560000");
      // Settling before its answer: not owed (no answer went out without it), but it draws on
      // the balance.
      await ledger.markSettling(await reserved(payer, "5120000"));
      // The same payer paying another asset is another balance.
      const otherAsset = {
        ...newAuthorization().details.authorization,
        payer,
        asset: `0x${randomBytes(20).toString("hex")}`,
      };
      await ledger.reserve({
        authorization: otherAsset,
        amount: "1280000",
        operation: "/v1/deferred",
        expiresAt: Date.now() + 60_000,
      });
      await payments.admit(otherAsset, () => AFTER);

      // What the payer paid (the settled one) is theirs; what is outstanding is read only when asked.
      // Committed: those, and the reserved one not admitted after the answer (it will draw on the
      // balance too), never another asset's.
      expect(await exposureOf(key)).toEqual({
        blocked: false,
        unsettled: 70000n,
        committed: 70000n + 2560000n + 5120000n,
        paid: 80000n,
        outstanding: 0n,
      });
      // Read for another payment of the payer, the first one counts once admitted after the answer.
      expect((await exposureOf(admitted))?.unsettled).toBe(20000n + 40000n);
      await payments.admit(key, () => AFTER);
      expect((await exposureOf(admitted))?.unsettled).toBe(20000n + 40000n + 1n);
      // The payer's address is matched whatever its case.
      expect(
        (await exposureOf({ ...key, payer: payer.toUpperCase().replace("0X", "0x") }))?.unsettled,
      ).toBe(70000n);
    });

    it("outstanding: every payer's unsettled payments answered first, and what payers failed to pay in the last day", async () => {
      const withOutstanding = async (key: AuthorizationKey) => {
        let seen: PayerExposure | undefined;
        await payments.admit(
          key,
          (exposure) => {
            seen = exposure;
            return BEFORE;
          },
          { withOutstanding: true },
        );
        return seen?.outstanding;
      };
      const key = await reserved();
      expect(await withOutstanding(key)).toBe(0n);
      await served(newPayer(), "20000"); // another payer's, served
      await claimed("replica-a", newPayer(), "40000"); // settling
      await payments.admit(await reserved(newPayer(), "10000"), () => AFTER); // admitted
      await reserved(newPayer(), "5"); // reserved, not admitted after the answer: not counted
      const settledBefore = await reserved(newPayer(), "80000");
      await ledger.markSettled(settledBefore, TX); // settled before its answer: not counted
      // Failed by the payer's doing: counted for a day; by the operator's: never.
      const theirs = await claimed("replica-a", newPayer(), "100000");
      await payments.giveUp(theirs.claim, "authorization_expired_unsettled", "payer");
      const ours = await claimed("replica-a", newPayer(), "200000");
      await payments.giveUp(ours.claim, "authorization_expired_unsettled", "operator");
      expect(await withOutstanding(key)).toBe(20000n + 40000n + 10000n + 100000n);
      await sql.query(
        "update payments set ended_at = now() - interval '25 hours' where payment_id = $1",
        [theirs.paymentId],
      );
      expect(await withOutstanding(key)).toBe(70000n);
    });

    it("of concurrent admissions of many payers under a cap for three, exactly three are answered first", async () => {
      const cap = 30000n;
      const keys = await Promise.all(Array.from({ length: 8 }, () => reserved()));
      const decisions = await Promise.all(
        keys.map((key) =>
          payments.admit(
            key,
            (exposure): Decision => (exposure.outstanding + 10000n > cap ? BEFORE : AFTER),
            { withOutstanding: true },
          ),
        ),
      );
      expect(decisions.filter((d) => d.kind === "after-response")).toHaveLength(3);
    });

    it("blocks a payer the network refused a deferred payment of, until it is paid (or for good once failed)", async () => {
      // Not blocked: the network was unreachable (nobody's doing), or a payment settled before
      // its answer failed (that payer was never answered).
      const unreachable = await claimed();
      expect(
        await payments.retryLater(unreachable.claim, "facilitator_unavailable: down", null, 1),
      ).toBe(true);
      expect((await exposureOf(await reserved(unreachable.key.payer)))?.blocked).toBe(false);
      const before = await reserved();
      await ledger.markSettling(before);
      await ledger.markFailed(before, "insufficient_funds");
      expect((await exposureOf(await reserved(before.payer)))?.blocked).toBe(false);

      // Refused by the network: blocked while served and while settling again, until settled.
      const refused = await claimed();
      const payer = refused.key.payer;
      expect(
        await payments.retryLater(refused.claim, "insufficient_funds", "insufficient_funds", 0),
      ).toBe(true);
      expect(await exposureOf(await reserved(payer))).toMatchObject({ blocked: true });
      const again = (await payments.claimDue("replica-b", LEASE)).find(
        (c) => c.paymentId === refused.paymentId,
      );
      expect(again).toBeDefined();
      expect(await ledger.find(refused.key)).toMatchObject({
        status: "settling",
        lastRefusal: "insufficient_funds",
      });
      expect(await exposureOf(await reserved(payer))).toMatchObject({ blocked: true });
      expect(await payments.settled(again!, TX)).toBe(true);
      expect(await exposureOf(await reserved(payer))).toMatchObject({ blocked: false });
      // Another payer is never blocked by it.
      expect((await exposureOf(await reserved()))?.blocked).toBe(false);

      // Given up on after the network refused it: blocked for good.
      const lost = await claimed();
      await payments.retryLater(lost.claim, "insufficient_funds", "insufficient_funds", 0);
      const [last] = await payments.claimDue("replica-a", LEASE);
      expect(last?.paymentId).toBe(lost.paymentId);
      expect(await payments.giveUp(last!, "authorization_expired_unsettled", "payer")).toBe(true);
      expect(await ledger.find(lost.key)).toMatchObject({
        status: "failed",
        fault: "payer",
        lastRefusal: "insufficient_funds",
      });
      expect(await exposureOf(await reserved(lost.key.payer))).toMatchObject({ blocked: true });
      // Given up on as the operator's doing (never settled for want of a facilitator): not the
      // payer's, even after a refusal the settler did not hold against them.
      const unrefused = await claimed();
      expect(
        await payments.giveUp(unrefused.claim, "authorization_expired_unsettled", "operator"),
      ).toBe(true);
      expect(await exposureOf(await reserved(unrefused.key.payer))).toMatchObject({
        blocked: false,
      });
      // A payer blocked in error is unblocked without a payment being invented: still failed,
      // no transaction, the reason kept.
      const unblocked = await payments.unblock(lost.paymentId, "the facilitator's gas ran out");
      expect(unblocked).toMatchObject({
        status: "failed",
        fault: "operator",
        txHash: null,
        failureReason: "authorization_expired_unsettled",
        lastRefusal: "insufficient_funds",
        lastError:
          "unblocked by the operator: the facilitator's gas ran out (was: authorization_expired_unsettled)",
      });
      expect(await exposureOf(await reserved(lost.key.payer))).toMatchObject({ blocked: false });
      // Only a failed payment is unblocked.
      const pending = await served();
      expect(await payments.unblock(pending.paymentId, "no")).toBeUndefined();
    });

    it("of concurrent admissions of one payer whose balance covers one, exactly one is answered first", async () => {
      const balance = 15000n;
      const decide =
        (amount: bigint) =>
        (exposure: PayerExposure): Decision =>
          exposure.blocked || exposure.unsettled + amount > balance
            ? { kind: "refused", reason: "payer_balance_below_unsettled" }
            : AFTER;
      for (let round = 0; round < 10; round++) {
        const payer = newPayer();
        const keys = [await reserved(payer), await reserved(payer)];
        const decisions = await Promise.all(keys.map((key) => payments.admit(key, decide(10000n))));
        expect(decisions.filter((d) => d.kind === "after-response")).toHaveLength(1);
        const rows = await Promise.all(keys.map((key) => ledger.find(key)));
        expect(rows.filter((r) => r?.deferred)).toHaveLength(1);
      }
      // Five at once, a balance for two: two.
      const payer = newPayer();
      const keys = await Promise.all(Array.from({ length: 5 }, () => reserved(payer)));
      const decisions = await Promise.all(
        keys.map((key) =>
          payments.admit(key, (exposure) =>
            exposure.unsettled + 10000n > 25000n ? { kind: "refused" } : AFTER,
          ),
        ),
      );
      expect(decisions.filter((d) => d.kind === "after-response")).toHaveLength(2);
    });
  });

  describe("record", () => {
    it("records the answered payment served, with what settling it needs, under a new payment id", async () => {
      const key = await reserved();
      await payments.admit(key, () => AFTER);
      const paymentId = await payments.record(
        key,
        { datasetSha256: DATASET, query: ["0xabc"] },
        STORED,
      );
      expect(paymentId).toMatch(/^pay_[0-9a-f]{32}$/);
      const record = await ledger.find(key);
      expect(record).toMatchObject({
        paymentId,
        status: "served",
        deferred: true,
        datasetSha256: DATASET,
        // Screened addresses are not kept unless the ledger stores queries.
        query: null,
        attempts: 0,
      });
      expect(record?.servedAt).not.toBeNull();
      const row = await rowOf(paymentId);
      expect(row.settlement).toEqual(STORED);
      // Due at once.
      expect(row.nextAttemptAt).not.toBeNull();
      expect(Number(row.nextAttemptAt)).toBeLessThanOrEqual(Number(row.now));

      expect(await payments.byPaymentId(paymentId)).toEqual(record);
      expect(await payments.byPaymentId(`pay_${"0".repeat(32)}`)).toBeUndefined();
      for (const malformed of ["", record!.id, paymentId.toUpperCase(), `${paymentId}0`, "pay_x"]) {
        expect(await payments.byPaymentId(malformed)).toBeUndefined();
      }
    });

    it("keeps the screened addresses only when the ledger stores queries", async () => {
      const keeping = new PaymentLedger(sql, { storeQueries: true });
      const key = await reserved();
      await keeping.deferred.admit(key, () => AFTER);
      await keeping.deferred.record(key, { query: ["0xAbC"] }, STORED);
      expect(await ledger.find(key)).toMatchObject({ query: ["0xAbC"], datasetSha256: null });
    });

    it("records only a reserved payment admitted after the answer, once", async () => {
      const notAdmitted = await reserved();
      await expect(payments.record(notAdmitted, {}, STORED)).rejects.toMatchObject({
        code: "LEDGER_PAYMENT_INVALID",
      });
      expect(await ledger.find(notAdmitted)).toMatchObject({ status: "reserved", deferred: false });
      const { key } = await served();
      await expect(payments.record(key, {}, STORED)).rejects.toMatchObject({
        code: "LEDGER_PAYMENT_INVALID",
      });
      await expect(
        payments.record(await reserved(), { datasetSha256: "not-a-hash" }, STORED),
      ).rejects.toMatchObject({ field: "datasetSha256" });
    });

    it("gives every payment its own id, and a released and reserved again one keeps none of its past", async () => {
      const ids = new Set<string>();
      for (let i = 0; i < 5; i++) ids.add((await served()).paymentId);
      expect(ids.size).toBe(5);
      const key = await reserved();
      await payments.admit(key, () => AFTER);
      await ledger.release(key);
      await ledger.reserve({
        authorization: key,
        amount: "10000",
        operation: "/v1/deferred",
        expiresAt: Date.now() + 60_000,
      });
      expect(await ledger.find(key)).toMatchObject({ status: "reserved", deferred: false });
    });
  });

  describe("claims", () => {
    it("claimOne gives a served payment to one claimant only", async () => {
      const { key, paymentId } = await served();
      const claims = await Promise.all(
        Array.from({ length: 8 }, (_, i) => payments.claimOne(key, `replica-${i}`)),
      );
      const won = claims.filter((c) => c !== undefined);
      expect(won).toHaveLength(1);
      const claim = won[0]!;
      expect(claim).toMatchObject({
        paymentId,
        authorization: {
          network: key.network,
          asset: key.asset.toLowerCase(),
          payer: key.payer.toLowerCase(),
          nonce: key.nonce.toLowerCase(),
        },
        stored: STORED,
        previousAttempts: 0,
        expired: false,
        lastError: null,
      });
      expect(await ledger.find(key)).toMatchObject({ status: "settling", attempts: 1 });
      expect((await rowOf(paymentId)).claimedBy).toBe(claim.claimant);
      expect(await payments.claimOne(key, "replica-late")).toBeUndefined();
      // Only served payments admitted after the answer are claimed.
      const notDeferred = await reserved();
      await ledger.markServed(notDeferred);
      expect(await payments.claimOne(notDeferred, "replica-a")).toBeUndefined();
      expect(await payments.claimDue("replica-a", LEASE)).toEqual([]);
    });

    it("claimDue claims due payments up to its limit, each for one claimant only", async () => {
      const all = await Promise.all(Array.from({ length: 30 }, () => served()));
      const first = await payments.claimDue("replica-a", { ...LEASE, limit: 5 });
      expect(first).toHaveLength(5);
      // Two claimants at once: no payment twice, none left out.
      const [b, c] = await Promise.all([
        payments.claimDue("replica-b", LEASE),
        payments.claimDue("replica-c", LEASE),
      ]);
      const ids = [...first, ...b!, ...c!].map((claim) => claim.paymentId);
      expect(new Set(ids).size).toBe(ids.length);
      expect(new Set(ids)).toEqual(new Set(all.map((p) => p.paymentId)));
      for (const claim of [...b!, ...c!]) {
        expect((await rowOf(claim.paymentId)).claimedBy).toBe(claim.claimant);
      }
      expect(await payments.claimDue("replica-d", LEASE)).toEqual([]);
    });

    it("of many concurrent sweeps, each payment goes to one claimant", async () => {
      const all = await Promise.all(Array.from({ length: 40 }, () => served()));
      const sweeps = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          payments.claimDue(`replica-${i}`, { ...LEASE, limit: 10 }),
        ),
      );
      const rest = await payments.claimDue("replica-last", LEASE);
      const ids = [...sweeps.flat(), ...rest].map((claim) => claim.paymentId);
      expect(ids).toHaveLength(40);
      expect(new Set(ids)).toEqual(new Set(all.map((p) => p.paymentId)));
    });

    it("a claim older than the lease is taken over; its first claimant can no longer end it", async () => {
      const { key, paymentId, claim } = await claimed("replica-a");
      expect(await payments.claimDue("replica-b", LEASE)).toEqual([]);
      // replica-a stopped a minute ago.
      await sql.query(
        "update payments set claimed_at = now() - interval '60 seconds' where payment_id = $1",
        [paymentId],
      );
      const [taken] = await payments.claimDue("replica-b", LEASE);
      expect(taken).toMatchObject({ paymentId, claimant: "replica-b", previousAttempts: 1 });
      expect(await ledger.find(key)).toMatchObject({ status: "settling", attempts: 2 });
      expect(await payments.settled(claim, TX)).toBe(false);
      expect(await payments.retryLater(claim, "late", null, 1)).toBe(false);
      expect(await payments.giveUp(claim, "late", "operator")).toBe(false);
      expect(await payments.settled(taken!, TX)).toBe(true);
      expect(await ledger.find(key)).toMatchObject({ status: "settled", txHash: TX.toLowerCase() });
    });

    it("a claimant restarting gives back its own claims (releaseOwn), never another's, and each is claimed once", async () => {
      const { paymentId } = await claimed("replica-a");
      expect(await payments.claimDue("replica-a", LEASE)).toEqual([]);
      expect(await payments.releaseOwn("replica-b")).toBe(0);
      expect(await payments.claimDue("replica-b", LEASE)).toEqual([]);
      expect(await payments.releaseOwn("replica-a")).toBe(1);
      const [again] = await payments.claimDue("replica-a", LEASE);
      expect(again).toMatchObject({ paymentId, claimant: "replica-a", previousAttempts: 1 });
      // Claimed again, it is not claimed a second time by the next sweep.
      expect(await payments.claimDue("replica-a", LEASE)).toEqual([]);
      // A lease of 0 takes over any claim made before.
      const [zero] = await payments.claimDue("replica-b", { ...LEASE, leaseSeconds: 0 });
      expect(zero).toMatchObject({ paymentId, claimant: "replica-b", previousAttempts: 2 });
    });

    it("an authorization that expired is claimed with expired set", async () => {
      const { key, paymentId } = await served();
      await sql.query(
        "update payments set authorization_expires_at = now() - interval '1 second' where payment_id = $1",
        [paymentId],
      );
      const claim = await payments.claimOne(key, "replica-a");
      expect(claim).toMatchObject({ paymentId, expired: true });
      const fresh = await claimed();
      expect(fresh.claim.expired).toBe(false);
    });
  });

  describe("the outcome of an attempt", () => {
    it("is recorded only by the claimant", async () => {
      const { key, claim } = await claimed("replica-a");
      const other = { ...claim, claimant: "replica-b" };
      expect(await payments.settled(other, TX)).toBe(false);
      expect(await payments.retryLater(other, "refused", "refused", 1)).toBe(false);
      expect(await payments.giveUp(other, "refused", "payer")).toBe(false);
      expect(await ledger.find(key)).toMatchObject({
        status: "settling",
        lastError: null,
        txHash: null,
      });
    });

    it("settled: the transaction is recorded and the stored payment dropped", async () => {
      const { key, paymentId, claim } = await claimed();
      expect(await payments.settled(claim, TX)).toBe(true);
      expect(await ledger.find(key)).toMatchObject({
        status: "settled",
        txHash: TX.toLowerCase(),
        attempts: 1,
        lastError: null,
        lastRefusal: null,
        failureReason: null,
      });
      expect((await ledger.find(key))?.endedAt).not.toBeNull();
      expect(await rowOf(paymentId)).toMatchObject({
        settlement: null,
        claimedBy: null,
        claimedAt: null,
      });
      // Once only.
      expect(await payments.settled(claim, TX)).toBe(false);
      expect(await payments.giveUp(claim, "late", "operator")).toBe(false);
      expect(await payments.claimOne(key, "replica-a")).toBeUndefined();
      await expect(payments.settled(claim, "")).rejects.toMatchObject({ field: "txHash" });
    });

    it("retryLater: served again, due later with its refusal kept; claimable once due", async () => {
      const { key, paymentId, claim } = await claimed();
      expect(await payments.retryLater(claim, "insufficient_funds", "insufficient_funds", 8)).toBe(
        true,
      );
      const record = await ledger.find(key);
      expect(record).toMatchObject({
        status: "served",
        attempts: 1,
        lastError: "insufficient_funds",
        lastRefusal: "insufficient_funds",
      });
      const row = await rowOf(paymentId);
      expect(row).toMatchObject({ settlement: STORED, claimedBy: null, claimedAt: null });
      // Due in 8 seconds, not before.
      const wait = Number(row.nextAttemptAt) - Number(row.now);
      expect(wait).toBeGreaterThan(7);
      expect(wait).toBeLessThanOrEqual(8);
      expect(Date.parse(record!.nextAttemptAt!)).toBeGreaterThan(Date.now() + 5000);
      expect(await payments.claimDue("replica-a", LEASE)).toEqual([]);

      await sql.query(
        "update payments set next_attempt_at = now() - interval '1 second' where payment_id = $1",
        [paymentId],
      );
      const [due] = await payments.claimDue("replica-b", LEASE);
      expect(due).toMatchObject({
        paymentId,
        previousAttempts: 1,
        lastError: "insufficient_funds",
        stored: STORED,
      });
      expect(await ledger.find(key)).toMatchObject({
        status: "settling",
        attempts: 2,
        lastRefusal: "insufficient_funds",
      });
      // Not refused this time (the facilitator was unreachable): the refusal is cleared.
      expect(await payments.retryLater(due!, "facilitator_unavailable: timeout", null, 1)).toBe(
        true,
      );
      expect(await ledger.find(key)).toMatchObject({
        lastError: "facilitator_unavailable: timeout",
        lastRefusal: null,
      });
    });

    it("giveUp: failed with its reason, the stored payment dropped", async () => {
      const { key, paymentId, claim } = await claimed();
      expect(await payments.giveUp(claim, "authorization_expired_unsettled", "payer")).toBe(true);
      expect(await ledger.find(key)).toMatchObject({
        status: "failed",
        failureReason: "authorization_expired_unsettled",
      });
      expect((await ledger.find(key))?.endedAt).not.toBeNull();
      expect(await rowOf(paymentId)).toMatchObject({ settlement: null, claimedBy: null });
      expect(await payments.claimDue("replica-a", { ...LEASE, leaseSeconds: 0 })).toEqual([]);
      // A settlement found later still records it paid (reconciliation).
      expect(await ledger.markSettled(key, TX)).toBe(true);
    });
  });

  describe("paidOutOfBand", () => {
    /** A deferred payment the network refused, then given up on: failed, its payer blocked. */
    const lostAfterRefusal = async () => {
      const { key, paymentId, claim } = await claimed();
      await payments.retryLater(claim, "insufficient_funds", "insufficient_funds", 0);
      const [again] = await payments.claimDue("replica-a", LEASE);
      expect(again?.paymentId).toBe(paymentId);
      expect(await payments.giveUp(again!, "authorization_expired_unsettled", "payer")).toBe(true);
      expect(await exposureOf(await reserved(key.payer))).toMatchObject({ blocked: true });
      return { key, paymentId };
    };

    it("failed → settled with the transaction, the reason kept in lastError; the payer is admitted again", async () => {
      const { key, paymentId } = await lostAfterRefusal();
      const failed = await payments.byPaymentId(paymentId);
      const paid = await payments.paidOutOfBand(paymentId, TX);
      expect(paid).toMatchObject({
        paymentId,
        status: "settled",
        txHash: TX.toLowerCase(),
        failureReason: null,
        lastError: "paid out of band: authorization_expired_unsettled",
        lastRefusal: "insufficient_funds",
        nextAttemptAt: null,
        attempts: 2,
        amount: failed?.amount,
        reservedAt: failed?.reservedAt,
      });
      expect(Date.parse(paid!.endedAt!)).toBeGreaterThanOrEqual(Date.parse(failed!.endedAt!));
      expect(await payments.byPaymentId(paymentId)).toEqual(paid);
      expect(await rowOf(paymentId)).toMatchObject({ settlement: null, claimedBy: null });
      // Served again: admitted after the answer, its exposure no longer blocked.
      const next = await reserved(key.payer);
      expect(await exposureOf(next)).toMatchObject({ blocked: false, unsettled: 0n, paid: 10000n });
      expect(await payments.admit(next, (e) => (e.blocked ? BEFORE : AFTER))).toEqual(AFTER);
      // Once only: a settled payment is not paid again, and stays as it was.
      expect(await payments.paidOutOfBand(paymentId, `0x${"ef".repeat(32)}`)).toBeUndefined();
      expect(await payments.byPaymentId(paymentId)).toEqual(paid);
    });

    it("also a payment failed before its answer; any other status, or an unknown id, changes nothing", async () => {
      const before = await reserved();
      await ledger.markSettling(before);
      await ledger.markFailed(before, "settlement_timeout");
      const beforeId = (await ledger.find(before))!.paymentId;
      expect(await payments.paidOutOfBand(beforeId, TX)).toMatchObject({
        status: "settled",
        lastError: "paid out of band: settlement_timeout",
      });

      const reservedKey = await reserved();
      const { key: servedKey } = await served();
      const { key: settlingKey } = await claimed();
      const settledKey = await reserved();
      await ledger.markSettled(settledKey, TX);
      const releasedKey = await reserved();
      await ledger.release(releasedKey);
      for (const key of [reservedKey, servedKey, settlingKey, settledKey, releasedKey]) {
        const record = await ledger.find(key);
        expect(await payments.paidOutOfBand(record!.paymentId, TX)).toBeUndefined();
        expect(await ledger.find(key)).toEqual(record);
      }
      expect(await payments.paidOutOfBand(`pay_${"0".repeat(32)}`, TX)).toBeUndefined();
    });

    it("refuses a malformed payment id or transaction", async () => {
      const { paymentId } = await lostAfterRefusal();
      for (const malformed of ["", "1", paymentId.toUpperCase(), `${paymentId}0`]) {
        await expect(payments.paidOutOfBand(malformed, TX)).rejects.toMatchObject({
          code: "LEDGER_PAYMENT_INVALID",
          field: "paymentId",
        });
      }
      await expect(payments.paidOutOfBand(paymentId, "")).rejects.toMatchObject({
        field: "txHash",
      });
      expect(await payments.byPaymentId(paymentId)).toMatchObject({ status: "failed" });
    });
  });
});
