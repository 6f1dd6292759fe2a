import type { PaymentLedger } from "../../ledger/payment-ledger.js";
import type { PaymentRecord } from "../../ledger/payment-record.js";
import { list, usdc } from "../format.js";
import type { PaymentOptions } from "./options.js";

export const showUsage =
  "show <paymentId> [--json]             one payment by its id (pay_…), every field of its record";

/** A value as shown: "-" for none. */
const shown = (value: string | null): string => value ?? "-";

/** Every field of a record, labelled (the type makes sure none is left out), in reading order. */
const fieldsOf = (
  r: PaymentRecord,
): { readonly [K in keyof PaymentRecord]: readonly [label: string, value: string] } => ({
  paymentId: ["payment id", r.paymentId],
  status: ["status", r.status],
  operation: ["operation", r.operation],
  amount: ["amount", `${usdc(r.amount)} USDC (${r.amount} atomic units)`],
  payer: ["payer", r.payer],
  network: ["network", r.network],
  asset: ["asset", r.asset],
  nonce: ["nonce", r.nonce],
  requestId: ["request id", shown(r.requestId)],
  authorizationExpiresAt: ["authorization expires at", r.authorizationExpiresAt],
  reservedAt: ["reserved at", r.reservedAt],
  servedAt: ["served at", shown(r.servedAt)],
  endedAt: ["ended at", shown(r.endedAt)],
  updatedAt: ["updated at", r.updatedAt],
  txHash: ["transaction", shown(r.txHash)],
  failureReason: ["failure reason", shown(r.failureReason)],
  fault: [
    "whose doing",
    r.fault === null ? "-" : r.fault === "payer" ? "the payer's" : "the operator's",
  ],
  deferred: ["settled after its answer", r.deferred ? "yes" : "no"],
  attempts: ["settlement attempts", String(r.attempts)],
  nextAttemptAt: ["next attempt at", shown(r.nextAttemptAt)],
  lastError: ["last error", shown(r.lastError)],
  lastRefusal: ["last refusal", shown(r.lastRefusal)],
  unsettledEnds: ["unsettled ends before", String(r.unsettledEnds)],
  datasetSha256: ["dataset sha256", shown(r.datasetSha256)],
  query: ["screened addresses", r.query === null ? "-" : r.query.join(", ")],
  id: ["row id", r.id],
});

/** A record as a readable list, one field a line. */
export const recordList = (record: PaymentRecord): string => list(Object.values(fieldsOf(record)));

/** A payment by its id, or exit 1 saying it is not in the ledger. */
export async function paymentById(ledger: PaymentLedger, paymentId: string) {
  const record = await ledger.deferred.byPaymentId(paymentId);
  if (record === undefined) throw new Error(`no payment ${paymentId} in this ledger`);
  return record;
}

export async function showCommand(ledger: PaymentLedger, options: PaymentOptions) {
  const record = await paymentById(ledger, options.paymentId);
  return options.json ? `${JSON.stringify(record, null, 2)}\n` : `${recordList(record)}\n`;
}
