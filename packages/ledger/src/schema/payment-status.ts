/**
 * Where a payment is: reserved (its request runs) → served (the answer is out) → settling (the
 * settlement was sent) → settled | failed; or released (it ended without payment: the
 * authorization may be tried again).
 */
export const PAYMENT_STATUSES = [
  "reserved",
  "served",
  "settling",
  "settled",
  "failed",
  "released",
] as const;

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
