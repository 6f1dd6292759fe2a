import { describe, expect, it } from "vitest";
import { mulHi32, SplitMix64 } from "./splitmix64.js";

const M64 = (1n << 64n) - 1n;

/** The C reference in BigInt arithmetic, masked to 64 bits as `uint64_t` would be. */
function referenceSplitMix64(seed: bigint): () => bigint {
  let x = seed;
  return () => {
    x = (x + 0x9e3779b97f4a7c15n) & M64;
    let z = x;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & M64;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & M64;
    return z ^ (z >> 31n);
  };
}

const next64 = (sm: SplitMix64): bigint => {
  sm.next();
  return (BigInt(sm.outHi) << 32n) | BigInt(sm.outLo);
};

describe("SplitMix64 in 32-bit halves", () => {
  it("reproduces the published outputs for seed 1234567 and the first output for seed 0", () => {
    // Rosetta Code, "Pseudo-random numbers/Splitmix64".
    const sm = new SplitMix64(1234567);
    expect([next64(sm), next64(sm), next64(sm), next64(sm), next64(sm)]).toEqual([
      6457827717110365317n,
      3203168211198807973n,
      9817491932198370423n,
      4593380528125082431n,
      16408922859458223821n,
    ]);
    expect(next64(new SplitMix64(0))).toBe(0xe220a8397b1dcdafn);
  });

  it("matches a BigInt transcription of the C code for many seeds up to 2^53 − 1", () => {
    const seeds = [0, 1, 2, 0x7fffffff, 2 ** 32 - 1, 2 ** 32, 2 ** 32 + 1, 2 ** 53 - 1];
    // Plus pseudo-random seeds over the whole range (a fixed LCG, so the test is reproducible).
    let x = 12345;
    for (let i = 0; i < 200; i++) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      seeds.push((x % 2 ** 21) * 2 ** 32 + ((Math.imul(x, 69069) + 1) >>> 0));
    }
    for (const seed of seeds) {
      const ours = new SplitMix64(seed);
      const ref = referenceSplitMix64(BigInt(seed));
      for (let i = 0; i < 20; i++) expect(next64(ours)).toBe(ref());
    }
  });

  it("mulHi32 is the high word of the exact 64-bit product", () => {
    const values = [0, 1, 2, 0xffff, 0x10000, 0x7fffffff, 0x80000000, 0xffffffff, 0xbf58476d];
    for (const a of values) {
      for (const b of values) {
        expect(mulHi32(a, b)).toBe(Number((BigInt(a) * BigInt(b)) >> 32n));
      }
    }
  });

  it("refuses seeds outside [0, 2^53 − 1]", () => {
    expect(() => new SplitMix64(-1)).toThrow(RangeError);
    expect(() => new SplitMix64(2 ** 53)).toThrow(RangeError);
    expect(() => new SplitMix64(1.5)).toThrow(RangeError);
  });
});
