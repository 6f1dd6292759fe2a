import { SettleError, VerifyError } from "@x402/core/types";
import { REFUSALS } from "../authorization/refusal-reasons.js";

/**
 * The reason when the facilitator refused the payment (it answered, and said no) rather than
 * failed: its "invalid" answer, or an HTTP 4xx (a request it would not take). Anything else
 * (network error, 5xx, timeout) is the facilitator failing: undefined.
 */
export function refusedByFacilitator(
  error: unknown,
  kind: typeof VerifyError | typeof SettleError,
): string | undefined {
  if (error instanceof VerifyError && kind === VerifyError && error.invalidReason) {
    return error.invalidReason;
  }
  if (error instanceof SettleError && kind === SettleError && error.errorReason) {
    return error.errorReason;
  }
  // HTTPFacilitatorClient reports a non-2xx answer without an x402 body as
  // "Facilitator verify failed (400): …"; the status is only in the text.
  const status =
    error instanceof Error
      ? /^Facilitator \w+ failed \((\d{3})\)/.exec(error.message)?.[1]
      : undefined;
  if (status === "400" || status === "409" || status === "422") return REFUSALS.invalidPayload;
  return undefined;
}
