import * as v from "valibot";

/**
 * `GET /api/payments/:paymentId` (`ReceiptView`): published in OpenAPI; the routes' tests hold
 * real answers to it.
 */
export const ReceiptAnswerSchema = v.looseObject({
  success: v.literal(true),
  data: v.looseObject({
    paymentId: v.string(),
    status: v.picklist(["pending", "settled", "failed", "released"]),
    operation: v.pipe(v.string(), v.description("The route or tool paid for.")),
    amount: v.pipe(v.string(), v.regex(/^[0-9]+$/), v.description("Atomic units of the asset.")),
    price: v.pipe(v.string(), v.description("The amount as people read it: `$0.01 USDC`.")),
    network: v.string(),
    payer: v.string(),
    receipt: v.pipe(
      v.nullable(
        v.looseObject({
          success: v.literal(true),
          transaction: v.string(),
          network: v.string(),
          payer: v.string(),
        }),
      ),
      v.description("Once settled: the receipt PAYMENT-RESPONSE carries; else null."),
    ),
    failureReason: v.nullable(v.string()),
    servedAt: v.nullable(v.string()),
    settledAt: v.nullable(v.string()),
  }),
});
