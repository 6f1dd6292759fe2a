import type { PaymentLedger } from "../../ledger/payment-ledger.js";
import { table, usdc } from "../format.js";
import type { CommandOptions } from "./options.js";

export const totalsUsage =
  "totals [--days N] [--json]            settled, pending, failed and released payments by UTC day and operation (default: 7 days)";

const NUMBERS = new Set(["SETTLED", "USDC", "PENDING", "FAILED", "RELEASED"]);

export async function totalsCommand(ledger: PaymentLedger, options: CommandOptions) {
  const totals = await ledger.totals({ days: options.days });
  if (options.json) return `${JSON.stringify(totals, null, 2)}\n`;
  if (totals.length === 0) return `no payments in the last ${options.days} day(s)\n`;
  const sum = (pick: (t: (typeof totals)[number]) => number) =>
    String(totals.reduce((n, t) => n + pick(t), 0));
  const rows = totals.map((t) => [
    t.day,
    t.operation,
    String(t.settled),
    usdc(t.settledAmount),
    String(t.pending),
    String(t.failed),
    String(t.released),
  ]);
  rows.push([
    "total",
    "",
    sum((t) => t.settled),
    usdc(totals.reduce((n, t) => n + BigInt(t.settledAmount), 0n).toString()),
    sum((t) => t.pending),
    sum((t) => t.failed),
    sum((t) => t.released),
  ]);
  const headers = ["DAY", "OPERATION", "SETTLED", "USDC", "PENDING", "FAILED", "RELEASED"];
  return `${table(headers, rows, NUMBERS)}\n`;
}
