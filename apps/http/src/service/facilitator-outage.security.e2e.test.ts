import { payingNetworkFetch, v1PayloadFor, v1PaymentHeader } from "@svc/test-support/x402-payer";
import { type Devnet, startDevnet } from "@svc/x402-devnet";
import type { PaymentRequiredV1 } from "@x402/core/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryLog } from "../log/test-support/memory-log.js";
import { type CountingProxy, countingProxy } from "../test-support/loopback-proxy.js";
import { payBeforeAnswers } from "../test-support/paying-client.js";
import { startServiceSettlingAfterAnswer } from "../test-support/service-on-devnet.js";
import type { RunningService } from "./start-service.js";

/**
 * The fault: with settlement after the answer, the facilitator's /settle answers 503 for a while
 * (its /verify still works). An outage is the operator's, never the payer's: the payment answered
 * before anyone knew is retried and settles once /settle is back; its payer is never refused
 * `payer_settlement_failed`; while settlements fail, the service settles before it answers (a call
 * then gets 503 PAYMENT_FACILITATOR_UNAVAILABLE: nothing delivered, nothing charged) and says so
 * in `/ready` and its log; once a settlement goes through, it answers first again.
 */
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const SCREEN = `/api/ofac-wallet-screen/${LISTED}`;
const PRICE = 10_000n;

let devnet: Devnet;
let facilitator: CountingProxy;
let service: RunningService;
const logged: Record<string, unknown>[] = [];

const until = async (what: string, check: () => Promise<boolean> | boolean, withinMs = 60_000) => {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
const ready = async () =>
  (await (await fetch(`${service.url}/ready`)).json()) as {
    ready: boolean;
    settlement?: { answering: string; detail?: string; failingSince?: string; lastError?: string };
  };

beforeAll(async () => {
  devnet = await startDevnet({ payers: 1, httpFacilitator: true });
  facilitator = await countingProxy(devnet.facilitatorUrl ?? "");
  service = await startServiceSettlingAfterAnswer(devnet, memoryLog(logged), {
    FACILITATOR_URL: facilitator.url,
  });
}, 60_000);
afterAll(async () => {
  await service?.stop();
  await facilitator?.close();
  await devnet?.stop();
});

describe("settlement after the answer: a facilitator outage", () => {
  it("a facilitator whose /settle answers 503 never gets the payer refused; answers wait for settlement until it is back", async () => {
    const payer = devnet.payers[0];
    if (payer === undefined) throw new Error("the devnet has no payer");
    const pay = payingNetworkFetch(payer.privateKey);
    await payBeforeAnswers(service.url, payer.privateKey);
    expect((await ready()).settlement).toEqual({ answering: "after-response" });
    const payeeBefore = await devnet.balanceOf(devnet.payTo);

    facilitator.failWith(503, (path) => path.endsWith("/settle"));
    // Answered first: nobody knows yet that /settle is down.
    const first = await pay(`${service.url}${SCREEN}`);
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Payment-Status")).toBe("pending");
    const paymentId = first.headers.get("X-Payment-Id") ?? "";
    await until(
      "settlements are known to fail",
      async () => (await ready()).settlement?.answering === "before-response",
    );
    const degraded = await ready();
    expect(degraded.ready).toBe(true);
    expect(degraded.settlement).toMatchObject({
      detail: expect.stringContaining("settled before their answers"),
      failingSince: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      lastError: expect.stringContaining("facilitator_unavailable"),
    });
    expect(logged).toContainEqual(
      expect.objectContaining({ msg: expect.stringContaining("settlements are failing") }),
    );

    // While it is down: settled before the answer, so refused 503 with nothing delivered, and
    // never as the payer's fault.
    for (let i = 0; i < 3; i++) {
      const during = await pay(`${service.url}${SCREEN}`);
      const body = (await during.json()) as { error?: { code?: string } | string };
      expect(during.status).toBe(503);
      expect(during.headers.get("X-Payment-Id")).toBeNull();
      expect(JSON.stringify(body)).toContain("PAYMENT_FACILITATOR_UNAVAILABLE");
      expect(JSON.stringify(body)).not.toContain("payer_settlement_failed");
    }
    const waiting = await service.ledger.deferred.byPaymentId(paymentId);
    expect(waiting).toMatchObject({ lastRefusal: null, txHash: null });
    expect(["served", "settling"]).toContain(waiting?.status);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payeeBefore);

    // Back: the retry settles the answered payment, and the payer is answered first again.
    facilitator.failWith(undefined);
    await until(
      "the answered payment settles",
      async () => (await service.ledger.deferred.byPaymentId(paymentId))?.status === "settled",
    );
    await until(
      "answering first again",
      async () => (await ready()).settlement?.answering === "after-response",
    );
    expect(logged).toContainEqual(
      expect.objectContaining({ msg: expect.stringContaining("settlements go through again") }),
    );
    const after = await pay(`${service.url}${SCREEN}`);
    expect(after.status).toBe(200);
    expect(after.headers.get("X-Payment-Status")).toBe("pending");
    await service.deferred?.idle();
    // Paid exactly for what was delivered: the first answer and the last.
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payeeBefore + 2n * PRICE);
  });
});

describe("settlement after the answer: a facilitator outage, paid in x402 v1", () => {
  /** The screening paid with `X-PAYMENT` (a new v1 authorization from its unpaid 402's body). */
  const payV1 = async () => {
    const payer = devnet.payers[0];
    if (payer === undefined) throw new Error("the devnet has no payer");
    const terms = (await (await fetch(`${service.url}${SCREEN}`)).json()) as PaymentRequiredV1;
    const header = v1PaymentHeader(await v1PayloadFor(terms, payer.privateKey));
    return fetch(`${service.url}${SCREEN}`, { headers: { "X-PAYMENT": header } });
  };

  it("a v1 payment answered first while /settle answers 503 is settled from its ledger record once it is back; meanwhile v1 calls get 503, never the payer's fault", async () => {
    await until(
      "answering first",
      async () => (await ready()).settlement?.answering === "after-response",
    );
    const payeeBefore = await devnet.balanceOf(devnet.payTo);
    facilitator.failWith(503, (path) => path.endsWith("/settle"));
    const first = await payV1();
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Payment-Status")).toBe("pending");
    expect(first.headers.get("X-PAYMENT-RESPONSE")).toBeNull();
    const paymentId = first.headers.get("X-Payment-Id") ?? "";
    await until(
      "settlements are known to fail",
      async () => (await ready()).settlement?.answering === "before-response",
    );
    const during = await payV1();
    expect(during.status).toBe(503);
    const body = JSON.stringify(await during.json());
    expect(body).toContain("PAYMENT_FACILITATOR_UNAVAILABLE");
    expect(body).not.toContain("payer_settlement_failed");
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payeeBefore);

    facilitator.failWith(undefined);
    await until(
      "the answered v1 payment settles",
      async () => (await service.ledger.deferred.byPaymentId(paymentId))?.status === "settled",
    );
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payeeBefore + PRICE);
  });
});
