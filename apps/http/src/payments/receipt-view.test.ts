import type { PaymentRecord } from "@svc/ledger";
import { PAYMENT_STATUSES } from "@svc/ledger";
import { describe, expect, it } from "vitest";
import { receiptViewOf, usdOfAtomic } from "./receipt-view.js";

const NONCE = `0x${"ab".repeat(32)}`;
const TX = `0x${"cd".repeat(32)}`;
const SCREENED = "0x7f367cc41522ce07553e823bf3be79a889debe1b";

/** A payment settled after its answer, as the ledger reads it back (screened addresses kept). */
const record = (changes: Partial<PaymentRecord> = {}): PaymentRecord => ({
  id: "7",
  paymentId: "pay_0123456789abcdef0123456789abcdef",
  network: "eip155:8453",
  asset: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
  payer: "0x1111111111111111111111111111111111111111",
  nonce: NONCE,
  operation: "/api/ofac-wallet-screen/:address",
  amount: "10000",
  requestId: "req-1",
  status: "served",
  unsettledEnds: 0,
  authorizationExpiresAt: "2026-11-23T02:01:00.000Z",
  datasetSha256: "e".repeat(64),
  query: [SCREENED],
  txHash: null,
  failureReason: null,
  fault: null,
  deferred: true,
  attempts: 1,
  lastError: "facilitator_unavailable: connect ECONNREFUSED 10.0.0.5:4020",
  lastRefusal: null,
  nextAttemptAt: "2026-11-23T02:00:05.000Z",
  reservedAt: "2026-11-23T02:00:00.000Z",
  servedAt: "2026-11-23T02:00:01.000Z",
  endedAt: null,
  updatedAt: "2026-11-23T02:00:02.000Z",
  ...changes,
});

describe("receiptViewOf", () => {
  it("a payment not settled yet is pending, whatever step the ledger is at, and has no receipt", () => {
    for (const status of ["reserved", "served", "settling"] as const) {
      const view = receiptViewOf(record({ status }));
      expect(view.data.status).toBe("pending");
      expect(view.data.receipt).toBeNull();
      expect(view.data.settledAt).toBeNull();
    }
  });

  it("a settled payment carries the receipt (success, transaction, network, payer) and when it settled", () => {
    const view = receiptViewOf(
      record({ status: "settled", txHash: TX, endedAt: "2026-11-23T02:00:03.000Z" }),
    );
    expect(view).toEqual({
      success: true,
      data: {
        paymentId: "pay_0123456789abcdef0123456789abcdef",
        status: "settled",
        operation: "/api/ofac-wallet-screen/:address",
        amount: "10000",
        price: "$0.01 USDC",
        network: "eip155:8453",
        payer: "0x1111111111111111111111111111111111111111",
        receipt: {
          success: true,
          transaction: TX,
          network: "eip155:8453",
          payer: "0x1111111111111111111111111111111111111111",
        },
        failureReason: null,
        servedAt: "2026-11-23T02:00:01.000Z",
        settledAt: "2026-11-23T02:00:03.000Z",
      },
    });
  });

  it("a failed or released payment says so, with the reason, and has no receipt nor settlement time", () => {
    const failed = receiptViewOf(
      record({
        status: "failed",
        failureReason: "authorization_expired_unsettled",
        endedAt: "2026-11-23T02:05:00.000Z",
      }),
    );
    expect(failed.data).toMatchObject({
      status: "failed",
      receipt: null,
      failureReason: "authorization_expired_unsettled",
      settledAt: null,
    });
    const released = receiptViewOf(record({ status: "released", endedAt: "2026-11-23T02:05:00Z" }));
    expect(released.data).toMatchObject({ status: "released", receipt: null, settledAt: null });
  });

  it("every status of the ledger has a public one", () => {
    const shown = PAYMENT_STATUSES.map((status) => receiptViewOf(record({ status })).data.status);
    expect(new Set(shown)).toEqual(new Set(["pending", "settled", "failed", "released"]));
  });

  it("never shows the nonce, the screened addresses, the dataset, the settler's errors or the row's id", () => {
    for (const status of PAYMENT_STATUSES) {
      const text = JSON.stringify(receiptViewOf(record({ status, txHash: TX })));
      expect(text).not.toContain(NONCE.slice(2));
      expect(text).not.toContain(SCREENED.slice(2));
      expect(text).not.toContain("e".repeat(64));
      expect(text).not.toContain("ECONNREFUSED");
      expect(text).not.toContain("req-1");
      expect(Object.keys(receiptViewOf(record({ status })).data)).not.toContain("id");
    }
  });

  it("the price is the atomic amount in USD, exactly", () => {
    expect(usdOfAtomic("10000")).toBe("0.01");
    expect(usdOfAtomic("100000")).toBe("0.10");
    expect(usdOfAtomic("1")).toBe("0.000001");
    expect(usdOfAtomic("1234567")).toBe("1.234567");
    expect(usdOfAtomic("2000000")).toBe("2.00");
    expect(receiptViewOf(record({ amount: "250000" })).data.price).toBe("$0.25 USDC");
  });
});
