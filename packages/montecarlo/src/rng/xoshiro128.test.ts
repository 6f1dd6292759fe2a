import { describe, expect, it } from "vitest";
import { Xoshiro128StarStar } from "./xoshiro128.js";

/**
 * An independent transcription of the reference C code (xoshiro128starstar.c 1.1) in BigInt
 * arithmetic, masking every intermediate to 32 bits as `uint32_t` would.
 */
const M32 = 0xffffffffn;
const rotl = (x: bigint, k: bigint): bigint => ((x << k) | (x >> (32n - k))) & M32;

class ReferenceXoshiro128 {
  constructor(
    private s0: bigint,
    private s1: bigint,
    private s2: bigint,
    private s3: bigint,
  ) {}

  next(): bigint {
    const result = (rotl((this.s1 * 5n) & M32, 7n) * 9n) & M32;
    const t = (this.s1 << 9n) & M32;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11n);
    return result;
  }

  jump(poly: readonly bigint[]): void {
    let a = 0n;
    let b = 0n;
    let c = 0n;
    let d = 0n;
    for (const word of poly) {
      for (let bit = 0n; bit < 32n; bit++) {
        if ((word >> bit) & 1n) {
          a ^= this.s0;
          b ^= this.s1;
          c ^= this.s2;
          d ^= this.s3;
        }
        this.next();
      }
    }
    [this.s0, this.s1, this.s2, this.s3] = [a, b, c, d];
  }

  state(): number[] {
    return [this.s0, this.s1, this.s2, this.s3].map(Number);
  }
}

const REF_JUMP = [0x8764000bn, 0xf542d2d3n, 0x6fa035c3n, 0x77f2db5bn];

const reference = (state: readonly number[]): ReferenceXoshiro128 =>
  new ReferenceXoshiro128(
    BigInt(state[0]!),
    BigInt(state[1]!),
    BigInt(state[2]!),
    BigInt(state[3]!),
  );

function take(rng: Xoshiro128StarStar, n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(rng.nextUint32());
  return out;
}

/**
 * Test data of edorfaus/xoshiro-6502 (test-rom/testdata.asm), generated there with the C
 * reference implementation: a raw state, the first four xoshiro128** outputs, the states after
 * 1..4 `next()`, and the states after 1..4 successive `jump()` and `long_jump()` calls.
 */
const PUBLISHED = {
  state: [0x964d4a0c, 0xd40ab895, 0xad7fdecb, 0x3006f0f0],
  starStar: [0xf1391922, 0x6fe53806, 0xa5be2840, 0xf510ee70],
  afterNext: [
    [0x72410269, 0xef382c52, 0x2e43bec7, 0x62432f20],
    [0xff3a011b, 0xb33a90fc, 0x2c5a18ae, 0xd81b946b],
    [0x941b058c, 0x605a8949, 0xa641e1b5, 0x0824bb59],
    [0xfc65379c, 0x52006d70, 0x87487639, 0xf1908343],
  ],
  afterJump: [
    [0x2a6dd50d, 0x01177499, 0xd7eb7d01, 0xddc48284],
    [0x5efdee5a, 0x3aa13c3d, 0x8cc77479, 0xeb10a58f],
    [0x2ca76937, 0x14c9006e, 0x34097ea8, 0xfdd876ea],
    [0x01b72c9a, 0xa78174aa, 0x1cc317be, 0x888235b2],
  ],
  afterLongJump: [
    [0x2564e401, 0x3319cf31, 0xbdbb52e4, 0x3401980c],
    [0x9c99646b, 0x52b8802b, 0x592cb24e, 0x8d36d8cc],
    [0xebc4340c, 0x85d398cb, 0xd5f5856b, 0x0b662ea3],
    [0xaa2620a3, 0xa137523e, 0x7d75a27f, 0xb89be680],
  ],
};

