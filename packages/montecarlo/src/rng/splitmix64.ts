import { requireIntegerIn } from "../validate/arguments.js";

/**
 * SplitMix64 (Steele, Lea & Flood 2014; the `splitmix64.c` of Vigna), the generator Blackman and
 * Vigna recommend for filling the state of a xoshiro generator from a single seed:
 *
 * ```c
 * uint64_t next() {
 *   uint64_t z = (x += 0x9e3779b97f4a7c15);
 *   z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
 *   z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
 *   return z ^ (z >> 31);
 * }
 * ```
 *
 * JavaScript has no 64-bit integer arithmetic short of BigInt, so every 64-bit value here is a
 * pair of unsigned 32-bit halves (`hi`, `lo`) and the multiplications are done by 16-bit limbs.
 * The tests check it against a BigInt transcription of the C code and the published outputs for
 * seed 1234567.
 */

const TWO_32 = 4294967296;

// 0x9e3779b97f4a7c15 (the golden-ratio increment), 0xbf58476d1ce4e5b9 and 0x94d049bb133111eb.
const GAMMA_HI = 0x9e3779b9;
const GAMMA_LO = 0x7f4a7c15;
const M1_HI = 0xbf58476d;
const M1_LO = 0x1ce4e5b9;
const M2_HI = 0x94d049bb;
const M2_LO = 0x133111eb;

/** High 32 bits of the 64-bit product of two unsigned 32-bit integers. */
export function mulHi32(a: number, b: number): number {
  const a0 = a & 0xffff;
  const a1 = a >>> 16;
  const b0 = b & 0xffff;
  const b1 = b >>> 16;
  const p00 = a0 * b0;
  const p01 = a0 * b1;
  const p10 = a1 * b0;
  const p11 = a1 * b1;
  // Each partial product is < 2^32, so every sum below is an exact double.
  const carry = ((p00 >>> 16) + (p01 & 0xffff) + (p10 & 0xffff)) >>> 16;
  return (p11 + (p01 >>> 16) + (p10 >>> 16) + carry) >>> 0;
}

export class SplitMix64 {
  private hi: number;
  private lo: number;
  /** High 32 bits of the last output of `next()`. */
  outHi = 0;
  /** Low 32 bits of the last output of `next()`. */
  outLo = 0;

  /** @param seed an integer in [0, 2^53 − 1]: the initial 64-bit state (its high 11 bits 0). */
  constructor(seed: number) {
    requireIntegerIn("SplitMix64", "seed", seed, 0, Number.MAX_SAFE_INTEGER);
    this.hi = Math.floor(seed / TWO_32);
    this.lo = seed >>> 0;
  }

  /** Advances the state and leaves the next 64-bit output in `outHi`/`outLo`. */
  next(): void {
    // x += golden gamma (mod 2^64)
    const sumLo = this.lo + GAMMA_LO;
    this.lo = sumLo >>> 0;
    this.hi = (this.hi + GAMMA_HI + (sumLo >= TWO_32 ? 1 : 0)) >>> 0;
    let hi = this.hi;
    let lo = this.lo;

    // z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
    lo = (lo ^ ((lo >>> 30) | (hi << 2))) >>> 0;
    hi = (hi ^ (hi >>> 30)) >>> 0;
    let pHi = (mulHi32(lo, M1_LO) + Math.imul(hi, M1_LO) + Math.imul(lo, M1_HI)) >>> 0;
    let pLo = Math.imul(lo, M1_LO) >>> 0;
    hi = pHi;
    lo = pLo;

    // z = (z ^ (z >> 27)) * 0x94d049bb133111eb
    lo = (lo ^ ((lo >>> 27) | (hi << 5))) >>> 0;
    hi = (hi ^ (hi >>> 27)) >>> 0;
    pHi = (mulHi32(lo, M2_LO) + Math.imul(hi, M2_LO) + Math.imul(lo, M2_HI)) >>> 0;
    pLo = Math.imul(lo, M2_LO) >>> 0;

    // z ^ (z >> 31)
    this.outLo = (pLo ^ ((pLo >>> 31) | (pHi << 1))) >>> 0;
    this.outHi = (pHi ^ (pHi >>> 31)) >>> 0;
  }
}
