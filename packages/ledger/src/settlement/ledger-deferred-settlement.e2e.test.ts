import {
  baseTerms,
  createPaymentServer,
  type PaidResource,
  PaymentGate,
  rpcPaymentChain,
  type SettleAttempt,
  type StoredPayment,
  settleStoredPayments,
  type VerifiedPayment,
} from "@svc/payments";
import { type PostgresCluster, startPostgres } from "@svc/test-support/postgres-cluster";
import { payloadFor } from "@svc/test-support/x402-payer";
import { anvilAccount, DEVNET_ROLES, type Devnet, startDevnet } from "@svc/x402-devnet";
import type { x402ResourceServer } from "@x402/core/server";
import type { Hex } from "viem";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PaymentLedger } from "../ledger/payment-ledger.js";
import { openSql } from "../open/open-ledger.js";
import { parseKey } from "../reservation/authorization-key.js";
import { LedgerReservationStore } from "../reservation/ledger-reservation-store.js";
import { migrate } from "../schema/migrate.js";
import type { Sql } from "../sql/sql.js";
import { freshWallet, mintUsdc, transferUsdc } from "../test-support/devnet-payer.js";
import { OUTSTANDING } from "./deferred-statements.js";
import {
  type DeferredSettlementOptions,
  LedgerDeferredSettlement,
  type SettlerEvent,
} from "./ledger-deferred-settlement.js";

// One real local chain for the file (anvil, Circle's USDC, EIP-3009 settlement through the
// devnet's facilitator) and a real PostgreSQL server beside the embedded ledger.
let devnet: Devnet;
let server: x402ResourceServer;
let settle: (stored: StoredPayment) => Promise<SettleAttempt>;
let postgres: PostgresCluster;
beforeAll(async () => {
  [devnet, postgres] = await Promise.all([startDevnet({ payers: 4 }), startPostgres()]);
  server = createPaymentServer(devnet.facilitator);
  settle = settleStoredPayments(server);
});
afterAll(async () => {
  await Promise.all([devnet?.stop(), postgres?.stop()]);
});

const DATASET = "ab".repeat(32);
/** Settled after the answer up to $0.25, as the service's default. */
const MAX_AMOUNT = 250_000n;
/** At most $10 answered first and unsettled across payers, as the service's default. */
const MAX_OUTSTANDING = 10_000_000n;

const resource = (price: string, path: string): PaidResource => ({
  price,
  description: `a paid resource settled after its answer (${path})`,
  url: `http://svc.test${path}`,
  mimeType: "application/json",
});

