import { describe, expect, it } from "vitest";
import { Xoshiro128StarStar } from "../rng/xoshiro128.js";
import { chiSquare, chiSquareCritical999, mergeBins } from "../test-support/stats.js";
import { AliasTable, discrete } from "./alias-table.js";

const N = 200_000;

function frequencies(table: AliasTable, seed: number): Float64Array {
  const rng = Xoshiro128StarStar.fromSeed(seed);
  const counts = new Float64Array(table.size);
  for (let i = 0; i < N; i++) counts[table.sample(rng)]!++;
  return counts;
}

/**
 * A batch-size histogram shaped like OFAC's crypto-address additions (median ~3.5, mean ~9,
 * max 53): weight = how many past events added that many addresses. Illustrative numbers.
 */
const BATCH_SIZE_COUNTS = (() => {
  const w = new Array<number>(54).fill(0);
  const seen: [size: number, events: number][] = [
    [1, 14],
    [2, 11],
    [3, 9],
    [4, 7],
    [5, 5],
    [6, 4],
    [8, 3],
    [10, 3],
    [12, 2],
    [15, 2],
    [20, 2],
    [27, 1],
    [35, 1],
    [41, 1],
    [53, 1],
  ];
  for (const [size, events] of seen) w[size] = events;
  return w;
})();

describe("discrete (Vose alias table)", () => {
  it("encodes exactly the normalized weights, zeros included", () => {
    const rng = Xoshiro128StarStar.fromSeed(601);
    for (const n of [1, 2, 3, 10, 97, 1000]) {
      const weights = Array.from({ length: n }, () =>
        rng.nextFloat() < 0.2 ? 0 : rng.nextFloat() * 100,
      );
      if (!weights.some((w) => w > 0)) weights[0] = 1;
      const total = weights.reduce((a, b) => a + b, 0);
      const p = discrete(weights).probabilities();
      for (let i = 0; i < n; i++) expect(Math.abs(p[i]! - weights[i]! / total)).toBeLessThan(1e-12);
    }
  });

  it("draws [1, 2, 3, 4] with frequencies 0.1..0.4 (5 SE each; chi-square df 3, p = 0.001)", () => {
    const weights = [1, 2, 3, 4];
    const counts = frequencies(discrete(weights), 602);
    const expected = weights.map((w) => (w / 10) * N);
    for (let i = 0; i < 4; i++) {
      const p = weights[i]! / 10;
      expect(Math.abs(counts[i]! / N - p)).toBeLessThan(5 * Math.sqrt((p * (1 - p)) / N));
    }
    expect(chiSquare(counts, expected)).toBeLessThan(chiSquareCritical999(3));
  });

  it("bootstraps a batch-size histogram: zero-weight sizes never, the rest by chi-square", () => {
    const table = discrete(BATCH_SIZE_COUNTS);
    expect(table.size).toBe(54);
    const counts = frequencies(table, 603);
    const total = BATCH_SIZE_COUNTS.reduce((a, b) => a + b, 0);
    const observed: number[] = [];
    const expected: number[] = [];
    BATCH_SIZE_COUNTS.forEach((w, size) => {
      if (w === 0) expect(counts[size], `size ${size}`).toBe(0);
      else {
        observed.push(counts[size]!);
        expected.push((w / total) * N);
      }
    });
    const bins = mergeBins(observed, expected);
    expect(bins.expected.length).toBe(15);
    expect(chiSquare(bins.observed, bins.expected)).toBeLessThan(chiSquareCritical999(14));
  });

  it("a single outcome always comes out; equal weights are uniform", () => {
    const rng = Xoshiro128StarStar.fromSeed(604);
    const one = discrete([3]);
    for (let i = 0; i < 100; i++) expect(one.sample(rng)).toBe(0);
    const flat = discrete(new Float64Array(16).fill(2.5));
    expect(Array.from(flat.probabilities())).toEqual(new Array(16).fill(1 / 16));
    const counts = frequencies(flat, 605);
    expect(chiSquare(counts, new Array(16).fill(N / 16))).toBeLessThan(chiSquareCritical999(15));
  });

  it("is built once and sampled with two draws, reproducibly", () => {
    const table = new AliasTable([5, 1, 0, 7]);
    const a = Xoshiro128StarStar.fromSeed(606);
    const b = a.clone();
    const xs = Array.from({ length: 50 }, () => table.sample(a));
    expect(Array.from({ length: 50 }, () => table.sample(b))).toEqual(xs);
    const c = Xoshiro128StarStar.fromSeed(606);
    for (let i = 0; i < 100; i++) c.nextUint32();
    expect(a.getState()).toEqual(c.getState());
  });

  it("refuses empty, negative, non-finite, all-zero and overflowing weights", () => {
    expect(() => discrete([])).toThrow("discrete: weights must not be empty");
    expect(() => discrete([1, -1])).toThrow("discrete: weights[1] must be a finite number ≥ 0");
    expect(() => discrete([1, Number.NaN])).toThrow(RangeError);
    expect(() => discrete([Number.POSITIVE_INFINITY])).toThrow(RangeError);
    expect(() => discrete([0, 0])).toThrow("at least one weight must be > 0");
    expect(() => discrete([1e308, 1e308])).toThrow("sum of the weights must be finite");
  });
});
