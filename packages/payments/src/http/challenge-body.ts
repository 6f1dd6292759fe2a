import type { PaymentRequired } from "@x402/core/types";
import type { PaymentGate } from "../gate/payment-gate.js";

/** The stable code of a 402's body where it does not carry the terms itself. */
const PAYMENT_REQUIRED_CODE = "PAYMENT_REQUIRED";

/**
 * The JSON body of a 402, so that no carrier repeats what another already holds:
 *
 * - where the `PAYMENT-REQUIRED` header is sent (x402 v2 offered), it carries v2's terms whole,
 *   bazaar declaration included (a v2 client pays from it and echoes its `extensions`, which is
 *   all the Bazaar catalogues; x402scan's probe reads the header first too). The body then
 *   carries only what a v1 client pays from: v1's PaymentRequired, its entries without the
 *   discovery declaration (v1's `outputSchema` is optional; `{}`, as v1 servers sent it),
 *   unless the header had to leave the declaration out (a URL too long for its budget);
 * - if no entry can be paid in v1 (v1 not offered, or no v1 kind at the facilitator), the body
 *   repeats nothing: the service's error shape (`success: false`, `error`, a stable `code`),
 *   and where the terms are (`x402: {version: 2, header: "PAYMENT-REQUIRED"}`);
 * - where no header is sent (v1 only), the body is the only carrier: v1's PaymentRequired with
 *   the declaration as its `outputSchema` (what v1 catalogues read), else v2's whole (as also
 *   where the header had to leave the declaration out and v1 is not offered).
 */
export function challengeBody(
  gate: PaymentGate,
  paymentRequired: PaymentRequired,
  header: { readonly declared: boolean } | undefined,
): object {
  const v1 = gate.v1PaymentRequired(paymentRequired, { discovery: header?.declared !== true });
  if (v1 !== undefined) return v1;
  if (header?.declared !== true) return paymentRequired;
  return {
    success: false,
    error: paymentRequired.error ?? "Payment required",
    code: PAYMENT_REQUIRED_CODE,
    x402: { version: 2, header: "PAYMENT-REQUIRED" },
  };
}
