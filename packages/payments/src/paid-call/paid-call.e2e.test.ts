import { payloadFor, v1PayerOf, v1PayloadFor } from "@svc/test-support/x402-payer";
import { type Devnet, startDevnet } from "@svc/x402-devnet";
import type { PaymentPayload, PaymentPayloadV1, PaymentRequired } from "@x402/core/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeferredSettlement, SettlementPlan } from "../deferred/deferred-settlement.js";
import { type StoredPayment, settleStoredPayments } from "../deferred/settle-attempt.js";
import { httpFacilitator } from "../facilitator/http-facilitator.js";
import { PaymentGate } from "../gate/payment-gate.js";
import { MemoryReservationStore } from "../reservation/memory-reservation-store.js";
import type {
  AuthorizationKey,
  ReservationStore,
  ServedRecord,
} from "../reservation/reservation-store.js";
import { canonicalKey } from "../schemes/canonical-key.js";
import { baseTerms } from "../schemes/exact-evm/base-terms.js";
import { createPaymentServer } from "../server/payment-server.js";
import { v1PaymentRequired } from "../versions/x402-v1.js";
import { paidCall, type RunResult } from "./paid-call.js";

// The lifecycle itself, without a transport: a real local chain and facilitator verify and
// settle, and the reservation store tells which ends (served, used, released) each call took.
let devnet: Devnet;

beforeAll(async () => {
  devnet = await startDevnet({ payers: 4 });
});
afterAll(async () => {
  await devnet?.stop();
});

/** A memory store that writes down every call made on it after `reserve`. */
class RecordingStore implements ReservationStore {
  readonly ends: string[] = [];
  readonly served: ServedRecord[] = [];
  private readonly inner = new MemoryReservationStore();
  reserve = (key: string, expiresAt: number) => this.inner.reserve(key, expiresAt);
  async release(key: string) {
    this.ends.push("release");
    await this.inner.release(key);
  }
  async forget(key: string) {
    this.ends.push("forget");
    await this.inner.forget(key);
  }
  async markServed(_key: string, served: ServedRecord) {
    this.ends.push("served");
    this.served.push(served);
  }
  async markUsed(key: string) {
    this.ends.push("used");
    await this.inner.markUsed(key);
  }
}

/** Settlement after the answer that plans as told and records (or fails to) what it is given. */
const deferredAs = (plan: SettlementPlan, recordFails = false) => {
  const recorded: ServedRecord[] = [];
  const deferred: DeferredSettlement = {
    plan: async () => plan,
    defer: async (payment, served) => {
      if (recordFails) throw new Error("ledger down");
      recorded.push(served);
      return { paymentId: "pay_1", network: payment.requirements.network, payer: "0xpayer" };
    },
  };
  return { deferred, recorded };
};

const gateWith = (
  options: { deferred?: DeferredSettlement; facilitatorUrl?: string; store?: RecordingStore } = {},
) => {
  const store = options.store ?? new RecordingStore();
  const server = createPaymentServer(
    options.facilitatorUrl === undefined
      ? devnet.facilitator
      : httpFacilitator(options.facilitatorUrl, {}, 2000),
  );
  const gate = new PaymentGate(
    server,
    {
      price: "0.01",
      description: "a paid call",
      url: "mcp://tool/paid_call",
      mimeType: "application/json",
    },
    baseTerms(devnet.payTo),
    { reservations: store, deferred: options.deferred },
  );
  return { gate, store };
};

const paymentOf = async (gate: PaymentGate, payer: number): Promise<PaymentPayload> =>
  payloadFor(await gate.paymentRequired(), devnet.payers[payer]!.privateKey);

const SERVED: ServedRecord = { datasetSha256: "ab".repeat(32), query: ["0xscreened"] };

/** A run that answers and says what it was computed on, noting the authorization it got. */
const answering = (seen: AuthorizationKey[] = []) => ({
  seen,
  run: async (authorization: AuthorizationKey): Promise<RunResult<string>> => {
    seen.push(authorization);
    return { charge: true, answer: "answer", served: SERVED };
  },
});