describe("Xoshiro128StarStar: reference vectors", () => {
  it("starts 11520, 0, 5927040, 70819200, … from the raw state [1, 2, 3, 4]", () => {
    // Verified against ReferenceXoshiro128 in the next test (and published, e.g. rand_xoshiro).
    const expected = [
      11520, 0, 5927040, 70819200, 2031721883, 1637235492, 1287239034, 3734860849, 3729100597,
      4258142804,
    ];
    expect(take(Xoshiro128StarStar.fromState([1, 2, 3, 4]), 10)).toEqual(expected);
    const ref = reference([1, 2, 3, 4]);
    expect(expected.map(() => Number(ref.next()))).toEqual(expected);
  });

  it("matches an independent BigInt implementation over 10,000 outputs", () => {
    const states = [
      [1, 2, 3, 4],
      [0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff],
      [0, 0, 0, 1],
      Array.from(Xoshiro128StarStar.fromSeed(987654321).getState()),
    ];
    for (const state of states) {
      const rng = Xoshiro128StarStar.fromState(state);
      const ref = reference(state);
      const ours = take(rng, 10_000);
      const theirs = ours.map(() => Number(ref.next()));
      expect(ours).toEqual(theirs);
      expect(Array.from(rng.getState())).toEqual(ref.state());
    }
  });

  it("matches the published outputs and next() states of the C reference", () => {
    const rng = Xoshiro128StarStar.fromState(PUBLISHED.state);
    for (let i = 0; i < 4; i++) {
      expect(rng.nextUint32()).toBe(PUBLISHED.starStar[i]);
      expect(Array.from(rng.getState())).toEqual(PUBLISHED.afterNext[i]);
    }
  });

  it("jump() and longJump() land on the published states", () => {
    const j = Xoshiro128StarStar.fromState(PUBLISHED.state);
    const l = Xoshiro128StarStar.fromState(PUBLISHED.state);
    for (let i = 0; i < 4; i++) {
      expect(Array.from(j.jump().getState())).toEqual(PUBLISHED.afterJump[i]);
      expect(Array.from(l.longJump().getState())).toEqual(PUBLISHED.afterLongJump[i]);
    }
  });

  it("jump() agrees with the BigInt reference jump from other states", () => {
    for (const seed of [0, 1, 42, 2 ** 53 - 1]) {
      const rng = Xoshiro128StarStar.fromSeed(seed);
      const ref = reference(Array.from(rng.getState()));
      rng.jump();
      ref.jump(REF_JUMP);
      expect(Array.from(rng.getState())).toEqual(ref.state());
    }
  });
});

describe("Xoshiro128StarStar: streams", () => {
  it("fromSeed() fills the state with two SplitMix64 outputs, low half first", () => {
    // SplitMix64(1234567) starts 6457827717110365317, 3203168211198807973 (Rosetta Code).
    const words = (x: bigint) => [Number(x & M32), Number(x >> 32n)];
    expect(Array.from(Xoshiro128StarStar.fromSeed(1234567).getState())).toEqual([
      ...words(6457827717110365317n),
      ...words(3203168211198807973n),
    ]);
  });

  it("gives the same sequence for the same seed", () => {
    expect(take(Xoshiro128StarStar.fromSeed(20251119), 1000)).toEqual(
      take(Xoshiro128StarStar.fromSeed(20251119), 1000),
    );
  });

  it("gives different sequences for different seeds, neighbouring ones included", () => {
    const seeds = [0, 1, 2, 3, 2 ** 32 - 1, 2 ** 32, 2 ** 53 - 1];
    const firsts = seeds.map((s) => take(Xoshiro128StarStar.fromSeed(s), 4).join(","));
    expect(new Set(firsts).size).toBe(seeds.length);
    // Neighbouring seeds agree on about 1/2^32 of their outputs, like independent streams.
    const a = take(Xoshiro128StarStar.fromSeed(7), 10_000);
    const b = take(Xoshiro128StarStar.fromSeed(8), 10_000);
    expect(a.filter((x, i) => x === b[i]).length).toBe(0);
  });

  it("clone() continues identically without disturbing the original", () => {
    const rng = Xoshiro128StarStar.fromSeed(5);
    take(rng, 17);
    const copy = rng.clone();
    expect(take(copy, 100)).toEqual(take(rng, 100));
    copy.nextUint32();
    expect(copy.getState()).not.toEqual(rng.getState());
  });

  it("jump() commutes with next() and is linear over GF(2), as a power of the transition is", () => {
    const a = Xoshiro128StarStar.fromSeed(11);
    const b = a.clone();
    a.nextUint32();
    a.jump();
    b.jump();
    b.nextUint32();
    expect(a.getState()).toEqual(b.getState());

    const x = Xoshiro128StarStar.fromSeed(12).getState();
    const y = Xoshiro128StarStar.fromSeed(13).getState();
    const xy = x.map((w, i) => w ^ y[i]!);
    const jx = Xoshiro128StarStar.fromState(x).jump().getState();
    const jy = Xoshiro128StarStar.fromState(y).jump().getState();
    const jxy = Xoshiro128StarStar.fromState(xy).jump().getState();
    expect(jxy).toEqual(jx.map((w, i) => w ^ jy[i]!));
  });

  it("a jumped stream does not overlap the first 1e6 outputs of the original", () => {
    const N = 1_000_000;
    // A window of two consecutive outputs as one 53-bit key: a shared stretch of the two
    // streams would share keys, while chance collisions have probability ~N²/2^53 ≈ 1e-4.
    const keys = (rng: Xoshiro128StarStar): Float64Array => {
      const out = new Float64Array(N);
      let prev = rng.nextUint32();
      for (let i = 0; i < N; i++) {
        const next = rng.nextUint32();
        out[i] = prev * 2097152 + (next >>> 11);
        prev = next;
      }
      return out;
    };
    const base = Xoshiro128StarStar.fromSeed(31337);
    const original = keys(base.clone()).sort();
    const overlap = (sorted: Float64Array, b: Float64Array): number => {
      let shared = 0;
      for (const k of b) {
        let lo = 0;
        let hi = sorted.length;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (sorted[mid]! < k) lo = mid + 1;
          else hi = mid;
        }
        if (sorted[lo] === k) shared++;
      }
      return shared;
    };
    expect(overlap(original, keys(base.clone().jump()))).toBe(0);

    // The check does find an overlap when there is one: the same stream 500,000 draws later.
    const shifted = base.clone();
    for (let i = 0; i < 500_000; i++) shifted.nextUint32();
    expect(overlap(original, keys(shifted))).toBe(N - 500_000);
  });
});

