import { payloadFor, paymentHeader } from "@svc/test-support/x402-payer";
import { type Devnet, startDevnet } from "@svc/x402-devnet";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseTerms } from "../schemes/exact-evm/base-terms.js";
import { createPaymentServer } from "../server/payment-server.js";
import { PREMIUM_DATASET, paidApp } from "../test-support/paid-app.js";
import { MemoryReservationStore } from "./memory-reservation-store.js";
import {
  keyOf,
  type ReservationDetails,
  type ServedRecord,
  type SettlementRecord,
} from "./reservation-store.js";

// A store that records payments (the ledger) learns from the gate what each reservation pays
// for: the authorization the key was made of, the amount and the route.
let devnet: Devnet;
beforeAll(async () => {
  devnet = await startDevnet({ payers: 1 });
});
afterAll(async () => {
  await devnet?.stop();
});

class RecordingStore extends MemoryReservationStore {
  readonly seen: { key: string; details: ReservationDetails | undefined }[] = [];
  readonly used: { key: string; settlement: SettlementRecord | undefined }[] = [];
  readonly served: { key: string; served: ServedRecord }[] = [];
  readonly steps: string[] = [];
  async markServed(key: string, served: ServedRecord) {
    this.steps.push("served");
    this.served.push({ key, served });
  }
  override reserve(key: string, expiresAt: number, details?: ReservationDetails) {
    this.seen.push({ key, details });
    return super.reserve(key, expiresAt);
  }
  override markUsed(key: string, settlement?: SettlementRecord) {
    this.steps.push("used");
    this.used.push({ key, settlement });
    return super.markUsed(key);
  }
}

describe("the gate's reservation details", () => {
  it("a paid call reserves its authorization with the key's parts, the amount and the route, notes what the answer was computed on, and marks it used with its transaction", async () => {
    const store = new RecordingStore();
    const { app } = paidApp(createPaymentServer(devnet.facilitator), baseTerms(devnet.payTo), {
      reservations: store,
    });
    const url = "http://svc.test/paid/premium";
    const challenge = decodePaymentRequiredHeader(
      (await app.request(url, { method: "POST" })).headers.get("PAYMENT-REQUIRED") ?? "",
    );
    const payer = devnet.payers[0]!;
    const paid = await app.request(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "PAYMENT-SIGNATURE": paymentHeader(await payloadFor(challenge, payer.privateKey)),
      },
      body: "{}",
    });
    expect(paid.status).toBe(200);
    expect(store.seen).toHaveLength(1);
    const { key, details } = store.seen[0]!;
    expect(details).toMatchObject({
      amount: "50000",
      operation: "/paid/premium",
      authorization: { network: challenge.accepts[0]!.network, asset: challenge.accepts[0]!.asset },
    });
    expect(details?.authorization.payer.toLowerCase()).toBe(payer.address.toLowerCase());
    expect(keyOf(details!.authorization)).toBe(key);
    const receipt = JSON.parse(
      Buffer.from(paid.headers.get("PAYMENT-RESPONSE") ?? "", "base64").toString("utf8"),
    ) as { transaction: string };
    expect(receipt.transaction).toMatch(/^0x[0-9a-f]{64}$/);
    expect(store.used).toEqual([{ key, settlement: { transaction: receipt.transaction } }]);
    // What the answer was computed on is noted before the settlement is sent.
    expect(store.served).toEqual([
      { key, served: { datasetSha256: PREMIUM_DATASET, query: ["0xpremium"] } },
    ]);
    expect(store.steps).toEqual(["served", "used"]);
  });
});
