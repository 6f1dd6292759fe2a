import { REFUSALS, type RefusalReason } from "./refusal-reasons.js";

/**
 * How far a payer's clock may run ahead of ours: an authorization may end at most this much
 * later than the advertised timeout allows.
 */
export const CLOCK_SKEW_SECONDS = 15;

/**
 * What settlement needs after the work is done: the facilitator refuses an authorization that
 * ends within 6 seconds, and the transfer must then be sent and mined.
 */
export const SETTLEMENT_MARGIN_SECONDS = 12;

export interface WindowRules {
  /** Seconds since the epoch, now. */
  readonly nowSeconds: number;
  /** The longest validity the requirements advertise (`maxTimeoutSeconds`). */
  readonly maxTimeoutSeconds: number;
  /** The operation's execution budget, in seconds. */
  readonly executionSeconds: number;
}

/**
 * Checks an authorization's validity window before any work:
 *
 * - it must already be valid (`validAfter` not in the future, beyond the clock skew);
 * - it must not outlive the advertised timeout plus the clock skew (an authorization valid for
 *   years could be held and spent whenever its holder likes, and would have to be remembered as
 *   used for as long);
 * - it must leave the operation's whole execution budget plus the settlement margin, so the
 *   work is never done for an authorization that expires before it can be settled.
 */
export function checkValidityWindow(
  window: { readonly validAfter: bigint; readonly validBefore: bigint },
  rules: WindowRules,
): RefusalReason | undefined {
  const now = BigInt(Math.floor(rules.nowSeconds));
  if (window.validAfter > now + BigInt(CLOCK_SKEW_SECONDS)) return REFUSALS.notYetValid;
  if (window.validBefore > now + BigInt(rules.maxTimeoutSeconds + CLOCK_SKEW_SECONDS)) {
    return REFUSALS.validityTooLong;
  }
  const needed = Math.ceil(rules.executionSeconds) + SETTLEMENT_MARGIN_SECONDS;
  if (window.validBefore < now + BigInt(needed)) return REFUSALS.validityTooShort;
  return undefined;
}