describe("Xoshiro128StarStar: floats", () => {
  it("nextFloat() is nextUint32() / 2^32, in [0, 1)", () => {
    const a = Xoshiro128StarStar.fromSeed(3);
    const b = a.clone();
    for (let i = 0; i < 1000; i++) {
      const f = a.nextFloat();
      expect(f).toBe(b.nextUint32() / 2 ** 32);
      expect(f >= 0 && f < 1).toBe(true);
    }
    expect(Xoshiro128StarStar.fromState([1, 2, 3, 4]).nextFloat()).toBe(11520 / 2 ** 32);
  });

  it("nextFloat53() takes 27 + 26 bits from two draws, in [0, 1)", () => {
    const a = Xoshiro128StarStar.fromSeed(4);
    const b = a.clone();
    for (let i = 0; i < 1000; i++) {
      const f = a.nextFloat53();
      const hi = b.nextUint32() >>> 5;
      const lo = b.nextUint32() >>> 6;
      expect(f).toBe((hi * 2 ** 26 + lo) / 2 ** 53);
      expect(f >= 0 && f < 1).toBe(true);
    }
    // The largest output is the largest double below 1.
    expect(((2 ** 27 - 1) * 2 ** 26 + (2 ** 26 - 1)) / 2 ** 53).toBe(1 - 2 ** -53);
  });

  it("nextFloat() has the uniform mean and variance", () => {
    const rng = Xoshiro128StarStar.fromSeed(99);
    const n = 200_000;
    let sum = 0;
    let sumSq = 0;
    for (let i = 0; i < n; i++) {
      const u = rng.nextFloat();
      sum += u;
      sumSq += u * u;
    }
    const mean = sum / n;
    expect(Math.abs(mean - 0.5)).toBeLessThan(5 * Math.sqrt(1 / 12 / n));
    expect(Math.abs(sumSq / n - mean * mean - 1 / 12)).toBeLessThan(
      5 * Math.sqrt((1 / 80 - 1 / 144) / n),
    );
  });
});

describe("Xoshiro128StarStar: bad input", () => {
  it("refuses seeds that are not integers in [0, 2^53 − 1]", () => {
    for (const seed of [-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(() => Xoshiro128StarStar.fromSeed(seed)).toThrow(RangeError);
    }
    expect(() => Xoshiro128StarStar.fromSeed(-1)).toThrow(
      "Xoshiro128StarStar.fromSeed: seed must be an integer in [0, 9007199254740991], got -1",
    );
  });

  it("refuses raw states of the wrong length, out-of-range words and all zeros", () => {
    expect(() => Xoshiro128StarStar.fromState([1, 2, 3])).toThrow("must hold 4 words");
    expect(() => Xoshiro128StarStar.fromState([1, 2, 3, 2 ** 32])).toThrow("state[3]");
    expect(() => Xoshiro128StarStar.fromState([1, -2, 3, 4])).toThrow("state[1]");
    expect(() => Xoshiro128StarStar.fromState([0, 0, 0, 0])).toThrow("all zero");
  });
});
