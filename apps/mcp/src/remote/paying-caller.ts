import type { CallToolResult } from "@modelcontextprotocol/server";
import { isPaymentRequiredV2 } from "@x402/core/schemas";
import type { PaymentRequired } from "@x402/core/types";
import type { Log } from "../log/stderr-log.js";
import type { Budget } from "./limits.js";
import { formatUsdc } from "./limits.js";
import type { Payer } from "./payer.js";
import { payableOf } from "./payer.js";
import { logPayment, receiptOf } from "./payment-log.js";
import { keyMissing, limitExceeded, signingFailed, unpayable } from "./tool-errors.js";

/** Where x402 v2 over MCP puts the payment of a call (transports-v2/mcp). */
const MCP_PAYMENT_META = "x402/payment";

/** The remote tool server, as far as calling a tool goes (the SDK's `Client`). */
interface RemoteTools {
  callTool(params: {
    name: string;
    arguments?: Record<string, unknown>;
    _meta?: Record<string, unknown>;
  }): Promise<CallToolResult>;
}

export interface PayingCaller {
  /** Calls `name` with `args`, paying if it is a paid tool and the limits allow. */
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
}

export interface PayingCallerOptions {
  readonly remote: RemoteTools;
  /** No payer: free tools pass through, paid ones are refused. */
  readonly payer: Payer | undefined;
  readonly budget: Budget;
  readonly log: Log;
}

/**
 * Whether a body is an x402 v2 PaymentRequired (x402's own schema), each requirement naming a
 * CAIP-2 network and carrying its `extra` (the token's signing domain).
 */
const isPaymentRequired = (body: unknown): body is PaymentRequired =>
  isPaymentRequiredV2(body) &&
  body.accepts.every(
    (r) => /^[^:]+:.+$/.test(r.network) && typeof r.extra === "object" && r.extra !== null,
  );

/** The x402 v2 PaymentRequired an unpaid call of a paid tool answers with, if this is one. */
function paymentRequiredOf(result: CallToolResult): PaymentRequired | undefined {
  if (result.isError !== true) return undefined;
  const body = result.structuredContent;
  return isPaymentRequired(body) ? body : undefined;
}

/**
 * Calls remote tools, paying for the paid ones. Each call is first made unpaid: a free tool's
 * answer (or any answer that is not a PaymentRequired) is returned as it is. A PaymentRequired
 * is paid at most once: its requirement is checked against the limits (the budget reserves the
 * price) before anything is signed, the call is made again with the payment, and whatever that
 * answers is returned unchanged (content, structuredContent, isError, `_meta` with the receipt),
 * even another PaymentRequired: the proxy never pays twice for one call. A price is never taken
 * from an earlier call: the unpaid call asks the service each time (a document tool's price
 * depends on its arguments, and terms may change).
 */
export function payingCaller(options: PayingCallerOptions): PayingCaller {
  const { remote, payer, budget, log } = options;
  const call = async (name: string, args: Record<string, unknown>): Promise<CallToolResult> => {
    const unpaid = await remote.callTool({ name, arguments: args });
    const required = paymentRequiredOf(unpaid);
    if (required === undefined) return unpaid;

    const payable = payableOf(required);
    if (payer === undefined) {
      log.warn({ tool: name }, "payment.no-key");
      return keyMissing(name, payable?.amount);
    }
    if (payable === undefined) {
      const offered = required.accepts.map((r) => `${r.scheme} ${r.asset} on ${r.network}`);
      log.warn({ tool: name, offered }, "payment.unsupported");
      return unpayable(name, offered);
    }
    const reserved = budget.reserve(payable.amount);
    if (!reserved.ok) {
      const { limit, max } = reserved.refusal;
      log.warn(
        { tool: name, amount: formatUsdc(payable.amount), limit, max: formatUsdc(max) },
        "payment.refused",
      );
      return limitExceeded(name, reserved.refusal);
    }
    const { reservation } = reserved;

    let payment: unknown;
    try {
      payment = await payer.sign(required, payable);
    } catch (error) {
      reservation.release();
      log.warn({ tool: name, err: error }, "payment.signing-failed");
      return signingFailed(name, error);
    }

    let paid: CallToolResult;
    try {
      paid = await remote.callTool({
        name,
        arguments: args,
        _meta: { [MCP_PAYMENT_META]: payment },
      });
    } catch (error) {
      // The signed authorization left this process: the service may have settled it. It counts
      // against the limits, and the log says its outcome is unknown.
      reservation.commit();
      log.warn(
        { tool: name, amount: formatUsdc(payable.amount), err: error },
        "payment.outcome-unknown",
      );
      throw error;
    }

    const receipt = receiptOf(paid._meta);
    if (receipt?.success === true) {
      reservation.commit();
      logPayment(log, {
        tool: name,
        amount: payable.amount,
        network: payable.requirement.network,
        payer: payer.address,
        payTo: payable.requirement.payTo,
        spentTotal: budget.spent,
        receipt,
      });
    } else if (paid.isError === true) {
      // Refused or failed without a receipt: the service charges nothing for it.
      reservation.release();
      log.warn({ tool: name, amount: formatUsdc(payable.amount) }, "payment.not-charged");
    } else {
      // An answer without a receipt: the authorization may still be settled; count it.
      reservation.commit();
      log.warn({ tool: name, amount: formatUsdc(payable.amount) }, "payment.outcome-unknown");
    }
    return paid;
  };

  return { call };
}
