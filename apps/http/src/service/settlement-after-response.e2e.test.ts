import { MCP_PAYMENT_META, MCP_PAYMENT_RESPONSE_META } from "@svc/payments";
import { connectHttp } from "@svc/test-support/mcp-client";
import { payerOf, payingNetworkFetch } from "@svc/test-support/x402-payer";
import { decodePaymentResponseHeader } from "@x402/core/http";
import type { PaymentRequired } from "@x402/core/types";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadServiceConfig } from "../config/service-config.js";
import { memoryLog } from "../log/test-support/memory-log.js";
import { ReceiptAnswerSchema } from "../payments/receipt-schema.js";
import { ledgerDir } from "../test-support/ledger-dir.js";
import { payBeforeAnswers } from "../test-support/paying-client.js";
import { type RunningService, startService } from "./start-service.js";

/**
 * Settlement after the answer, on a chain with Base's 2-second blocks: the answer does not wait
 * for the block, and the payment is settled in the background and recorded with its
 * transaction; above the price limit the standard flow (settled, then answered) applies.
 */
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";

const dir = ledgerDir();
let service: RunningService;
const logged: Record<string, unknown>[] = [];
beforeAll(async () => {
  service = await startService(
    loadServiceConfig({
      PORT: "0",
      LOG_REQUESTS: "0",
      LEDGER_DIR: dir,
      DEVNET_BLOCK_TIME: "2",
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

const paying = payingNetworkFetch;

const devnetOf = (s: RunningService) => {
  if (s.devnet === undefined || s.deferred === undefined) {
    throw new Error("development with settlement after the answer");
  }
  return { devnet: s.devnet, deferred: s.deferred };
};

describe("settlement after the response", () => {
  it("settles a wallet's first call before its answer: a payer who never paid is not answered first", async () => {
    const { devnet } = devnetOf(service);
    for (const payer of devnet.payers.slice(0, 2)) {
      await payBeforeAnswers(service.url, payer.privateKey);
    }
  });

  it("answers a paid HTTP call as pending with a payment id and no receipt, then settles it in the background", async () => {
    const { devnet, deferred } = devnetOf(service);
    const payer = devnet.payers[0] as (typeof devnet.payers)[number];
    const before = await devnet.balanceOf(devnet.payTo);

    const paid = await paying(payer.privateKey)(`${service.url}/api/ofac-wallet-screen/${LISTED}`);
    expect(paid.status).toBe(200);
    expect(paid.headers.get("PAYMENT-RESPONSE")).toBeNull();
    expect(paid.headers.get("X-Payment-Status")).toBe("pending");
    const paymentId = paid.headers.get("X-Payment-Id") ?? "";
    expect(paymentId).toMatch(/^pay_[0-9a-f]{32}$/);
    const body = (await paid.json()) as {
      data: { summary: { status: string }; sourceFreshness: { datasetSha256: string } };
    };
    expect(body.data.summary.status).toBe("match");

    await deferred.idle();
    const record = await service.ledger.deferred.byPaymentId(paymentId);
    expect(record).toMatchObject({
      operation: "/api/ofac-wallet-screen/:address",
      amount: "10000",
      status: "settled",
      deferred: true,
      datasetSha256: body.data.sourceFreshness.datasetSha256,
      txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    expect(await devnet.balanceOf(devnet.payTo)).toBe(before + 10_000n);
    // The free receipt endpoint gives the settlement's receipt, as PAYMENT-RESPONSE would have.
    const receipt = await fetch(`${service.url}/api/payments/${paymentId}`);
    expect(receipt.status).toBe(200);
    expect(
      decodePaymentResponseHeader(receipt.headers.get("PAYMENT-RESPONSE") ?? ""),
    ).toMatchObject({
      success: true,
      transaction: record?.txHash,
    });
    const view = (await receipt.json()) as { data: { status: string } };
    expect(view.data.status).toBe("settled");
    // What OpenAPI publishes of the answer holds of it.
    expect(v.safeParse(ReceiptAnswerSchema, view).issues).toBeUndefined();
    // The operator's log says so, with the payment id and its transaction.
    expect(logged).toContainEqual(
      expect.objectContaining({
        msg: "payment settled after the answer",
        settlement: expect.objectContaining({ paymentId, transaction: record?.txHash }),
      }),
    );
  });

  it("answers a paid MCP tool call only once it is settled, with its receipt (the x402 MCP transport), though HTTP calls are answered first", async () => {
    const { devnet } = devnetOf(service);
    const payer = devnet.payers[1] as (typeof devnet.payers)[number];
    const client = await connectHttp(`${service.url}/mcp`);
    try {
      const args = { address: LISTED };
      const unpaid = await client.callTool({ name: "ofac_wallet_screen", arguments: args });
      const payment = await payerOf(payer.privateKey).createPaymentPayload(
        unpaid.structuredContent as PaymentRequired,
      );
      const payee = await devnet.balanceOf(devnet.payTo);
      const paid = await client.callTool({
        name: "ofac_wallet_screen",
        arguments: args,
        _meta: { [MCP_PAYMENT_META]: payment },
      });
      expect(paid.isError ?? false).toBe(false);
      const meta = paid._meta?.[MCP_PAYMENT_RESPONSE_META] as Record<string, unknown>;
      expect(meta).toMatchObject({ success: true, network: "eip155:8453" });
      expect(meta.transaction).toMatch(/^0x[0-9a-f]{64}$/);
      expect(meta).not.toHaveProperty("status");
      expect(meta).not.toHaveProperty("paymentId");
      // Settled when the answer came: the payee already has the price.
      expect(await devnet.balanceOf(devnet.payTo)).toBe(payee + 10_000n);
    } finally {
      await client.close();
    }
  });

  it("settles a call priced above X402_DEFERRED_MAX_USD before answering it, with its receipt", async () => {
    const { devnet } = devnetOf(service);
    const payer = devnet.payers[2] as (typeof devnet.payers)[number];
    const paid = await paying(payer.privateKey)(
      `${service.url}/api/workflows/compliance/batch-wallet-screen`,
      {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ addresses: [LISTED] }),
      },
    );
    expect(paid.status).toBe(200);
    expect(paid.headers.get("X-Payment-Status")).toBeNull();
    const receipt = decodePaymentResponseHeader(paid.headers.get("PAYMENT-RESPONSE") ?? "");
    expect(receipt.success).toBe(true);
    expect(receipt.transaction).toMatch(/^0x[0-9a-f]{64}$/);
  });
});
