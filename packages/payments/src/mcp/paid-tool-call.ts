import type { PaymentRequired, SettleResponse } from "@x402/core/types";
import type { PendingPayment } from "../deferred/deferred-settlement.js";
import { type PaymentGate, PaymentUnavailableError } from "../gate/payment-gate.js";
import type { AuthorizationKey, ServedRecord } from "../reservation/reservation-store.js";

/** Where x402 v2 over MCP puts the payment and the receipt (transports-v2/mcp). */
export const MCP_PAYMENT_META = "x402/payment";
export const MCP_PAYMENT_RESPONSE_META = "x402/payment-response";

/** The part of an MCP tool result this adapter reads and writes. */
export interface ToolResult {
  content: unknown[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

/** An unpaid or refused call: `isError`, the PaymentRequired as structured and text content. */
export const paymentRequiredResult = (paymentRequired: PaymentRequired): ToolResult => ({
  isError: true,
  structuredContent: paymentRequired as unknown as Record<string, unknown>,
  content: [{ type: "text", text: JSON.stringify(paymentRequired) }],
});

/**
 * Runs a paid MCP tool under the x402 v2 MCP transport, with the HTTP gate's rules: without
 * `_meta["x402/payment"]` (the PaymentPayload object) the tool does not run and the result is
 * the PaymentRequired (resource `mcp://tool/<name>`); a payment is verified and its
 * authorization reserved before `run` (the same authorization on another call is refused while
 * this one runs, and for good once it paid); a result with `isError` is never charged and frees
 * the authorization; a success is settled and returned with the receipt in
 * `_meta["x402/payment-response"]`; a failed settlement returns the PaymentRequired and none of
 * the content. A facilitator that cannot be reached gives an error result; nothing runs.
 * `servedOf` says, once the tool answered, what its answer was computed on (for the payment's
 * record, before settlement). `run` is given the authorization that pays for it (what its
 * evidence names). With settlement after the answer, a payment within its limits is
 * recorded and the result returned at once; its receipt meta says `status: "pending"` with the
 * `paymentId` whose receipt the service gives once settled.
 */
export async function callPaidTool(
  gate: PaymentGate,
  meta: Record<string, unknown> | undefined,
  run: (authorization: AuthorizationKey) => Promise<ToolResult>,
  servedOf: () => ServedRecord | undefined = () => undefined,
): Promise<ToolResult> {
  try {
    const payment = meta?.[MCP_PAYMENT_META];
    if (payment === undefined)
      return paymentRequiredResult(await gate.paymentRequired("Payment required"));
    const verified = await gate.verify(payment);
    if (!verified.ok) return paymentRequiredResult(verified.paymentRequired);
    const plan = await gate.plan(verified);
    if (!plan.ok) return paymentRequiredResult(plan.paymentRequired);
    let result: ToolResult;
    try {
      result = await run(verified.authorization);
    } catch (error) {
      await gate.release(verified);
      throw error;
    }
    if (result.isError) {
      await gate.release(verified);
      return result;
    }
    if (plan.kind === "after-response") {
      let pending: PendingPayment;
      try {
        pending = await gate.defer(verified, servedOf() ?? {});
      } catch (error) {
        await gate.release(verified);
        throw error;
      }
      return withPendingReceipt(result, pending);
    }
    await gate.served(verified, servedOf());
    const settled = await gate.settle(verified);
    if (!settled.ok) return paymentRequiredResult(settled.paymentRequired);
    return withReceipt(result, settled.receipt);
  } catch (error) {
    if (!(error instanceof PaymentUnavailableError)) throw error;
    const body = {
      success: false,
      error: `${error.message}; ${error.consequence}`,
      code: error.code,
    };
    return {
      isError: true,
      structuredContent: body,
      content: [{ type: "text", text: JSON.stringify(body) }],
    };
  }
}

/**
 * The receipt meta of a payment settled after the answer: the fields of a settlement response
 * (no transaction yet), `status: "pending"` and the payment's id.
 */
const withPendingReceipt = (result: ToolResult, pending: PendingPayment): ToolResult => ({
  ...result,
  _meta: {
    ...result._meta,
    [MCP_PAYMENT_RESPONSE_META]: {
      success: true,
      status: "pending",
      paymentId: pending.paymentId,
      transaction: "",
      network: pending.network,
      payer: pending.payer,
    },
  },
});

const withReceipt = (result: ToolResult, receipt: SettleResponse): ToolResult => ({
  ...result,
  _meta: { ...result._meta, [MCP_PAYMENT_RESPONSE_META]: receipt },
});
