import { decodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentRequired, SettleResponse } from "@x402/core/types";
import type { PaymentGate } from "../gate/payment-gate.js";
import { type PaidCallOutcome, paidCall } from "../paid-call/paid-call.js";
import type { AuthorizationKey, ServedRecord } from "../reservation/reservation-store.js";
import { displayPrice } from "../terms/atomic-amount.js";

/** Where x402 v2 over MCP puts the payment and the receipt (transports-v2/mcp). */
export const MCP_PAYMENT_META = "x402/payment";
export const MCP_PAYMENT_RESPONSE_META = "x402/payment-response";

/**
 * Where x402 v1 over MCP (Vercel's `x402-mcp`) puts them: the payment as the base64 string of
 * v1's `X-PAYMENT` header, the receipt as a settlement response object.
 */
const MCP_V1_PAYMENT_META = "x402.payment";
const MCP_V1_PAYMENT_RESPONSE_META = "x402.payment-response";

/** The part of an MCP tool result this adapter reads and writes. */
export interface ToolResult {
  content: unknown[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

/** Why a call was answered with a PaymentRequired (`paidCall`'s stage). */
type PaymentRequiredStage = Extract<
  PaidCallOutcome<unknown>,
  { kind: "payment-required" }
>["stage"];

/** How an unpaid result's first line opens, by stage: the state, and the facilitator's reason. */
const OPENINGS: Readonly<Record<PaymentRequiredStage, (reason: string | undefined) => string>> = {
  unpaid: () => "Payment required",
  refused: (reason) => `Payment not accepted${reason === undefined ? "" : ` (${reason})`}`,
  settlement: (reason) =>
    `Payment not settled${reason === undefined ? "" : ` (${reason})`}, so no answer`,
};

/**
 * The first text of an unpaid or refused result: one sentence a person or a model can act on
 * before the JSON that follows, with the price from the gate and the way to present a payment;
 * `otherwise`, the caller's other way to pay (e.g. a proxy that pays for the client).
 */
function paymentRequiredLine(
  gate: PaymentGate,
  stage: PaymentRequiredStage,
  paymentRequired: PaymentRequired,
  otherwise?: string,
): string {
  const opening = OPENINGS[stage](stage === "unpaid" ? undefined : paymentRequired.error);
  const alternative = otherwise === undefined ? "" : `, or ${otherwise}`;
  return `${opening}: ${displayPrice(gate.resource.price)} per call over x402; pay one of the accepts in structuredContent and call again with params._meta["${MCP_PAYMENT_META}"]${alternative}.`;
}

/**
 * An unpaid or refused call: `isError`; the PaymentRequired as structured content (v2's where
 * the gate takes v2); as text, first one sentence saying what to do (`paymentRequiredLine`), then
 * the PaymentRequired's JSON, then, where the gate takes v1 and the facilitator settles it, v1's
 * terms (what a v1 client, or the model driving it, pays from: no discovery, the tool's schema is
 * listed). x402 MCP clients read the PaymentRequired from `structuredContent` first (the
 * transport's order: @x402/mcp, the Go client); a model reads the texts in order.
 */
function paymentRequiredResult(
  gate: PaymentGate,
  stage: PaymentRequiredStage,
  paymentRequired: PaymentRequired,
  otherwise: string | undefined,
): ToolResult {
  const v1 = gate.v1PaymentRequired(paymentRequired);
  const main = gate.versions.includes(2) || v1 === undefined ? paymentRequired : v1;
  const content = [
    { type: "text", text: paymentRequiredLine(gate, stage, paymentRequired, otherwise) },
    { type: "text", text: JSON.stringify(main) },
  ];
  if (v1 !== undefined && main !== v1) content.push({ type: "text", text: JSON.stringify(v1) });
  return { isError: true, structuredContent: main as unknown as Record<string, unknown>, content };
}

/**
 * How one paid tool call's payment ended, as `paidCall` ended it: what a service counts (its
 * metrics), the same outcome the HTTP adapter writes as statuses and headers.
 */
export interface PaidToolPayment {
  readonly outcome: PaidCallOutcome<ToolResult>;
  /**
   * The authorization that verified and was reserved for the run (its network); undefined when
   * none did (no payment, a refused one, the facilitator unreachable before the run).
   */
  readonly authorization: AuthorizationKey | undefined;
  /** The price of this call (the gate's), what a charged call earned. */
  readonly price: string;
}

/** How a paid tool's results are written, besides what the transport fixes. */
interface PaidToolOptions {
  /**
   * Another way to pay, said at the end of an unpaid result's first line after the x402 one
   * (the tool server: "use svc-mcp --remote, which pays for clients without an x402 wallet").
   */
  readonly otherwise?: string | undefined;
  /** Told how the call's payment ended, before its result is written (never when `run` throws). */
  readonly onPayment?: ((payment: PaidToolPayment) => void) | undefined;
}

/**
 * The payment a call presents: v2's object under `x402/payment`, else v1's under `x402.payment`
 * (the base64 of its header; what cannot be decoded goes on as it is, and is refused as
 * malformed like any payload of no known shape).
 */
function presentedPayment(meta: Record<string, unknown> | undefined): unknown {
  const v2 = meta?.[MCP_PAYMENT_META];
  if (v2 !== undefined) return v2;
  const v1 = meta?.[MCP_V1_PAYMENT_META];
  if (typeof v1 !== "string") return v1;
  try {
    return decodePaymentSignatureHeader(v1);
  } catch {
    return v1;
  }
}

/**
 * Runs a paid MCP tool under the x402 MCP transport (v2's, and v1's as `x402-mcp` speaks it),
 * with the HTTP gate's rules: without a payment (`_meta["x402/payment"]`, the PaymentPayload
 * object; or v1's `_meta["x402.payment"]`) the tool does not run and the result is the
 * PaymentRequired (resource `mcp://tool/<name>`); a payment is verified and its authorization
 * reserved before `run` (the same authorization on another call is refused while this one runs,
 * and for good once it paid); a result with `isError` is never charged and frees the
 * authorization; a success is settled and only then returned, with the receipt in
 * `_meta["x402/payment-response"]` (v1: `_meta["x402.payment-response"]`); a failed settlement
 * returns the PaymentRequired and none of the content, as the transport requires, so a tool's
 * answer never goes out before its settlement, whatever the gate's settlement after the answer
 * says (that is HTTP's choice). A facilitator that cannot be reached gives an error result;
 * nothing runs. `servedOf` says, once the tool answered, what its answer was computed on (for
 * the payment's record, before settlement); `options` how an unpaid result says what to do. `run` is given the authorization that pays for it
 * (what its evidence names). The lifecycle is `paidCall`'s, as the HTTP adapter's is; this
 * adapter only reads and writes `_meta` and `isError` results.
 */
export async function callPaidTool(
  gate: PaymentGate,
  meta: Record<string, unknown> | undefined,
  run: (authorization: AuthorizationKey) => Promise<ToolResult>,
  servedOf: () => ServedRecord | undefined = () => undefined,
  options: PaidToolOptions = {},
): Promise<ToolResult> {
  let verified: AuthorizationKey | undefined;
  const outcome = await paidCall(
    gate,
    presentedPayment(meta),
    async (authorization) => {
      verified = authorization;
      const result = await run(authorization);
      return result.isError
        ? { charge: false, answer: result }
        : { charge: true, answer: result, served: servedOf() };
    },
    { answerBeforeSettlement: false },
  );
  try {
    options.onPayment?.({ outcome, authorization: verified, price: gate.resource.price });
  } catch {
    // Counting a payment never changes its answer.
  }
  switch (outcome.kind) {
    case "payment-required":
      return paymentRequiredResult(gate, outcome.stage, outcome.paymentRequired, options.otherwise);
    case "unavailable":
      return {
        isError: true,
        structuredContent: { ...outcome.body },
        content: [{ type: "text", text: JSON.stringify(outcome.body) }],
      };
    case "not-charged":
      return outcome.answer;
    case "pending":
      // Never: this adapter asks for settlement before the answer.
      throw new Error("an MCP tool's payment was left to settle after its answer");
    case "settled":
      return withReceipt(
        outcome.answer,
        outcome.receipt,
        outcome.version === 1 ? MCP_V1_PAYMENT_RESPONSE_META : MCP_PAYMENT_RESPONSE_META,
      );
  }
}

/**
 * The settlement receipt a paid tool's result carries, in whichever version's key it was paid
 * (v2's `x402/payment-response`, v1's `x402.payment-response`): present exactly when the call
 * was charged.
 */
export const toolReceiptOf = (result: ToolResult): unknown =>
  result._meta?.[MCP_PAYMENT_RESPONSE_META] ?? result._meta?.[MCP_V1_PAYMENT_RESPONSE_META];

const withReceipt = (result: ToolResult, receipt: SettleResponse, key: string): ToolResult => ({
  ...result,
  _meta: { ...result._meta, [key]: receipt },
});