describe("paidCall", () => {
  it("without a payment: the unpaid PaymentRequired, and nothing runs", async () => {
    const { gate, store } = gateWith();
    const { run, seen } = answering();
    const outcome = await paidCall(gate, undefined, run);
    expect(outcome).toMatchObject({
      kind: "payment-required",
      stage: "unpaid",
      paymentRequired: { error: "Payment required", resource: { url: "mcp://tool/paid_call" } },
    });
    expect(seen).toEqual([]);
    expect(store.ends).toEqual([]);
  });

  it("a payment that does not verify: refused, and nothing runs", async () => {
    const { gate } = gateWith();
    const { run, seen } = answering();
    const outcome = await paidCall(gate, { x402Version: 2, nonsense: true }, run);
    expect(outcome).toMatchObject({
      kind: "payment-required",
      stage: "refused",
      paymentRequired: { error: "invalid_payload" },
    });
    expect(seen).toEqual([]);
  });

  it("settled before the answer: runs on the authorization, notes what was served, then settles on chain", async () => {
    const { gate, store } = gateWith();
    const payee = await devnet.balanceOf(devnet.payTo);
    const { run, seen } = answering();
    const outcome = await paidCall(gate, await paymentOf(gate, 0), run);
    expect(outcome).toMatchObject({
      kind: "settled",
      answer: "answer",
      receipt: { success: true, payer: devnet.payers[0]!.address },
    });
    expect(seen).toEqual([
      expect.objectContaining({
        payer: devnet.payers[0]!.address.toLowerCase(),
        network: "eip155:8453",
      }),
    ]);
    // In the scheme's one spelling, though the requirements name the asset checksummed.
    expect(seen[0]!.asset).toBe(seen[0]!.asset.toLowerCase());
    expect(seen[0]).toEqual(canonicalKey(seen[0]!));
    expect(store.ends).toEqual(["served", "used"]);
    expect(store.served).toEqual([SERVED]);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee + 10_000n);
  });

  it("a run that says it failed: its answer, not charged, the authorization free for a retry", async () => {
    const { gate, store } = gateWith();
    const payee = await devnet.balanceOf(devnet.payTo);
    const payment = await paymentOf(gate, 1);
    const failed = await paidCall(gate, payment, async () => ({
      charge: false,
      answer: "bad input",
    }));
    expect(failed).toEqual({ kind: "not-charged", answer: "bad input" });
    expect(store.ends).toEqual(["release"]);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee);

    const retried = await paidCall(gate, payment, answering().run);
    expect(retried.kind).toBe("settled");
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee + 10_000n);
  });

  it("a run that throws: the error goes on and the authorization is released", async () => {
    const { gate, store } = gateWith();
    const payment = await paymentOf(gate, 2);
    await expect(
      paidCall(gate, payment, async () => {
        throw new Error("the run failed");
      }),
    ).rejects.toThrow("the run failed");
    expect(store.ends).toEqual(["release"]);
  });

  it("a refused settlement: a PaymentRequired instead of the answer, and the authorization freed", async () => {
    const { gate, store } = gateWith();
    const payee = await devnet.balanceOf(devnet.payTo);
    const payment = await paymentOf(gate, 3);
    const [requirements] = await gate.requirements();
    // The same authorization settled elsewhere while this call runs: its own settlement fails.
    const outcome = await paidCall(gate, payment, async () => {
      await devnet.facilitator.settle(payment, requirements!);
      return { charge: true, answer: "answer" };
    });
    expect(outcome).toMatchObject({ kind: "payment-required", stage: "settlement" });
    expect(outcome).not.toHaveProperty("answer");
    expect(store.ends).toEqual(["served", "release"]);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee + 10_000n);
  });

  it("settled after the answer: recorded with what was served, answered pending, nothing settled", async () => {
    const { deferred, recorded } = deferredAs({ kind: "after-response" });
    const { gate, store } = gateWith({ deferred });
    const payee = await devnet.balanceOf(devnet.payTo);
    const outcome = await paidCall(gate, await paymentOf(gate, 0), answering().run);
    expect(outcome).toEqual({
      kind: "pending",
      answer: "answer",
      pending: { paymentId: "pay_1", network: "eip155:8453", payer: "0xpayer" },
    });
    expect(recorded).toEqual([SERVED]);
    expect(store.ends).toEqual([]);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee);
  });

  it("a payment that cannot be recorded after the answer: unavailable, released, the answer withheld", async () => {
    const { deferred } = deferredAs({ kind: "after-response" }, true);
    const { gate, store } = gateWith({ deferred });
    const outcome = await paidCall(gate, await paymentOf(gate, 1), answering().run);
    expect(outcome).toMatchObject({
      kind: "unavailable",
      body: {
        success: false,
        code: "PAYMENT_LEDGER_UNAVAILABLE",
        error: "the payment could not be recorded; the answer is withheld and nothing was charged",
      },
    });
    expect(outcome).not.toHaveProperty("answer");
    expect(store.ends).toEqual(["release"]);
  });

  it("a payer refused by the settlement limits: refused before anything runs", async () => {
    const { deferred } = deferredAs({ kind: "refused", reason: "payer_settlement_failed" });
    const { gate, store } = gateWith({ deferred });
    const { run, seen } = answering();
    const outcome = await paidCall(gate, await paymentOf(gate, 2), run);
    expect(outcome).toMatchObject({
      kind: "payment-required",
      stage: "refused",
      paymentRequired: { error: "payer_settlement_failed" },
    });
    expect(seen).toEqual([]);
    expect(store.ends).toEqual(["release"]);
  });

  it("a facilitator that cannot be reached: unavailable, and nothing runs", async () => {
    const { gate, store } = gateWith({ facilitatorUrl: "http://127.0.0.1:9" });
    const { run, seen } = answering();
    const outcome = await paidCall(gate, undefined, run);
    expect(outcome).toMatchObject({
      kind: "unavailable",
      body: { success: false, code: "PAYMENT_FACILITATOR_UNAVAILABLE" },
    });
    // A payment presented (signed against the same terms where the facilitator answers) meets
    // the same end before it verifies: nothing runs, and nothing is served, used or released.
    const payment = await paymentOf(gateWith().gate, 3);
    const presented = await paidCall(gate, payment, run);
    expect(presented).toMatchObject({
      kind: "unavailable",
      body: { success: false, code: "PAYMENT_FACILITATOR_UNAVAILABLE" },
    });
    expect(seen).toEqual([]);
    expect(store.ends).toEqual([]);
  });
});

