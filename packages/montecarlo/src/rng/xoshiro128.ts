import { requireIntegerIn } from "../validate/arguments.js";
import type { RandomSource } from "./random-source.js";
import { SplitMix64 } from "./splitmix64.js";

/** `JUMP[]` of xoshiro128starstar.c: equivalent to 2^64 calls to `next()`. */
const JUMP = Uint32Array.of(0x8764000b, 0xf542d2d3, 0x6fa035c3, 0x77f2db5b);
/** `LONG_JUMP[]` of xoshiro128starstar.c: equivalent to 2^96 calls to `next()`. */
const LONG_JUMP = Uint32Array.of(0xb523952e, 0x0b6f099f, 0xccf5a0ef, 0x1c580662);

/**
 * xoshiro128** 1.1 (David Blackman and Sebastiano Vigna, 2018; https://prng.di.unimi.it/), a
 * transcription of the reference `xoshiro128starstar.c`:
 *
 * ```c
 * uint32_t next(void) {
 *   const uint32_t result = rotl(s[1] * 5, 7) * 9;
 *   const uint32_t t = s[1] << 9;
 *   s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3];
 *   s[2] ^= t;
 *   s[3] = rotl(s[3], 11);
 *   return result;
 * }
 * ```
 *
 * 128 bits of state in a `Uint32Array(4)`, period 2^128 − 1, only 32-bit operations (which
 * JavaScript does natively), no allocation per draw.
 *
 * Seeding (`fromSeed`): the seed, an integer in [0, 2^53 − 1], is the initial state of a
 * SplitMix64 generator computed in 32-bit halves; its first two 64-bit outputs fill the state
 * low half first: `s = [lo(o1), hi(o1), lo(o2), hi(o2)]`. Two consecutive SplitMix64 outputs are
 * never both 0 (it is a bijection of distinct counters), so the state is never all zero.
 */
export class Xoshiro128StarStar implements RandomSource {
  /** The generator state s[0..3]. */
  private readonly s: Uint32Array;
  normalSpare = Number.NaN;

  private constructor(state: Uint32Array) {
    this.s = state;
  }

  /** A generator seeded through SplitMix64 from an integer seed in [0, 2^53 − 1]. */
  static fromSeed(seed: number): Xoshiro128StarStar {
    requireIntegerIn("Xoshiro128StarStar.fromSeed", "seed", seed, 0, Number.MAX_SAFE_INTEGER);
    const sm = new SplitMix64(seed);
    const state = new Uint32Array(4);
    sm.next();
    state[0] = sm.outLo;
    state[1] = sm.outHi;
    sm.next();
    state[2] = sm.outLo;
    state[3] = sm.outHi;
    return new Xoshiro128StarStar(state);
  }

  /**
   * A generator with this raw state (4 unsigned 32-bit integers, not all zero), as the reference
   * C code would hold it. For reference vectors and for restoring a saved `getState()`.
   */
  static fromState(state: ArrayLike<number>): Xoshiro128StarStar {
    if (state.length !== 4) {
      throw new RangeError(
        `Xoshiro128StarStar.fromState: state must hold 4 words, got ${state.length}`,
      );
    }
    const s = new Uint32Array(4);
    for (let i = 0; i < 4; i++) {
      const word = state[i] as number;
      requireIntegerIn("Xoshiro128StarStar.fromState", `state[${i}]`, word, 0, 0xffffffff);
      s[i] = word;
    }
    if ((s[0]! | s[1]! | s[2]! | s[3]!) === 0) {
      throw new RangeError("Xoshiro128StarStar.fromState: state must not be all zero");
    }
    return new Xoshiro128StarStar(s);
  }

  /** The next output: an unsigned 32-bit integer. */
  nextUint32(): number {
    const s = this.s;
    const s0 = s[0]!;
    const s1 = s[1]!;
    const m = Math.imul(s1, 5);
    const result = Math.imul((m << 7) | (m >>> 25), 9) >>> 0;
    const t = s1 << 9;
    const s2 = s[2]! ^ s0;
    const s3 = s[3]! ^ s1;
    s[0] = s0 ^ s3;
    s[1] = s1 ^ s2;
    s[2] = s2 ^ t;
    s[3] = (s3 << 11) | (s3 >>> 21);
    return result;
  }

  /**
   * A double uniform in [0, 1) from one draw: `nextUint32() / 2^32`, so a multiple of 2^-32
   * (the smallest non-zero value is 2.3e-10; 0 comes up once in 2^32 draws).
   */
  nextFloat(): number {
    return this.nextUint32() * 2.3283064365386963e-10;
  }

  /**
   * A double uniform in [0, 1) with the full 53-bit mantissa, from two draws: the top 27 bits of
   * the first and the top 26 bits of the second, `(a·2^26 + b) / 2^53`.
   */
  nextFloat53(): number {
    const a = this.nextUint32() >>> 5;
    const b = this.nextUint32() >>> 6;
    return (a * 67108864 + b) * 1.1102230246251565e-16;
  }

  /**
   * Advances the state by 2^64 draws (the published jump polynomial), in place: calling it k
   * times on clones gives k streams that do not overlap for 2^64 draws each. Clears
   * `normalSpare`. Returns `this`, so `rng.clone().jump()` is the next stream.
   */
  jump(): this {
    return this.applyPolynomial(JUMP);
  }

  /**
   * Advances the state by 2^96 draws (the published long-jump polynomial): 2^32 starting points,
   * each of which can be split further with `jump()`.
   */
  longJump(): this {
    return this.applyPolynomial(LONG_JUMP);
  }

  /** An independent copy at the same position (including any cached normal deviate). */
  clone(): Xoshiro128StarStar {
    const copy = new Xoshiro128StarStar(Uint32Array.from(this.s));
    copy.normalSpare = this.normalSpare;
    return copy;
  }

  /** A copy of the raw state, for `fromState`. */
  getState(): Uint32Array {
    return Uint32Array.from(this.s);
  }

  /**
   * The reference `jump()`: for every set bit of the polynomial (lowest bit of word 0 first),
   * XOR the current state into the accumulator, and step the generator once per bit.
   */
  private applyPolynomial(poly: Uint32Array): this {
    const s = this.s;
    let a = 0;
    let b = 0;
    let c = 0;
    let d = 0;
    for (let i = 0; i < poly.length; i++) {
      const word = poly[i]!;
      for (let bit = 0; bit < 32; bit++) {
        if (((word >>> bit) & 1) !== 0) {
          a ^= s[0]!;
          b ^= s[1]!;
          c ^= s[2]!;
          d ^= s[3]!;
        }
        this.nextUint32();
      }
    }
    s[0] = a;
    s[1] = b;
    s[2] = c;
    s[3] = d;
    this.normalSpare = Number.NaN;
    return this;
  }
}
