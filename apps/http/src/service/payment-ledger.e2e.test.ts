import { openLedger } from "@svc/ledger";
import { x402Client } from "@x402/core/client";
import { decodePaymentResponseHeader, decodePaymentSignatureHeader } from "@x402/core/http";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { loadServiceConfig } from "../config/service-config.js";
import { ledgerDir } from "../test-support/ledger-dir.js";
import { startService } from "./start-service.js";

const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const ROUTE = "/api/ofac-wallet-screen/:address";

describe("the service's payment ledger", () => {
  it("records a paid call as settled with its transaction, durably, in the embedded ledger", async () => {
    const dir = ledgerDir();
    const service = await startService(
      loadServiceConfig({ PORT: "0", LOG_REQUESTS: "0", LEDGER_DIR: dir }),
    );
    let signature = "";
    let transaction = "";
    try {
      const payer = service.devnet?.payers[0];
      if (payer === undefined) throw new Error("development has a devnet payer");
      // The paid retry's PAYMENT-SIGNATURE names the authorization the ledger is keyed by.
      const seeing: typeof fetch = async (input, init) => {
        const request = new Request(input, init);
        signature = request.headers.get("PAYMENT-SIGNATURE") ?? signature;
        return fetch(request);
      };
      const pay = wrapFetchWithPayment(
        seeing,
        new x402Client().register(
          "eip155:8453",
          new ExactEvmScheme(privateKeyToAccount(payer.privateKey)),
        ),
      );
      const paid = await pay(`${service.url}/api/ofac-wallet-screen/${LISTED}`);
      expect(paid.status).toBe(200);
      transaction = decodePaymentResponseHeader(
        paid.headers.get("PAYMENT-RESPONSE") ?? "",
      ).transaction;
      expect(await service.ledger.totals({ days: 1 })).toEqual([
        expect.objectContaining({ operation: ROUTE, settled: 1, settledAmount: "10000" }),
      ]);
      expect(await service.ledger.pending()).toEqual([]);
    } finally {
      await service.stop();
    }

    // After the service stopped, the directory still holds the payment.
    const payload = decodePaymentSignatureHeader(signature);
    const authorization = (payload.payload as { authorization: { from: string; nonce: string } })
      .authorization;
    const ledger = await openLedger({ dir });
    try {
      expect(
        await ledger.find({
          network: payload.accepted.network,
          asset: payload.accepted.asset,
          payer: authorization.from,
          nonce: authorization.nonce,
        }),
      ).toMatchObject({
        operation: ROUTE,
        amount: "10000",
        status: "settled",
        txHash: transaction.toLowerCase(),
        payer: authorization.from.toLowerCase(),
      });
    } finally {
      await ledger.close();
    }
  });
});
