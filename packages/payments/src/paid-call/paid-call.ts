import type { PaymentRequired, SettleResponse } from "@x402/core/types";
import type { PendingPayment } from "../deferred/deferred-settlement.js";
import { type PaymentGate, PaymentUnavailableError } from "../gate/payment-gate.js";
import type { AuthorizationKey, ServedRecord } from "../reservation/reservation-store.js";
import { canonicalKey } from "../schemes/canonical-key.js";
import type { X402Version } from "../versions/x402-v1.js";

/**
 * What a paid run came to, as its transport reads its answer: `charge: false` when the run says
 * it failed (an HTTP 4xx or 5xx, an `isError` tool result), which is never charged; else the
 * answer and what it was computed on (the list edition, the screened addresses), noted with the
 * payment before it is settled.
 */
export type RunResult<Answer> =
  | { readonly charge: false; readonly answer: Answer }
  | {
      readonly charge: true;
      readonly answer: Answer;
      readonly served?: ServedRecord | undefined;
    };

/**
 * The paid work, given the authorization that pays for it (what its evidence names), in the one
 * spelling its scheme defines (`canonicalKey`).
 */
export type PaidRun<Answer> = (authorization: AuthorizationKey) => Promise<RunResult<Answer>>;

/** Why a call gets a PaymentRequired instead of its answer. */
type PaymentRequiredStage =
  /** No payment was presented: nothing ran. */
  | "unpaid"
  /** The payment did not verify, or its payer is refused by the settlement limits: nothing ran. */
  | "refused"
  /** The work ran but its settlement was refused: none of its answer may be sent. */
  | "settlement";

/** The body a caller is given when the facilitator or the ledger failed (HTTP 503, MCP isError). */
export interface UnavailableBody {
  readonly success: false;
  readonly error: string;
  readonly code: PaymentUnavailableError["code"];
}

/**
 * How a paid call ended, whatever carries it; a transport adapter only writes it in its own
 * words (status codes and headers, or a tool result and its `_meta`).
 */
export type PaidCallOutcome<Answer> =
  | {
      readonly kind: "payment-required";
      readonly stage: PaymentRequiredStage;
      readonly paymentRequired: PaymentRequired;
    }
  /** The facilitator or the ledger could not be reached: nothing was charged. */
  | {
      readonly kind: "unavailable";
      readonly error: PaymentUnavailableError;
      readonly body: UnavailableBody;
    }
  /** The run said it failed: its answer goes out as it is, and the authorization is free again. */
  | { readonly kind: "not-charged"; readonly answer: Answer }
  /**
   * Settled before the answer: the answer goes out with the receipt, in the words of the x402
   * version the payment came in (`version`).
   */
  | {
      readonly kind: "settled";
      readonly answer: Answer;
      readonly receipt: SettleResponse;
      readonly version: X402Version;
    }
  /** Recorded to be settled after the answer: the answer goes out now, with the payment's id. */
  | { readonly kind: "pending"; readonly answer: Answer; readonly pending: PendingPayment };

/** How a transport lets a paid call be answered. */
export interface PaidCallOptions {
  /**
   * Whether the answer may go out before its settlement (the gate's settlement after the
   * answer, within its limits). Default true. False for a transport whose protocol says content
   * is returned only once settled (x402 over MCP): every payment is then settled first.
   */
  readonly answerBeforeSettlement?: boolean;
}

/** The refusal text of a call that presented no payment. */
export const UNPAID = "Payment required";

/** What the caller is told when the facilitator or the ledger failed: what failed, what it cost. */
export const unavailableBody = (error: PaymentUnavailableError): UnavailableBody => ({
  success: false,
  error: `${error.message}; ${error.consequence}`,
  code: error.code,
});

/**
 * One paid call from the payment presented to its settlement or release, the same for every
 * transport (x402's resource server core, its adapters apart). `payload` is the decoded payment
 * (any shape; undefined when none was presented). In order, each step at most once:
 *
 * 1. no payment: the gate's unpaid PaymentRequired; nothing runs;
 * 2. verify (which reserves the authorization; a payment of x402 v1 or v2, each read in its
 *    own words by the gate) and, where the transport lets the answer go first, plan (settle
 *    before or after the answer); a refusal of either is a PaymentRequired, and nothing runs;
 * 3. run, given the authorization; a run that throws, or says it failed, releases it (a thrown
 *    error goes on to the caller; a failed answer is returned, not charged);
 * 4. after the answer: the payment is recorded with what was served (`defer`) and the answer
 *    returned pending; if it cannot be recorded the authorization is released and the answer
 *    withheld;
 * 5. before the answer: what was served is noted, then the payment settled; a refused
 *    settlement is a PaymentRequired and none of the answer. Once settling started nothing is
 *    released here: the gate frees a refused settlement itself, and one that may have moved
 *    money keeps the authorization used.
 *
 * The facilitator or ledger failing anywhere is the `unavailable` outcome, never a throw.
 */
export async function paidCall<Answer>(
  gate: PaymentGate,
  payload: unknown,
  run: PaidRun<Answer>,
  options: PaidCallOptions = {},
): Promise<PaidCallOutcome<Answer>> {
  try {
    if (payload === undefined) return paymentRequired("unpaid", await gate.paymentRequired(UNPAID));
    const verified = await gate.verify(payload);
    if (!verified.ok) return paymentRequired("refused", verified.paymentRequired);
    const plan =
      options.answerBeforeSettlement === false
        ? ({ ok: true, kind: "before-response" } as const)
        : await gate.plan(verified);
    if (!plan.ok) return paymentRequired("refused", plan.paymentRequired);

    let result: RunResult<Answer>;
    try {
      // The run is given the authorization in its scheme's one spelling (EVM: hex lower-cased),
      // so what it signs and records names one payment however the client spelled it.
      result = await run(canonicalKey(verified.authorization));
    } catch (error) {
      await gate.release(verified);
      throw error;
    }
    if (!result.charge) {
      await gate.release(verified);
      return { kind: "not-charged", answer: result.answer };
    }
    if (plan.kind === "after-response") {
      let pending: PendingPayment;
      try {
        pending = await gate.defer(verified, result.served);
      } catch (error) {
        await gate.release(verified);
        throw error;
      }
      return { kind: "pending", answer: result.answer, pending };
    }
    await gate.served(verified, result.served);
    const settled = await gate.settle(verified);
    if (!settled.ok) return paymentRequired("settlement", settled.paymentRequired);
    return {
      kind: "settled",
      answer: result.answer,
      receipt: settled.receipt,
      version: verified.version,
    };
  } catch (error) {
    if (!(error instanceof PaymentUnavailableError)) throw error;
    return { kind: "unavailable", error, body: unavailableBody(error) };
  }
}

const paymentRequired = <Answer>(
  stage: PaymentRequiredStage,
  required: PaymentRequired,
): PaidCallOutcome<Answer> => ({ kind: "payment-required", stage, paymentRequired: required });
