import { PAYMENT_ID } from "@svc/ledger";
import { PAYMENT_HEADERS } from "@svc/payments";
import type { Hono } from "hono";
import * as v from "valibot";
import { problem } from "../app/problem.js";
import { FREE_PAYMENT_ENDPOINTS, routePathOf } from "./free-payment-endpoints.js";
import type { PaymentReceipts } from "./payment-receipts.js";
import { receiptViewOf, type SettlementReceipt } from "./receipt-view.js";

const RECEIPT_REQUEST = v.object({
  paymentId: v.pipe(
    v.string(),
    v.regex(PAYMENT_ID, "paymentId must be pay_ and 32 lowercase hex digits"),
  ),
});

/** What a payment's answer goes with: it changes as the payment settles, so it is never stored. */
const UNCACHED = { "Cache-Control": "no-store" };

/**
 * The receipt header: base64 of the receipt's UTF-8 JSON, byte for byte what x402's
 * `encodePaymentResponseHeader` (and the payment gate) send with an answer settled before it.
 */
const receiptHeaderOf = (receipt: SettlementReceipt): string =>
  Buffer.from(JSON.stringify(receipt), "utf8").toString("base64");

/**
 * `GET /api/payments/:paymentId`, free: a payment settled after its answer (the answer gave its
 * id in `X-Payment-Id`), pending until the background settler is done, then settled with the
 * receipt, in the body and in `PAYMENT-RESPONSE` as a paid answer carries it. A malformed id is
 * 400 `INVALID_INPUT` (field `paymentId`); an unknown one 404 `PAYMENT_NOT_FOUND`.
 */
export function mountPaymentReceipts(app: Hono, receipts: PaymentReceipts): void {
  app.get(routePathOf(FREE_PAYMENT_ENDPOINTS.receipt), async (c) => {
    const parsed = v.safeParse(RECEIPT_REQUEST, { paymentId: c.req.param("paymentId") });
    if (!parsed.success) {
      const issues = parsed.issues.map((issue) => ({
        path: v.getDotPath(issue) ?? "",
        message: issue.message,
      }));
      const first = issues[0];
      return problem(
        c,
        400,
        "INVALID_INPUT",
        `Invalid input: ${first?.path}: ${first?.message}`,
        issues,
      );
    }
    const record = await receipts.byId(parsed.output.paymentId);
    if (record === undefined) {
      return problem(
        c,
        404,
        "PAYMENT_NOT_FOUND",
        "No payment has that id: it is the X-Payment-Id of an answer settled after it was sent.",
        undefined,
        UNCACHED,
      );
    }
    const view = receiptViewOf(record);
    const receipt = view.data.receipt;
    return c.json(view, 200, {
      ...UNCACHED,
      ...(receipt === null ? {} : { [PAYMENT_HEADERS.response]: receiptHeaderOf(receipt) }),
    });
  });
}