/** Polls `done` until it holds (a settlement retried by the sweep, after its backoff). */
async function eventually(done: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`not done within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each([
  ["pglite", 0],
  ["postgres", 1],
] as const)("LedgerDeferredSettlement on %s, settling on a local chain", (engine, index) => {
  let sql: Sql;
  let ledger: PaymentLedger;
  // Payers of their own per engine: balances on the shared chain stay each test's.
  const payer = () => devnet.payers[2 * index]!;
  const mover = () => devnet.payers[2 * index + 1]!;
  const settlers: LedgerDeferredSettlement[] = [];
  beforeAll(async () => {
    sql = await openSql(engine === "postgres" ? { databaseUrl: postgres.url } : {});
    await migrate(sql);
    ledger = new PaymentLedger(sql);
  });
  // Every settler a test started stops with it, also when the test fails: one left sweeping
  // would claim the next test's payments.
  afterEach(async () => {
    await Promise.all(settlers.splice(0).map((s) => s.stop()));
  });
  afterAll(async () => {
    await sql?.close();
  });

  /** A settler on this ledger and the devnet; its events are collected. */
  const settlerOf = (claimant: string, options: Partial<DeferredSettlementOptions> = {}) => {
    const events: SettlerEvent[] = [];
    const settler = new LedgerDeferredSettlement({
      ledger,
      chain: rpcPaymentChain(devnet.rpcUrl),
      settle,
      maxAmount: MAX_AMOUNT,
      maxOutstanding: MAX_OUTSTANDING,
      claimant: `${engine}-${claimant}`,
      sweepMs: 100,
      onEvent: (event) => events.push(event),
      ...options,
    });
    settlers.push(settler);
    return { settler, events };
  };
  const gateOf = (settler: LedgerDeferredSettlement, price = "0.01", path = "/paid/deferred") =>
    new PaymentGate(server, resource(price, path), baseTerms(devnet.payTo), {
      reservations: new LedgerReservationStore(ledger),
      deferred: settler,
    });
  /** A payment signed by `key` for the gate's 402, verified and reserved. */
  const verified = async (gate: PaymentGate, key: Hex): Promise<VerifiedPayment> => {
    const outcome = await gate.verify(await payloadFor(await gate.paymentRequired(), key));
    if (!outcome.ok) throw new Error(`refused: ${outcome.paymentRequired.error}`);
    return outcome;
  };
  /** A verified payment planned after the answer. */
  const admitted = async (gate: PaymentGate, key: Hex): Promise<VerifiedPayment> => {
    const payment = await verified(gate, key);
    expect(await gate.plan(payment)).toEqual({ ok: true, kind: "after-response" });
    return payment;
  };
  /**
   * The payer pays `price` settled before its answer (a fresh wallet's calls settle first): a
   * history that lets them owe up to that much answered first.
   */
  const paidHistory = async (settler: LedgerDeferredSettlement, key: Hex, price = "1.00") => {
    const gate = gateOf(settler, price, "/paid/history");
    const payment = await verified(gate, key);
    expect(await gate.plan(payment)).toEqual({ ok: true, kind: "before-response" });
    const settled = await gate.settle(payment);
    if (!settled.ok) throw new Error(`not settled: ${settled.paymentRequired.error}`);
  };
  const storedOf = (payment: VerifiedPayment): StoredPayment => ({
    payload: payment.payload,
    requirements: payment.requirements,
  });
  const recordOf = (paymentId: string) => ledger.deferred.byPaymentId(paymentId);
  // The test payers have paid before (settled first, as every fresh wallet's calls are), so they
  // may owe up to $1 answered first.
  beforeAll(async () => {
    const { settler } = settlerOf("replica-history");
    await paidHistory(settler, payer().privateKey);
    await paidHistory(settler, mover().privateKey);
  });

  it("answers first, then settles in the background: the row settled with its transaction, the payee paid", async () => {
    const { settler, events } = settlerOf("replica-a");
    const gate = gateOf(settler);
    const payeeBefore = await devnet.balanceOf(devnet.payTo);
    const payment = await admitted(gate, payer().privateKey);
    const pending = await gate.defer(payment, { datasetSha256: DATASET });
    expect(pending.paymentId).toMatch(/^pay_[0-9a-f]{32}$/);
    expect(pending.network).toBe("eip155:8453");
    expect(pending.payer.toLowerCase()).toBe(payer().address.toLowerCase());

    await settler.idle();
    const record = await recordOf(pending.paymentId);
    expect(record).toMatchObject({
      status: "settled",
      deferred: true,
      attempts: 1,
      amount: "10000",
      operation: "/paid/deferred",
      datasetSha256: DATASET,
      lastError: null,
      lastRefusal: null,
    });
    const receipt = await devnet.publicClient.getTransactionReceipt({
      hash: record!.txHash as Hex,
    });
    expect(receipt.status).toBe("success");
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payeeBefore + 10_000n);
    expect(events).toEqual([
      {
        type: "settled",
        paymentId: pending.paymentId,
        transaction: expect.stringMatching(new RegExp(`^${record!.txHash}$`, "i")),
        attempts: 1,
        lagSeconds: expect.any(Number),
      },
    ]);
    // From the answer's record to the settlement's, on the ledger's clock: this run's seconds.
    const lag = (events[0] as { lagSeconds: number }).lagSeconds;
    expect(lag).toBeGreaterThanOrEqual(0);
    expect(lag).toBeLessThan(60);
    // The authorization is used: sent again, it is refused before anything runs.
    const again = await gate.verify(payment.payload);
    expect(again.ok).toBe(false);
  });

  it("stopping: a payment answered once stop began is refused (the caller withholds the answer and charges nothing), and one recorded as stop began is settled before stop resolves", async () => {
    const { settler } = settlerOf("replica-stopping");
    const gate = gateOf(settler);
    const first = await admitted(gate, payer().privateKey);
    const second = await admitted(gate, mover().privateKey);
    // Recorded as the stop begins: stop waits for its record, claim and settlement.
    const deferring = gate.defer(first, { datasetSha256: DATASET });
    const stopping = settler.stop();
    const pending = await deferring;
    await stopping;
    expect((await recordOf(pending.paymentId))?.status).toBe("settled");
    // Once stopped: refused, nothing recorded for it.
    await expect(gate.defer(second, { datasetSha256: DATASET })).rejects.toMatchObject({
      code: "PAYMENT_LEDGER_UNAVAILABLE",
      stage: "record",
    });
    await gate.release(second);
    expect(await ledger.pending()).toEqual([]);
  });

  it("above the limit, a payment is settled before its answer", async () => {
    const { settler } = settlerOf("replica-limit", { maxAmount: 9_999n });
    const gate = gateOf(settler);
    const payment = await verified(gate, payer().privateKey);
    expect(await gate.plan(payment)).toEqual({ ok: true, kind: "before-response" });
    expect(await ledger.find(parseKey(payment.reservation))).toMatchObject({
      status: "reserved",
      deferred: false,
    });
    await gate.release(payment);
  });

  it("a payer who moved their USDC away is refused at settlement and not served again until it is paid", async () => {
    const { settler, events } = settlerOf("replica-moved");
    await settler.start();
    const premium = gateOf(settler, "0.05", "/paid/deferred-premium");
    const basic = gateOf(settler);
    const who = mover();
    const funds = await devnet.balanceOf(who.address);
    const payeeBefore = await devnet.balanceOf(devnet.payTo);

    const payment = await admitted(premium, who.privateKey);
    // While the answer is computed, the payer moves all but $0.01 away.
    await transferUsdc(devnet, who.privateKey, devnet.deployer.address, funds - 10_000n);
    const { paymentId } = await premium.defer(payment, {});
    await eventually(async () => (await recordOf(paymentId))?.lastRefusal != null);
    const refused = await recordOf(paymentId);
    expect(refused).toMatchObject({ deferred: true, txHash: null });
    expect(["served", "settling"]).toContain(refused?.status);
    expect(refused?.lastError).toBe(refused?.lastRefusal);
    expect(events).toContainEqual(
      expect.objectContaining({ type: "retry", paymentId, error: refused?.lastRefusal }),
    );

    // Their next payment verifies (they hold $0.01) but is refused before anything runs.
    const next = await verified(basic, who.privateKey);
    const plan = await basic.plan(next);
    expect(plan).toMatchObject({
      ok: false,
      paymentRequired: { error: "payer_settlement_failed" },
    });
    expect(await ledger.find(parseKey(next.reservation))).toMatchObject({ status: "released" });

    // The USDC comes back: a retry settles it, and the payer is served again.
    await mintUsdc(devnet, who.address, funds);
    await eventually(async () => (await recordOf(paymentId))?.status === "settled");
    const settled = await recordOf(paymentId);
    expect(settled).toMatchObject({ lastRefusal: null, lastError: null });
    expect(settled!.attempts).toBeGreaterThanOrEqual(2);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payeeBefore + 50_000n);
    expect(events).toContainEqual(
      expect.objectContaining({ type: "settled", paymentId, attempts: settled!.attempts }),
    );

    const later = await admitted(basic, who.privateKey);
    const pending = await basic.defer(later, {});
    await settler.idle();
    expect(await recordOf(pending.paymentId)).toMatchObject({ status: "settled", attempts: 1 });
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payeeBefore + 60_000n);
    await settler.stop();
  });

  it("a payment recorded by a replica that stopped before settling it is settled by the next one's start", async () => {
    // The stopped replica admitted and recorded the payment, and never made its attempt.
    const { settler: stopped } = settlerOf("replica-stopped");
    const gate = gateOf(stopped);
    const payment = await admitted(gate, payer().privateKey);
    const paymentId = await ledger.deferred.record(
      parseKey(payment.reservation),
      { datasetSha256: DATASET },
      storedOf(payment),
    );
    expect(await recordOf(paymentId)).toMatchObject({ status: "served", attempts: 0 });
    const payeeBefore = await devnet.balanceOf(devnet.payTo);

    const { settler: next, events } = settlerOf("replica-next");
    await next.start();
    await next.idle();
    const record = await recordOf(paymentId);
    expect(record).toMatchObject({ status: "settled", attempts: 1 });
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payeeBefore + 10_000n);
    expect(events).toEqual([expect.objectContaining({ type: "settled", paymentId, attempts: 1 })]);
    await next.stop();
  });

  it("a settlement sent by a replica that stopped before recording it is found on chain, not sent twice", async () => {
    for (const restart of ["same replica at start-up", "another replica, the lease over"]) {
      const claimant = "replica-sent";
      const { settler: stopped } = settlerOf(claimant);
      const gate = gateOf(stopped);
      const payment = await admitted(gate, payer().privateKey);
      const key = parseKey(payment.reservation);
      const paymentId = await ledger.deferred.record(key, {}, storedOf(payment));
      // It claimed the payment and the facilitator settled it; then the replica stopped.
      expect(await ledger.deferred.claimOne(key, `${engine}-${claimant}`)).toBeDefined();
      const sent = await settle(storedOf(payment));
      if (sent.outcome !== "settled") throw new Error(`not settled: ${JSON.stringify(sent)}`);
      expect(await recordOf(paymentId)).toMatchObject({ status: "settling", txHash: null });
      const payeeAfter = await devnet.balanceOf(devnet.payTo);

      let settleCalls = 0;
      const { settler: next, events } =
        restart === "same replica at start-up"
          ? settlerOf(claimant, {
              settle: (stored) => {
                settleCalls++;
                return settle(stored);
              },
            })
          : settlerOf("replica-other", {
              settle: (stored) => {
                settleCalls++;
                return settle(stored);
              },
            });
      if (restart !== "same replica at start-up") {
        // The stopped replica's claim is older than the lease. (Not a lease of 0: the new
        // replica would then take over its own claim on every sweep while it looks on chain.)
        await sql.query(
          "update payments set claimed_at = now() - interval '1 hour' where payment_id = $1",
          [paymentId],
        );
      }
      await next.start();
      await next.idle();
      const record = await recordOf(paymentId);
      expect(record, restart).toMatchObject({
        status: "settled",
        txHash: sent.receipt.transaction.toLowerCase(),
        attempts: 2,
      });
      expect(settleCalls, restart).toBe(0);
      expect(await devnet.balanceOf(devnet.payTo)).toBe(payeeAfter);
      expect(events).toEqual([
        expect.objectContaining({ type: "settled", paymentId, attempts: 2 }),
      ]);
      await next.stop();
    }
  });

  it("a payment whose stopped settler sent nothing is given time to land, then sent once", async () => {
    const claimant = "replica-silent";
    const { settler: stopped } = settlerOf(claimant);
    const gate = gateOf(stopped);
    const payment = await admitted(gate, payer().privateKey);
    const key = parseKey(payment.reservation);
    const paymentId = await ledger.deferred.record(key, {}, storedOf(payment));
    // It claimed the payment and stopped before the facilitator was asked.
    expect(await ledger.deferred.claimOne(key, `${engine}-${claimant}`)).toBeDefined();
    const payeeBefore = await devnet.balanceOf(devnet.payTo);

    const { settler: next, events } = settlerOf(claimant);
    await next.start();
    await next.idle();
    const waiting = await recordOf(paymentId);
    expect(waiting).toMatchObject({
      status: "served",
      attempts: 2,
      lastError: "previous_attempt_outcome_unknown",
      lastRefusal: null,
    });
    expect(Date.parse(waiting!.nextAttemptAt!)).toBeGreaterThan(Date.now() + 3000);
    expect(events).toEqual([
      { type: "retry", paymentId, error: "previous_attempt_outcome_unknown", inSeconds: 6 },
    ]);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payeeBefore);
    // Not the payer's doing: they are served meanwhile.
    const other = await verified(gate, payer().privateKey);
    expect(await gate.plan(other)).toEqual({ ok: true, kind: "after-response" });
    await gate.release(other);

    // Still not on chain when due: sent, once.
    await sql.query(
      "update payments set next_attempt_at = now() - interval '1 second' where payment_id = $1",
      [paymentId],
    );
    await eventually(async () => (await recordOf(paymentId))?.status === "settled");
    expect(await recordOf(paymentId)).toMatchObject({ attempts: 3, lastError: null });
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payeeBefore + 10_000n);
    await next.stop();
  });

  it("a restart that finds 40 payments it claimed before it was killed settles each exactly once, a few at a time, with a bounded number of calls", async () => {
    const claimant = "replica-crashed";
    const { settler: crashed } = settlerOf(claimant);
    const gate = gateOf(crashed);
    const count = 40;
    const paymentIds: string[] = [];
    for (let i = 0; i < count; i++) {
      const payment = await admitted(gate, payer().privateKey);
      const key = parseKey(payment.reservation);
      paymentIds.push(await ledger.deferred.record(key, {}, storedOf(payment)));
      // Killed with its attempt in flight: claimed, no outcome recorded.
      expect(await ledger.deferred.claimOne(key, `${engine}-${claimant}`)).toBeDefined();
    }
    const payeeBefore = await devnet.balanceOf(devnet.payTo);
    // Every call the restarted settler makes, and how many of its settlements overlap.
    const calls = { settle: 0, lookups: 0, inFlight: 0, mostInFlight: 0 };
    const chain = rpcPaymentChain(devnet.rpcUrl);
    const { settler: restarted, events } = settlerOf(claimant, {
      maxInFlight: 4,
      chain: {
        balanceOf: (asset, owner) => chain.balanceOf(asset, owner),
        authorization: (asset, payer, nonce) => {
          calls.lookups++;
          return chain.authorization(asset, payer, nonce);
        },
      },
      settle: async (stored) => {
        calls.settle++;
        calls.mostInFlight = Math.max(calls.mostInFlight, ++calls.inFlight);
        try {
          return await settle(stored);
        } finally {
          calls.inFlight--;
        }
      },
    });
    expect(await restarted.start()).toBe(count);
    // Each was given its time to land (it had been claimed), then sent once.
    await sql.query(
      `update payments set next_attempt_at = now() - interval '1 second'
       where payment_id = any($1::text[]) and status = 'served'`,
      [paymentIds],
    );
    await eventually(async () => {
      const records = await Promise.all(paymentIds.map(recordOf));
      return records.every((r) => r?.status === "settled");
    }, 120_000);
    const settled = events.filter((e) => e.type === "settled");
    expect(new Set(settled.map((e) => e.type === "settled" && e.paymentId)).size).toBe(count);
    expect(settled).toHaveLength(count);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payeeBefore + BigInt(count) * 10_000n);
    expect(calls.settle).toBe(count);
    // One lookup on chain before each of the two attempts a payment claimed before gets.
    expect(calls.lookups).toBeLessThanOrEqual(2 * count);
    expect(calls.mostInFlight).toBeLessThanOrEqual(4);
    await restarted.stop();
  });

  it("an authorization that expired unsettled is recorded failed; its payer is refused only if the network refused it", async () => {
    const { settler } = settlerOf("replica-expired");
    const gate = gateOf(settler);
    /** A payment admitted and recorded, its authorization expired before it was settled. */
    const expired = async (refusal: string | null) => {
      const payment = await admitted(gate, mover().privateKey);
      const key = parseKey(payment.reservation);
      const paymentId = await ledger.deferred.record(key, {}, storedOf(payment));
      if (refusal !== null) {
        const claim = await ledger.deferred.claimOne(key, "replica-refused");
        await ledger.deferred.retryLater(claim!, refusal, refusal, 0);
      }
      await sql.query(
        "update payments set authorization_expires_at = now() - interval '1 second' where payment_id = $1",
        [paymentId],
      );
      return paymentId;
    };
    const payeeBefore = await devnet.balanceOf(devnet.payTo);

    // Never attempted (its settler stopped, none took over in time): failed, not the payer's doing.
    const untried = await expired(null);
    const { settler: next, events } = settlerOf("replica-expired-next");
    await next.start();
    await next.idle();
    expect(await recordOf(untried)).toMatchObject({
      status: "failed",
      failureReason: "authorization_expired_unsettled",
      lastRefusal: null,
    });
    expect(events).toEqual([
      {
        type: "failed",
        paymentId: untried,
        reason: "authorization_expired_unsettled",
        fault: "operator",
      },
    ]);
    const served = await verified(gate, mover().privateKey);
    expect(await gate.plan(served)).toEqual({ ok: true, kind: "after-response" });
    await gate.release(served);

    // Refused by the network before it expired: failed, and its payer refused from now on. No
    // settler sweeps while it is made (one would settle it while it is due and still valid).
    await next.stop();
    const refused = await expired("insufficient_funds");
    await next.start();
    await next.idle();
    expect(await recordOf(refused)).toMatchObject({
      status: "failed",
      failureReason: "authorization_expired_unsettled: insufficient_funds",
      fault: "payer",
      lastRefusal: "insufficient_funds",
    });
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payeeBefore);
    const blocked = await verified(gate, mover().privateKey);
    expect(await gate.plan(blocked)).toMatchObject({
      ok: false,
      paymentRequired: { error: "payer_settlement_failed" },
    });
    await next.stop();
  });

  it("recycling funds through fresh wallets buys nothing: each wallet's first call settles first, and none owes more than it paid", async () => {
    const { settler } = settlerOf("replica-recycling");
    const memo = gateOf(settler, "0.25", "/paid/memo");
    const price = 250_000n;
    const capital = 1_000_000n;
    let wallet = await freshWallet(devnet, capital);
    const payeeBefore = await devnet.balanceOf(devnet.payTo);
    // The attack: take every answer given before settlement, pay only when refused one, and move
    // the rest to a fresh wallet before anything settles (nothing here settles what was answered
    // first: the worst case).
    let answeredFirst = 0n;
    let paidFirst = 0n;
    let wallets = 1;
    let owes = false;
    for (let round = 0; round < 40; round++) {
      const balance = await devnet.balanceOf(wallet.address);
      if (balance < price) break;
      const payment = await verified(memo, wallet.privateKey);
      const plan = await memo.plan(payment);
      if (plan.ok && plan.kind === "after-response") {
        answeredFirst += price;
        owes = true;
        continue;
      }
      if (!plan.ok || owes) {
        // Refused, or asked to pay while it owes: the wallet moves its balance on instead.
        if (plan.ok) await memo.release(payment);
        const next = await freshWallet(devnet, 0n);
        await transferUsdc(devnet, wallet.privateKey, next.address, balance);
        [wallet, owes] = [next, false];
        wallets++;
        continue;
      }
      // A fresh wallet must pay first: it does, to be answered first afterwards.
      const settled = await memo.settle(payment);
      expect(settled.ok).toBe(true);
      paidFirst += price;
    }
    // Every answer given before settlement is covered by what the same wallets paid.
    expect(wallets).toBeGreaterThan(1);
    expect(answeredFirst).toBeLessThanOrEqual(paidFirst);
    expect(paidFirst).toBeLessThanOrEqual(capital);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payeeBefore + paidFirst);
    console.info(
      `recycling ${capital / 1_000_000n} USDC through ${wallets} wallets: ${answeredFirst} answered before settlement (never paid), ${paidFirst} paid (atomic units)`,
    );
  });

  it("the cap across payers holds: beyond it, payments settle before their answers, whoever pays", async () => {
    // Room for two $0.01 payments answered first, across every payer (and replica: the ledger's),
    // beside what earlier tests left outstanding (answered and never paid).
    const { rows } = await sql.query<{ outstanding: string }>(OUTSTANDING);
    const left = BigInt(rows[0]?.outstanding ?? "0");
    const { settler } = settlerOf("replica-cap", { maxOutstanding: left + 20_000n });
    const gate = gateOf(settler);
    // Two payers who paid before (the test's mover may be blocked by an earlier test).
    const other = await freshWallet(devnet, 2_000_000n);
    await paidHistory(settler, other.privateKey);
    const first = await admitted(gate, payer().privateKey);
    const second = await admitted(gate, other.privateKey);
    for (const who of [payer(), other]) {
      const third = await verified(gate, who.privateKey);
      expect(await gate.plan(third)).toEqual({ ok: true, kind: "before-response" });
      await gate.release(third);
    }
    // One released (its work failed, say): room for one again.
    await gate.release(first);
    const again = await verified(gate, other.privateKey);
    expect(await gate.plan(again)).toEqual({ ok: true, kind: "after-response" });
    await Promise.all([gate.release(second), gate.release(again)]);
  });

  it("an authorization that leaves too little time to settle after the work is settled before its answer", async () => {
    // The gate's 402 asks for 60 s; the work may take 10 s: 50 s are left to settle.
    const { settler: roomy } = settlerOf("replica-window-50");
    const gate = gateOf(roomy);
    const fits = await verified(gate, payer().privateKey);
    expect(await gate.plan(fits)).toEqual({ ok: true, kind: "after-response" });
    await gate.release(fits);
    // Asked for more room than that: settled first.
    const { settler: strict } = settlerOf("replica-window-55", { minSettleSeconds: 55 });
    const strictGate = gateOf(strict);
    const tight = await verified(strictGate, payer().privateKey);
    expect(await strictGate.plan(tight)).toEqual({ ok: true, kind: "before-response" });
    await strictGate.release(tight);
    // A slow chain: settlements took 20 s each, so three of them need 60 s. Settled first.
    roomy.observe({ outcome: "settled", ms: 20_000 });
    expect(roomy.status()).toMatchObject({ requiredSettleSeconds: 60, slowestRecentMs: 20_000 });
    const slow = await verified(gate, payer().privateKey);
    expect(await gate.plan(slow)).toEqual({ ok: true, kind: "before-response" });
    await gate.release(slow);
  });

  it("a facilitator out of gas is the operator's doing: its payer is not refused, answers wait for settlement until one goes through, then come first again", async () => {
    const { settler, events } = settlerOf("replica-gas");
    await settler.start();
    const gate = gateOf(settler);
    const facilitator = anvilAccount(DEVNET_ROLES.facilitator).address;
    const setGas = (wei: string) =>
      devnet.publicClient.request({
        method: "anvil_setBalance" as never,
        params: [facilitator, wei] as never,
      });
    const payeeBefore = await devnet.balanceOf(devnet.payTo);
    await setGas("0x0");
    try {
      const payment = await admitted(gate, payer().privateKey);
      const { paymentId } = await gate.defer(payment, {});
      await eventually(async () => (await recordOf(paymentId))?.lastError != null);
      const failing = await recordOf(paymentId);
      expect(failing).toMatchObject({ lastRefusal: null, txHash: null });
      expect(events).toContainEqual(expect.objectContaining({ type: "settlements-failing" }));
      expect(settler.status()).toMatchObject({ failing: true, answering: "before-response" });
      // The payer can pay: served, but settled before the answer while settlements fail.
      const next = await verified(gate, payer().privateKey);
      expect(await gate.plan(next)).toEqual({ ok: true, kind: "before-response" });
      await gate.release(next);
    } finally {
      await setGas("0xde0b6b3a7640000");
    }
    // Gas again: the retry settles it, and payments are answered first again.
    await eventually(async () => settler.status().failing === false);
    expect(events).toContainEqual(expect.objectContaining({ type: "settlements-recovered" }));
    await settler.idle();
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payeeBefore + 10_000n);
    const later = await verified(gate, payer().privateKey);
    expect(await gate.plan(later)).toEqual({ ok: true, kind: "after-response" });
    await gate.release(later);
    await settler.stop();
  });
});
