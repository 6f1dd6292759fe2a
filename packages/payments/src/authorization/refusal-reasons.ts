/**
 * The reasons this service gives in a 402's `error` when it refuses a payment itself, before or
 * instead of asking the facilitator. They are stable: clients may branch on them. Reasons the
 * facilitator gives (e.g. `invalid_exact_evm_signature`, `invalid_exact_evm_nonce_already_used`)
 * are passed on as they are.
 */
export const REFUSALS = {
  /** The header is not base64 JSON of a PaymentPayload. */
  invalidHeader: "invalid_payment_header",
  /** Not an x402 v2 PaymentPayload, or not an authorization of the scheme it is paid by. */
  invalidPayload: "invalid_payload",
  /** `accepted` is not one of this resource's requirements (price, network, asset, payTo…). */
  requirementsMismatch: "payment_does_not_match_requirements",
  /** The payment names another route or tool than the one it was sent to. */
  resourceMismatch: "payment_resource_mismatch",
  /** The signed value or recipient differs from the requirements. */
  authorizationMismatch: "invalid_exact_evm_payload_authorization_value_mismatch",
  recipientMismatch: "invalid_exact_evm_recipient_mismatch",
  /** validBefore is too far ahead (more than the advertised timeout plus clock skew). */
  validityTooLong: "invalid_exact_evm_payload_authorization_valid_before_too_far",
  /** validBefore leaves too little time to run the operation and settle. */
  validityTooShort: "invalid_exact_evm_payload_authorization_valid_before",
  /** validAfter is in the future. */
  notYetValid: "invalid_exact_evm_payload_authorization_valid_after",
  /** The same authorization is being used by a request that has not ended. */
  inUse: "payment_in_use",
  /** The authorization already paid for an answer. */
  alreadyUsed: "payment_already_used",
  /** The authorization's requests ended unsettled too many times (`MAX_UNSETTLED_ENDS`). */
  attemptsExhausted: "payment_attempts_exhausted",
} as const;

export type RefusalReason = (typeof REFUSALS)[keyof typeof REFUSALS];
