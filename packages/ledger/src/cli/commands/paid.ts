import type { PaymentLedger } from "../../ledger/payment-ledger.js";
import type { PaidOptions } from "./options.js";
import { paymentById, recordList } from "./show.js";

export const paidUsage =
  "paid <paymentId> --tx <0x…> [--json]  a failed payment paid out of band in that transaction: settled, its payer served again";

/**
 * The operator's record that a failed payment was paid out of band: settled with the
 * transaction, which lets its payer be served again. Only a failed payment; any other is left as
 * it is (exit 1, saying its status).
 */
export async function paidCommand(ledger: PaymentLedger, options: PaidOptions) {
  const paid = await ledger.deferred.paidOutOfBand(options.paymentId, options.tx);
  if (paid === undefined) {
    const { status } = await paymentById(ledger, options.paymentId);
    throw new Error(
      `payment ${options.paymentId} is ${status}: only a failed payment is recorded paid out of band`,
    );
  }
  if (options.json) return `${JSON.stringify(paid, null, 2)}\n`;
  return `${options.paymentId} recorded paid out of band in ${paid.txHash}: settled; its payer is served again\n${recordList(paid)}\n`;
}
