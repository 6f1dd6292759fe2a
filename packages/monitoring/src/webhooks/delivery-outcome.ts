import { nextAttemptAt, retryAfterSeconds } from "./retry-schedule.js";

/** What one delivery attempt came to. */
export type DeliveryOutcome =
  | { readonly kind: "delivered"; readonly status: number }
  /** 410 Gone: the receiver asks for no more messages; its endpoint is disabled. */
  | { readonly kind: "endpoint_gone"; readonly status: 410 }
  | {
      readonly kind: "retry";
      readonly at: Date;
      readonly status: number | undefined;
      readonly error: string | undefined;
    }
  /** Every attempt failed. */
  | {
      readonly kind: "failed";
      readonly status: number | undefined;
      readonly error: string | undefined;
    };

/** What a delivery attempt got: an HTTP status and its `retry-after`, or an error (timeout, refused). */
export type AttemptResult =
  | { readonly status: number; readonly retryAfter?: string | null | undefined }
  | { readonly error: string };

/**
 * Classifies an attempt as the specification asks: any 2xx is delivered; 410 disables the
 * endpoint; anything else (another status, a redirect, which is never followed, a timeout or a
 * connection error) is retried on the schedule, honouring `retry-after`, until the attempts run out.
 */
export function deliveryOutcome(
  result: AttemptResult,
  attemptsSoFar: number,
  now: Date,
  random?: number,
): DeliveryOutcome {
  if ("status" in result && result.status >= 200 && result.status < 300) {
    return { kind: "delivered", status: result.status };
  }
  if ("status" in result && result.status === 410) return { kind: "endpoint_gone", status: 410 };
  const status = "status" in result ? result.status : undefined;
  const error = "error" in result ? result.error : undefined;
  const at = nextAttemptAt(attemptsSoFar, now, {
    random,
    retryAfterSeconds: "status" in result ? retryAfterSeconds(result.retryAfter, now) : undefined,
  });
  return at === undefined
    ? { kind: "failed", status, error }
    : { kind: "retry", at, status, error };
}
