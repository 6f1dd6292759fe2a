import type { Log } from "../log/stderr-log.js";
import { formatUsdc } from "./limits.js";

/** Where x402 v2 over MCP puts the receipt of a paid call (transports-v2/mcp). */
const MCP_PAYMENT_RESPONSE_META = "x402/payment-response";

/** What a paid result's receipt says, as far as the payment's log line needs it. */
export interface Receipt {
  readonly success: boolean;
  /** The settlement's transaction hash; empty while settlement is pending. */
  readonly transaction?: string;
  /** Settled after the answer: `pending`, with the payment's id. */
  readonly status?: string;
  readonly paymentId?: string;
  readonly network?: string;
  readonly payer?: string;
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" ? value : undefined;

/** The receipt in a tool result's `_meta`, if it carries one. */
export function receiptOf(meta: Record<string, unknown> | undefined): Receipt | undefined {
  const raw = meta?.[MCP_PAYMENT_RESPONSE_META];
  if (typeof raw !== "object" || raw === null) return undefined;
  const field = (name: string): unknown => (name in raw ? Reflect.get(raw, name) : undefined);
  return {
    success: field("success") === true,
    transaction: text(field("transaction")),
    status: text(field("status")),
    paymentId: text(field("paymentId")),
    network: text(field("network")),
    payer: text(field("payer")),
  };
}

/** One payment the proxy made, as its log line says it. */
export interface PaymentRecord {
  readonly tool: string;
  /** The price paid, atomic USDC. */
  readonly amount: bigint;
  readonly network: string;
  readonly payer: string;
  readonly payTo: string;
  /** Paid for good by this process so far (this payment included), atomic USDC. */
  readonly spentTotal: bigint;
  readonly receipt: Receipt;
}

/**
 * Writes one payment as one JSON line on stderr (the process's log): `msg: "payment"`, the tool,
 * the amount in USDC, the transaction hash (settled before the answer) or the payment id (settled
 * after it: `status: "pending"`, the service gives the receipt by that id), the network, payer
 * and payee, and the total paid so far.
 */
export function logPayment(log: Log, record: PaymentRecord): void {
  const { receipt } = record;
  const pending = receipt.status === "pending";
  log.info(
    {
      tool: record.tool,
      amount: formatUsdc(record.amount),
      asset: "USDC",
      status: pending ? "pending" : "settled",
      ...(pending ? { paymentId: receipt.paymentId } : { transaction: receipt.transaction }),
      network: receipt.network ?? record.network,
      payer: receipt.payer ?? record.payer,
      payTo: record.payTo,
      spentTotal: formatUsdc(record.spentTotal),
    },
    "payment",
  );
}
