import type { RateLimit } from "../../app/client-rate-limit.js";
import { clientBuckets } from "../../app/client-rate-limit.js";

/**
 * Requests without a valid proof one client may make (a challenge asked for, a proof refused):
 * an owner's call costs one challenge, so 60 at once, then 5 a second.
 */
export const SIGN_IN_RATE_LIMIT: RateLimit = { burst: 60, perSecond: 5 };

/** Clients remembered as held back. */
const MAX_HELD = 10_000;

/**
 * The failed sign-ins of each client (a token bucket per client address): past its allowance a
 * client is held back for the seconds its bucket needs, and every request it makes meanwhile is
 * refused before its proof is read or its signature verified, so a flood of forged proofs costs
 * one map lookup each. Signed-in requests take nothing.
 */
export interface FailedSignIns {
  readonly limit: RateLimit;
  /** The whole seconds the client is still held back (0: not held). */
  heldFor(client: string): number;
  /** Counts a failed attempt: the whole seconds the client is now held back (0: not held). */
  failed(client: string): number;
}

export function failedSignIns(
  limit: RateLimit = SIGN_IN_RATE_LIMIT,
  now: () => number = Date.now,
): FailedSignIns {
  const buckets = clientBuckets({ ...limit, now });
  const held = new Map<string, number>();
  return {
    limit,
    heldFor(client) {
      const until = held.get(client);
      if (until === undefined) return 0;
      const left = until - now();
      if (left <= 0) {
        held.delete(client);
        return 0;
      }
      return Math.ceil(left / 1000);
    },
    failed(client) {
      const wait = buckets.take(client);
      if (wait > 0) {
        held.delete(client);
        held.set(client, now() + wait * 1000);
        if (held.size > MAX_HELD) held.delete(held.keys().next().value as string);
      }
      return wait;
    },
  };
}
