import type { RandomSource } from "../rng/random-source.js";
import { requireFinite, requireIntegerIn } from "../validate/arguments.js";

const TWO_32 = 4294967296;
const INV_TWO_32 = 2.3283064365386963e-10;
/** Up to this n, x·n (x < 2^32) is an exact double, so Lemire's method needs no 64-bit type. */
const LEMIRE_MAX_N = 2 ** 21;

/**
 * A double uniform in [min, max) (default [0, 1)): `min + (max − min)·u` with one 32-bit `u`.
 * A result that rounding pushes up to `max` is drawn again, so `max` never comes out.
 */
export function uniform(rng: RandomSource, min = 0, max = 1): number {
  requireFinite("uniform", "min", min);
  requireFinite("uniform", "max", max);
  const width = max - min;
  if (!(width > 0) || width === Number.POSITIVE_INFINITY) {
    throw new RangeError(
      `uniform: need min < max with a finite width max − min, got min = ${min}, max = ${max}`,
    );
  }
  for (;;) {
    const x = min + width * rng.nextFloat();
    if (x < max) return x;
  }
}

/**
 * An integer uniform in [0, n) for an integer n in [1, 2^32], exactly (no modulo bias).
 *
 * For n ≤ 2^21, Lemire's (2019) multiply-and-reject: the high word of x·n is the result unless
 * the low word falls below 2^32 mod n (probability < n/2^32), in which case x is drawn again.
 * Larger n: draws at or above the largest multiple of n below 2^32 are rejected, the rest
 * reduced modulo n.
 */
export function uniformInt(rng: RandomSource, n: number): number {
  requireIntegerIn("uniformInt", "n", n, 1, TWO_32);
  return uniformIntUnchecked(rng, n);
}

/** `uniformInt` for an n already known to be an integer in [1, 2^32]. */
export function uniformIntUnchecked(rng: RandomSource, n: number): number {
  if (n <= LEMIRE_MAX_N) {
    for (;;) {
      const m = rng.nextUint32() * n; // exact: < 2^53
      const high = Math.floor(m * INV_TWO_32);
      const low = m - high * TWO_32;
      if (low >= n || low >= TWO_32 % n) return high;
    }
  }
  const limit = TWO_32 - (TWO_32 % n);
  for (;;) {
    const x = rng.nextUint32();
    if (x < limit) return x % n;
  }
}
