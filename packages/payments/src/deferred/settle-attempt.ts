import type { x402ResourceServer } from "@x402/core/server";
import {
  type PaymentPayload,
  type PaymentRequirements,
  SettleError,
  type SettleResponse,
} from "@x402/core/types";
import { refusedByFacilitator } from "../gate/facilitator-refusal.js";
import {
  isPaymentPayload,
  isPaymentPayloadV1,
  isRequirements,
  isRequirementsV1,
} from "../versions/payload-shapes.js";

/** What one attempt to settle a payment recorded for later came to. */
export type SettleAttempt =
  | { readonly outcome: "settled"; readonly receipt: SettleResponse }
  /** The facilitator answered no (e.g. the payer's balance): the payer's doing. */
  | { readonly outcome: "refused"; readonly reason: string }
  /** The facilitator failed (unreachable, 5xx, timeout): nobody's doing; tried again. */
  | { readonly outcome: "unavailable"; readonly message: string };

/**
 * A payment as recorded for settlement after the answer: the signed payload and its terms, in
 * the payload's own x402 version (what the facilitator is given: `VerifiedPayment.facilitatorRequest`).
 */
export interface StoredPayment {
  readonly payload: unknown;
  readonly requirements: unknown;
}

/** Why a stored payment cannot be settled at all (it was not written by this service). */
const UNREADABLE_STORED_PAYMENT = "stored_payment_unreadable";

/**
 * Settles recorded payments through the resource server's facilitator, classifying each attempt:
 * settled with its receipt, refused by the facilitator (with its reason), or the facilitator
 * unavailable. Never throws.
 */
export function settleStoredPayments(
  server: x402ResourceServer,
): (stored: StoredPayment) => Promise<SettleAttempt> {
  return async (stored) => {
    const { payload, requirements } = stored;
    const readable =
      (isPaymentPayload(payload) && isRequirements(requirements)) ||
      (isPaymentPayloadV1(payload) && isRequirementsV1(requirements));
    if (!readable) return { outcome: "refused", reason: UNREADABLE_STORED_PAYMENT };
    try {
      // A v1 payment is settled as it was verified: by the facilitator's v1 kind, with v1 terms.
      const receipt = await server.settlePayment(
        payload as PaymentPayload,
        requirements as PaymentRequirements,
      );
      if (receipt.success) return { outcome: "settled", receipt };
      return { outcome: "refused", reason: receipt.errorReason ?? "settlement_failed" };
    } catch (error) {
      const reason = refusedByFacilitator(error, SettleError);
      if (reason !== undefined) return { outcome: "refused", reason };
      return {
        outcome: "unavailable",
        message: error instanceof Error ? error.message : String(error),
      };
    }
  };
}
