/**
 * When a message is attempted, as the Standard Webhooks specification suggests: at once, then 5 s,
 * 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h after each failed attempt (ten attempts over
 * about three days), each delay with ±10% jitter so a receiver coming back up is not hit by every
 * waiting message in the same second.
 */
export const RETRY_SCHEDULE_SECONDS: readonly number[] = Object.freeze([
  0,
  5,
  5 * 60,
  30 * 60,
  2 * 3600,
  5 * 3600,
  10 * 3600,
  14 * 3600,
  20 * 3600,
  24 * 3600,
]);

/** The most attempts a message gets. */
export const MAX_ATTEMPTS = RETRY_SCHEDULE_SECONDS.length;

/** How far a delay is moved either way at random. */
const JITTER = 0.1;

/** The longest a receiver's `retry-after` may hold a message back: the schedule's longest step. */
const MAX_RETRY_AFTER_SECONDS = 24 * 3600;

export interface NextAttemptOptions {
  /** The receiver's `retry-after`, in seconds, if it sent one. */
  readonly retryAfterSeconds?: number | undefined;
  /** A number in [0, 1): the jitter's draw (`Math.random` unless given). */
  readonly random?: number | undefined;
}

/**
 * When to attempt a message again after its `failedAttempts`-th attempt failed at `now`, or
 * undefined when it has had every attempt. A receiver's `retry-after` is honoured (never sooner
 * than it asks, up to a day); otherwise the schedule's delay with jitter.
 */
export function nextAttemptAt(
  failedAttempts: number,
  now: Date,
  options: NextAttemptOptions = {},
): Date | undefined {
  const step = RETRY_SCHEDULE_SECONDS[failedAttempts];
  if (step === undefined) return undefined;
  const random = options.random ?? Math.random();
  const jittered = step * (1 + JITTER * (2 * random - 1));
  const asked = Math.min(options.retryAfterSeconds ?? 0, MAX_RETRY_AFTER_SECONDS);
  return new Date(now.getTime() + Math.round(Math.max(jittered, asked) * 1000));
}

/**
 * A `retry-after` header's value in seconds from `now` (delay-seconds or an HTTP date), or
 * undefined when absent or unreadable.
 */
export function retryAfterSeconds(value: string | null | undefined, now: Date): number | undefined {
  if (value === null || value === undefined || value.trim() === "") return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now.getTime()) / 1000));
}