/**
 * A v1 payment for the gate's terms, signed by x402's v1 client from the v1 form of its 402
 * (x402Client types its argument and answer as v2's; it reads and answers in the 402's version).
 */
const v1PaymentOf = async (gate: PaymentGate, payer: number): Promise<PaymentPayloadV1> => {
  const terms = v1PaymentRequired(await gate.paymentRequired());
  const payment: unknown = await v1PayerOf(devnet.payers[payer]!.privateKey).createPaymentPayload(
    terms as unknown as PaymentRequired,
  );
  return payment as PaymentPayloadV1;
};

describe("paidCall with an x402 v1 payment", () => {
  it("settled before the answer: runs on the same authorization key as v2 (CAIP-2 network), notes what was served, settles on chain by the facilitator's v1 kind", async () => {
    const { gate, store } = gateWith();
    const payee = await devnet.balanceOf(devnet.payTo);
    const { run, seen } = answering();
    const outcome = await paidCall(gate, await v1PaymentOf(gate, 0), run);
    expect(outcome).toMatchObject({
      kind: "settled",
      version: 1,
      answer: "answer",
      receipt: { success: true, network: "base", payer: devnet.payers[0]!.address },
    });
    expect(seen).toEqual([
      expect.objectContaining({
        payer: devnet.payers[0]!.address.toLowerCase(),
        network: "eip155:8453",
      }),
    ]);
    expect(store.ends).toEqual(["served", "used"]);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee + 10_000n);
  });

  it("a run that says it failed: not charged, the authorization free for a retry", async () => {
    const { gate, store } = gateWith();
    const payee = await devnet.balanceOf(devnet.payTo);
    const payment = await v1PaymentOf(gate, 1);
    const failed = await paidCall(gate, payment, async () => ({ charge: false, answer: "bad" }));
    expect(failed).toEqual({ kind: "not-charged", answer: "bad" });
    expect(store.ends).toEqual(["release"]);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee);
    expect((await paidCall(gate, payment, answering().run)).kind).toBe("settled");
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee + 10_000n);
  });

  it("a run that throws: the error goes on and the authorization is released", async () => {
    const { gate, store } = gateWith();
    await expect(
      paidCall(gate, await v1PaymentOf(gate, 2), async () => {
        throw new Error("the run failed");
      }),
    ).rejects.toThrow("the run failed");
    expect(store.ends).toEqual(["release"]);
  });

  it("a refused settlement (the authorization settled elsewhere meanwhile): a PaymentRequired instead of the answer, the authorization freed", async () => {
    const { gate, store } = gateWith();
    const payee = await devnet.balanceOf(devnet.payTo);
    const v1Terms = v1PaymentRequired(await gate.paymentRequired());
    const payment = await v1PayloadFor(v1Terms, devnet.payers[3]!.privateKey);
    const outcome = await paidCall(gate, payment, async () => {
      await devnet.facilitator.settle(payment as never, v1Terms.accepts[0] as never);
      return { charge: true, answer: "answer" };
    });
    expect(outcome).toMatchObject({ kind: "payment-required", stage: "settlement" });
    expect(outcome).not.toHaveProperty("answer");
    expect(store.ends).toEqual(["served", "release"]);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee + 10_000n);
  });

  it("settled after the answer: answered pending, recorded in v1's words (its payload and v1 terms), and settled later from that record alone", async () => {
    const stored: StoredPayment[] = [];
    const deferred: DeferredSettlement = {
      plan: async () => ({ kind: "after-response" }),
      defer: async (payment) => {
        // What the ledger records (LedgerDeferredSettlement.defer), through a JSON round trip.
        stored.push(JSON.parse(JSON.stringify(payment.facilitatorRequest)));
        return { paymentId: "pay_1", network: payment.requirements.network, payer: "0xpayer" };
      },
    };
    const { gate } = gateWith({ deferred });
    const payee = await devnet.balanceOf(devnet.payTo);
    const payment = await v1PaymentOf(gate, 0);
    const outcome = await paidCall(gate, payment, answering().run);
    expect(outcome).toMatchObject({ kind: "pending", answer: "answer" });
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee);
    expect(stored).toEqual([
      {
        payload: payment,
        requirements: expect.objectContaining({
          network: "base",
          maxAmountRequired: "10000",
          resource: "mcp://tool/paid_call",
        }),
      },
    ]);

    const settle = settleStoredPayments(createPaymentServer(devnet.facilitator));
    const attempt = await settle(stored[0]!);
    expect(attempt).toMatchObject({ outcome: "settled", receipt: { success: true } });
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee + 10_000n);
    // Settled once: the same record again is refused by the chain (its nonce is spent).
    expect(await settle(stored[0]!)).toMatchObject({ outcome: "refused" });
  });

  it("a payer refused by the settlement limits: refused before anything runs", async () => {
    const { deferred } = deferredAs({ kind: "refused", reason: "payer_settlement_failed" });
    const { gate, store } = gateWith({ deferred });
    const { run, seen } = answering();
    const outcome = await paidCall(gate, await v1PaymentOf(gate, 2), run);
    expect(outcome).toMatchObject({
      kind: "payment-required",
      stage: "refused",
      paymentRequired: { error: "payer_settlement_failed" },
    });
    expect(seen).toEqual([]);
    expect(store.ends).toEqual(["release"]);
  });

  it("a facilitator that cannot be reached: unavailable, and nothing runs", async () => {
    const { gate, store } = gateWith({ facilitatorUrl: "http://127.0.0.1:9" });
    const { run, seen } = answering();
    const presented = await paidCall(gate, await v1PaymentOf(gateWith().gate, 3), run);
    expect(presented).toMatchObject({
      kind: "unavailable",
      body: { success: false, code: "PAYMENT_FACILITATOR_UNAVAILABLE" },
    });
    expect(seen).toEqual([]);
    expect(store.ends).toEqual([]);
  });
});
