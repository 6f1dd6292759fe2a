import { payingNetworkFetch } from "@svc/test-support/x402-payer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadServiceConfig } from "../config/service-config.js";
import { memoryLog } from "../log/test-support/memory-log.js";
import { type RunningService, startService } from "../service/start-service.js";
import { ledgerDir } from "../test-support/ledger-dir.js";
import { payBeforeAnswers } from "../test-support/paying-client.js";

/**
 * A free receipt lookup logged as a charge: the request log read "charged" off the answer's
 * `PAYMENT-RESPONSE` header, which `GET /api/payments/:id` sends too (the receipt of a payment
 * another request made), and missed a paid call settled after its answer (no header then). The
 * rule now: charged when this request's payment settled, or was recorded to settle after the
 * answer. The service as it runs, its request lines logged, paid on its own local chain.
 */
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";

let service: RunningService;
const logged: Record<string, unknown>[] = [];
beforeAll(async () => {
  service = await startService(
    loadServiceConfig({
      PORT: "0",
      LEDGER_DIR: ledgerDir(),
      X402_SETTLEMENT: "after-response",
      // Screening (0.01) is answered first; a batch (0.10) is settled first.
      X402_DEFERRED_MAX_USD: "0.05",
    }),
    { log: memoryLog(logged) },
  );
}, 60_000);
afterAll(async () => {
  await service?.stop();
});

/** The request line of the answer that sent `requestId`. */
const lineOf = (res: Response) => {
  const id = res.headers.get("X-Request-Id");
  const line = logged.find((l) => l.msg === "request" && l.requestId === id);
  if (line === undefined) throw new Error(`no request line for ${id}`);
  return line;
};

describe("request lines: receipts are never logged as charges", () => {
  it("a paid call settled after its answer is charged; the free lookup of its receipt is not, though it carries PAYMENT-RESPONSE", async () => {
    const { devnet, deferred } = service;
    if (devnet === undefined || deferred === undefined) throw new Error("development, deferred");
    const payer = devnet.payers[0] as (typeof devnet.payers)[number];
    // A wallet's first call settles before its answer: the payer paid one before.
    await payBeforeAnswers(service.url, payer.privateKey);

    const paid = await payingNetworkFetch(payer.privateKey)(
      `${service.url}/api/ofac-wallet-screen/${LISTED}`,
    );
    expect(paid.status).toBe(200);
    expect(paid.headers.get("X-Payment-Status")).toBe("pending");
    expect(lineOf(paid)).toMatchObject({ status: 200, charged: true });

    await deferred.idle();
    const receipt = await fetch(`${service.url}/api/payments/${paid.headers.get("X-Payment-Id")}`);
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get("PAYMENT-RESPONSE")).not.toBeNull();
    expect(lineOf(receipt)).toMatchObject({
      path: expect.stringMatching(/^\/api\/payments\//),
      charged: false,
    });
    // Looked up again and again, it stays free.
    const again = await fetch(receipt.url);
    expect(lineOf(again)).toMatchObject({ status: 200, charged: false });
  });

  it("a paid call settled before its answer is charged; its unpaid 402 is not", async () => {
    const payer = service.devnet?.payers[1];
    if (payer === undefined) throw new Error("development has devnet payers");
    const url = `${service.url}/api/workflows/compliance/batch-wallet-screen`;
    const init = {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ addresses: [LISTED] }),
    };
    const unpaid = await fetch(url, init);
    expect(unpaid.status).toBe(402);
    expect(lineOf(unpaid)).toMatchObject({ status: 402, charged: false });
    const paid = await payingNetworkFetch(payer.privateKey)(url, init);
    expect(paid.status).toBe(200);
    expect(paid.headers.get("PAYMENT-RESPONSE")).not.toBeNull();
    expect(lineOf(paid)).toMatchObject({ status: 200, charged: true });
  });
});
