import type { PaymentLedger } from "../../ledger/payment-ledger.js";
import type { UnblockOptions } from "./options.js";
import { paymentById, recordList } from "./show.js";

export const unblockUsage =
  'unblock <paymentId> --reason "<why>" [--json]  a failed payment recorded as the operator\'s doing: still unpaid, its payer served again';

/**
 * The operator's record that a failed payment was not its payer's doing (the facilitator was
 * down, out of gas, the service retried too late): it stays failed and unpaid (no transaction is
 * invented), the reason is kept, and its payer is served again. Only a failed payment; any other
 * is left as it is (exit 1, saying its status).
 */
export async function unblockCommand(ledger: PaymentLedger, options: UnblockOptions) {
  const unblocked = await ledger.deferred.unblock(options.paymentId, options.reason);
  if (unblocked === undefined) {
    const { status } = await paymentById(ledger, options.paymentId);
    throw new Error(
      `payment ${options.paymentId} is ${status}: only a failed payment is unblocked`,
    );
  }
  if (options.json) return `${JSON.stringify(unblocked, null, 2)}\n`;
  return `${options.paymentId} recorded as the operator's doing: still failed and unpaid; its payer is served again\n${recordList(unblocked)}\n`;
}
