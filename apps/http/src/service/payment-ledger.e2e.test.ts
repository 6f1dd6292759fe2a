import { openLedger } from "@svc/ledger";
import { MCP_PAYMENT_META, MCP_PAYMENT_RESPONSE_META } from "@svc/payments";
import { connectHttp } from "@svc/test-support/mcp-client";
import { payerOf, payingFetch } from "@svc/test-support/x402-payer";
import { decodePaymentResponseHeader, decodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentPayload, PaymentRequired } from "@x402/core/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadServiceConfig } from "../config/service-config.js";
import { ledgerDir } from "../test-support/ledger-dir.js";
import { type RunningService, startService } from "./start-service.js";

const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";

/** The ledger's key of a payment: the authorization it carries. */
const keyOf = (payment: PaymentPayload) => {
  const { from, nonce } = (payment.payload as { authorization: { from: string; nonce: string } })
    .authorization;
  return {
    network: payment.accepted.network,
    asset: payment.accepted.asset,
    payer: from,
    nonce,
  };
};

type Screening = { data: { sourceFreshness: { datasetSha256: string } } };

// One service for the file: the paid calls of both transports land in one embedded ledger.
const dir = ledgerDir();
let service: RunningService;
let stopped = false;
beforeAll(async () => {
  service = await startService(
    loadServiceConfig({ PORT: "0", LOG_REQUESTS: "0", LEDGER_DIR: dir }),
  );
});
afterAll(async () => {
  if (!stopped) await service?.stop();
});

describe("the service's payment ledger", () => {
  it("records a paid MCP tool call: its tool, its transaction, the edition its answer used", async () => {
    const payer = service.devnet?.payers[1];
    if (payer === undefined) throw new Error("development has devnet payers");
    const client = await connectHttp(`${service.url}/mcp`);
    try {
      const args = { address: LISTED };
      const unpaid = await client.callTool({ name: "ofac_wallet_screen", arguments: args });
      const payment = await payerOf(payer.privateKey).createPaymentPayload(
        unpaid.structuredContent as PaymentRequired,
      );
      const paid = await client.callTool({
        name: "ofac_wallet_screen",
        arguments: args,
        _meta: { [MCP_PAYMENT_META]: payment },
      });
      expect(paid.isError ?? false).toBe(false);
      const receipt = paid._meta?.[MCP_PAYMENT_RESPONSE_META] as { transaction: string };
      expect(await service.ledger.find(keyOf(payment))).toMatchObject({
        operation: "mcp://tool/ofac_wallet_screen",
        amount: "10000",
        status: "settled",
        txHash: receipt.transaction.toLowerCase(),
        datasetSha256: (paid.structuredContent as Screening).data.sourceFreshness.datasetSha256,
      });
    } finally {
      await client.close();
    }
  });

  it("records a paid HTTP call as settled with its transaction and the edition its answer used, durably", async () => {
    const payer = service.devnet?.payers[0];
    if (payer === undefined) throw new Error("development has a devnet payer");
    // The paid retry's PAYMENT-SIGNATURE names the authorization the ledger is keyed by.
    let signature = "";
    const seeing: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      signature = request.headers.get("PAYMENT-SIGNATURE") ?? signature;
      return fetch(request);
    };
    const pay = payingFetch(seeing, payer.privateKey);
    const paid = await pay(`${service.url}/api/ofac-wallet-screen/${LISTED}`);
    expect(paid.status).toBe(200);
    const edition = ((await paid.json()) as Screening).data.sourceFreshness.datasetSha256;
    const { transaction } = decodePaymentResponseHeader(paid.headers.get("PAYMENT-RESPONSE") ?? "");
    expect(await service.ledger.totals({ days: 1 })).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          operation: "/api/ofac-wallet-screen/:address",
          settled: 1,
          settledAmount: "10000",
        }),
      ]),
    );
    expect(await service.ledger.pending()).toEqual([]);

    // Once the service has stopped, its directory still holds the payment.
    await service.stop();
    stopped = true;
    const ledger = await openLedger({ dir });
    try {
      expect(await ledger.find(keyOf(decodePaymentSignatureHeader(signature)))).toMatchObject({
        operation: "/api/ofac-wallet-screen/:address",
        amount: "10000",
        status: "settled",
        txHash: transaction.toLowerCase(),
        datasetSha256: edition,
        servedAt: expect.any(String),
        query: null, // screened addresses only with LEDGER_STORE_QUERIES=1
      });
    } finally {
      await ledger.close();
    }
  });
});
