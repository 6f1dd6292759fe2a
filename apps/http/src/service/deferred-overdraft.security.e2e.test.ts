import { payerOf, v1PayloadFor, v1PaymentHeader } from "@svc/test-support/x402-payer";
import { type Devnet, startDevnet } from "@svc/x402-devnet";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentRequiredV1 } from "@x402/core/types";
import type { Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryLog } from "../log/test-support/memory-log.js";
import { payBeforeAnswers } from "../test-support/paying-client.js";
import { startServiceSettlingAfterAnswer } from "../test-support/service-on-devnet.js";
import type { RunningService } from "./start-service.js";

/**
 * The attack on settlement after the answer: a payer whose wallet holds the price of three
 * calls sends eight paid calls at once, each with its own valid authorization, hoping to be
 * answered eight times before any settles (each authorization alone is covered by the balance,
 * so the facilitator verifies every one). The payer's balance is read on chain and must cover
 * all their unsettled payments, admitted one at a time under the payer's lock: three are
 * answered and paid, the rest refused before anything runs. (The payer paid three calls before,
 * settled first: a wallet is answered first only up to what it has paid.) The same in x402 v1
 * (`X-PAYMENT`), from a payer of its own.
 */
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const PATH = `/api/ofac-wallet-screen/${LISTED}`;
const PRICE = 10_000n;

let devnet: Devnet;
let service: RunningService;
const logged: Record<string, unknown>[] = [];
beforeAll(async () => {
  // Blocks every 2 s: nothing settles while the burst is admitted.
  devnet = await startDevnet({
    payers: 2,
    usdcPerPayer: 6n * PRICE,
    httpFacilitator: true,
    blockTimeSeconds: 2,
  });
  service = await startServiceSettlingAfterAnswer(devnet, memoryLog(logged));
}, 60_000);
afterAll(async () => {
  await service?.stop();
  await devnet?.stop();
});

/** How a payer of each x402 version signs a payment for the screening from its unpaid 402. */
const VERSIONS = [
  {
    version: "x402 v2",
    payer: 0,
    header: "PAYMENT-SIGNATURE",
    sign: async (unpaid: Response, key: Hex) =>
      encodePaymentSignatureHeader(
        await payerOf(key).createPaymentPayload(
          decodePaymentRequiredHeader(unpaid.headers.get("PAYMENT-REQUIRED") ?? ""),
        ),
      ),
  },
  {
    version: "x402 v1",
    payer: 1,
    header: "X-PAYMENT",
    sign: async (unpaid: Response, key: Hex) =>
      v1PaymentHeader(await v1PayloadFor((await unpaid.clone().json()) as PaymentRequiredV1, key)),
  },
] as const;

describe("settlement after the answer: overdraft", () => {
  it.each(VERSIONS)(
    "a burst of valid authorizations beyond the payer's balance is answered only as far as the balance covers, and all of it is paid ($version)",
    async ({ payer: index, header: name, sign }) => {
      const payer = devnet.payers[index];
      if (payer === undefined) throw new Error("the devnet has no payer");
      // Three calls paid first: what the payer may owe answered first. Three calls' worth is left.
      await payBeforeAnswers(service.url, payer.privateKey, 3);
      const unpaid = await fetch(`${service.url}${PATH}`);
      const headers = await Promise.all(
        Array.from({ length: 8 }, () => sign(unpaid, payer.privateKey)),
      );
      const before = await devnet.balanceOf(devnet.payTo);

      const answers = await Promise.all(
        headers.map((header) =>
          fetch(`${service.url}${PATH}`, { headers: { [name]: header } }).then(async (res) => ({
            status: res.status,
            id: res.headers.get("X-Payment-Id"),
            error:
              res.status === 402 ? ((await res.json()) as { error?: string }).error : undefined,
          })),
        ),
      );

      const served = answers.filter((a) => a.status === 200);
      expect(served).toHaveLength(3);
      for (const refused of answers.filter((a) => a.status !== 200)) {
        expect(refused).toMatchObject({ status: 402, error: "payer_balance_below_unsettled" });
      }
      await service.deferred?.idle();
      for (const answer of served) {
        expect(await service.ledger.deferred.byPaymentId(answer.id ?? "")).toMatchObject({
          status: "settled",
        });
      }
      expect(await devnet.balanceOf(devnet.payTo)).toBe(before + 3n * PRICE);
      expect(await devnet.balanceOf(payer.address)).toBe(0n);
    },
  );
});
