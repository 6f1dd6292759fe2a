import type { PaymentLedger } from "../../ledger/payment-ledger.js";
import type { PaymentRecord } from "../../ledger/payment-record.js";
import { table, usdc } from "../format.js";
import type { CommandOptions } from "./options.js";

export const pendingUsage =
  "pending [--limit N] [--json]          payments served or settling, their settlement not recorded yet, oldest first";
export const failedUsage =
  "failed [--limit N] [--json]           payments whose settlement failed, newest first, and whose doing (payer or operator)";

const NUMBERS = new Set(["USDC"]);

const listOf = (records: readonly PaymentRecord[], withFailure: boolean) =>
  table(
    [
      "RESERVED AT",
      "PAYMENT ID",
      "STATUS",
      "OPERATION",
      "USDC",
      "PAYER",
      "NONCE",
      ...(withFailure ? ["REASON", "WHOSE", "TX"] : ["REQUEST", "ATTEMPTS", "LAST ERROR"]),
    ],
    records.map((r) => [
      r.reservedAt,
      r.paymentId,
      r.status,
      r.operation,
      usdc(r.amount),
      r.payer,
      r.nonce,
      ...(withFailure
        ? [r.failureReason ?? "", r.fault ?? "", r.txHash ?? ""]
        : [r.requestId ?? "", String(r.attempts), r.lastError ?? ""]),
    ]),
    NUMBERS,
  );

export async function pendingCommand(ledger: PaymentLedger, options: CommandOptions) {
  const records = await ledger.pending({ limit: options.limit });
  if (options.json) return `${JSON.stringify(records, null, 2)}\n`;
  return records.length === 0 ? "no pending payments\n" : `${listOf(records, false)}\n`;
}

export async function failedCommand(ledger: PaymentLedger, options: CommandOptions) {
  const records = await ledger.failed({ limit: options.limit });
  if (options.json) return `${JSON.stringify(records, null, 2)}\n`;
  return records.length === 0 ? "no failed payments\n" : `${listOf(records, true)}\n`;
}
