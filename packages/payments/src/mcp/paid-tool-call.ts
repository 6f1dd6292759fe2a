import type { PaymentRequired, SettleResponse } from "@x402/core/types";
import type { PendingPayment } from "../deferred/deferred-settlement.js";
import type { PaymentGate } from "../gate/payment-gate.js";
import { paidCall } from "../paid-call/paid-call.js";
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
const paymentRequiredResult = (paymentRequired: PaymentRequired): ToolResult => ({
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
 * `paymentId` whose receipt the service gives once settled. The lifecycle is `paidCall`'s, as
 * the HTTP adapter's is; this adapter only reads and writes `_meta` and `isError` results.
 */
export async function callPaidTool(
  gate: PaymentGate,
  meta: Record<string, unknown> | undefined,
  run: (authorization: AuthorizationKey) => Promise<ToolResult>,
  servedOf: () => ServedRecord | undefined = () => undefined,
): Promise<ToolResult> {
  const outcome = await paidCall(gate, meta?.[MCP_PAYMENT_META], async (authorization) => {
    const result = await run(authorization);
    return result.isError
      ? { charge: false, answer: result }
      : { charge: true, answer: result, served: servedOf() };
  });
  switch (outcome.kind) {
    case "payment-required":
      return paymentRequiredResult(outcome.paymentRequired);
    case "unavailable":
      return {
        isError: true,
        structuredContent: { ...outcome.body },
        content: [{ type: "text", text: JSON.stringify(outcome.body) }],
      };
    case "not-charged":
      return outcome.answer;
    case "pending":
      return withPendingReceipt(outcome.answer, outcome.pending);
    case "settled":
      return withReceipt(outcome.answer, outcome.receipt);
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
