import { describe, expect, it } from "vitest";
import { bernoulli } from "../random/bernoulli.js";
import { Xoshiro128StarStar } from "../rng/xoshiro128.js";
import {
  COMPARISON_OPERATORS,
  type ComparisonOperator,
  poissonBinomialPmf,
  probabilityOf,
} from "./poisson-binomial.js";

/** C(n, k)·p^k·(1 − p)^(n − k), with C(n, k) by the multiplicative formula. */
function binomialPmf(n: number, p: number, k: number): number {
  let c = 1;
  for (let j = 1; j <= k; j++) c = (c * (n - k + j)) / j;
  return c * p ** k * (1 - p) ** (n - k);
}

/** Every one of the 2^n outcomes, weighted by its probability. */
function bruteForcePmf(ps: readonly number[]): number[] {
  const n = ps.length;
  const pmf = new Array<number>(n + 1).fill(0);
  for (let mask = 0; mask < 2 ** n; mask++) {
    let prob = 1;
    let successes = 0;
    for (let i = 0; i < n; i++) {
      if ((mask >>> i) & 1) {
        prob *= ps[i]!;
        successes++;
      } else prob *= 1 - ps[i]!;
    }
    pmf[successes]! += prob;
  }
  return pmf;
}

const holds = (x: number, op: ComparisonOperator, k: number): boolean =>
  op === ">=" ? x >= k : op === ">" ? x > k : op === "==" ? x === k : op === "<=" ? x <= k : x < k;

/** Success probabilities mixing the typical (small hazards), the middling and the certain. */
function randomPs(rng: Xoshiro128StarStar, n: number): number[] {
  return Array.from({ length: n }, () => {
    const r = rng.nextFloat();
    if (r < 0.05) return 0;
    if (r < 0.1) return 1;
    if (r < 0.6) return rng.nextFloat() * 0.1;
    return rng.nextFloat();
  });
}

describe("poissonBinomialPmf", () => {
  it("equals the binomial closed form when all p are equal", () => {
    for (const [n, p] of [
      [1, 0.3],
      [10, 0.5],
      [30, 0.3],
      [100, 0.02],
      [200, 0.9],
    ] as const) {
      const pmf = poissonBinomialPmf(new Array(n).fill(p));
      expect(pmf.length).toBe(n + 1);
      for (let k = 0; k <= n; k++) {
        const exact = binomialPmf(n, p, k);
        expect(Math.abs(pmf[k]! - exact), `n=${n} p=${p} k=${k}`).toBeLessThanOrEqual(
          1e-300 + 1e-12 * exact,
        );
      }
    }
  });

  it("sums to 1 within 1e-12 for n = 500 random p's, with mean Σp and variance Σp(1−p)", () => {
    const rng = Xoshiro128StarStar.fromSeed(701);
    const ps = Array.from({ length: 500 }, () => rng.nextFloat());
    const pmf = poissonBinomialPmf(ps);
    let total = 0;
    let mean = 0;
    let second = 0;
    pmf.forEach((p, k) => {
      total += p;
      mean += k * p;
      second += k * k * p;
    });
    expect(Math.abs(total - 1)).toBeLessThan(1e-12);
    const mu = ps.reduce((a, p) => a + p, 0);
    const variance = ps.reduce((a, p) => a + p * (1 - p), 0);
    expect(mean).toBeCloseTo(mu, 9);
    expect(second - mean * mean).toBeCloseTo(variance, 8);
    expect(Math.min(...pmf)).toBeGreaterThanOrEqual(0);
  });

  it("matches brute-force enumeration of all 2^n outcomes for n ≤ 12", () => {
    const rng = Xoshiro128StarStar.fromSeed(702);
    for (let n = 0; n <= 12; n++) {
      for (let rep = 0; rep < 5; rep++) {
        const ps = randomPs(rng, n);
        const pmf = poissonBinomialPmf(ps);
        const brute = bruteForcePmf(ps);
        for (let k = 0; k <= n; k++) expect(Math.abs(pmf[k]! - brute[k]!)).toBeLessThan(1e-15);
        for (const op of COMPARISON_OPERATORS) {
          for (let t = -3; t <= n + 3; t++) {
            const expected = brute.reduce((a, p, x) => (holds(x, op, t) ? a + p : a), 0);
            expect(Math.abs(probabilityOf(pmf, op, t) - expected)).toBeLessThan(1e-14);
          }
        }
      }
    }
  });

  it("handles certain trials and the empty set exactly", () => {
    expect(Array.from(poissonBinomialPmf([]))).toEqual([1]);
    expect(Array.from(poissonBinomialPmf([1, 1, 0]))).toEqual([0, 0, 1, 0]);
    expect(Array.from(poissonBinomialPmf(new Float64Array([0.5, 0.5])))).toEqual([0.25, 0.5, 0.25]);
  });

  it("keeps tiny tails instead of rounding them to 0", () => {
    // 40 wallets at hazard 1e-4: P(X = 40) = 1e-160, far below 1 − (1 − 1e-16).
    const pmf = poissonBinomialPmf(new Array(40).fill(1e-4));
    expect(pmf[40]! / 1e-160).toBeCloseTo(1, 10);
    expect(probabilityOf(pmf, ">=", 40) / 1e-160).toBeCloseTo(1, 10);
  });

  it("refuses probabilities outside [0, 1]", () => {
    expect(() => poissonBinomialPmf([0.5, 1.5])).toThrow(
      "poissonBinomialPmf: ps[1] must be a probability in [0, 1], got 1.5",
    );
    expect(() => poissonBinomialPmf([Number.NaN])).toThrow(RangeError);
    expect(() => poissonBinomialPmf([-0.1])).toThrow(RangeError);
  });
});

describe("probabilityOf", () => {
  const pmf = poissonBinomialPmf([0.1, 0.5, 0.9, 0.3]);
  const n = 4;

  it("is exact for k beyond the support on either side", () => {
    expect(probabilityOf(pmf, ">=", n + 5)).toBe(0);
    expect(probabilityOf(pmf, ">", n)).toBe(0);
    expect(probabilityOf(pmf, "==", n + 5)).toBe(0);
    expect(probabilityOf(pmf, "<", n + 5)).toBe(1);
    expect(probabilityOf(pmf, "<=", n)).toBe(1);
    expect(probabilityOf(pmf, ">=", -2)).toBe(1);
    expect(probabilityOf(pmf, ">=", 0)).toBe(1);
    expect(probabilityOf(pmf, ">", -1)).toBe(1);
    expect(probabilityOf(pmf, "==", -1)).toBe(0);
    expect(probabilityOf(pmf, "<", 0)).toBe(0);
    expect(probabilityOf(pmf, "<=", -1)).toBe(0);
    expect(probabilityOf(pmf, ">=", Number.MAX_SAFE_INTEGER)).toBe(0);
    expect(probabilityOf(pmf, "<", -Number.MAX_SAFE_INTEGER)).toBe(0);
  });

  it("complementary operators add up to 1", () => {
    for (let k = -1; k <= n + 1; k++) {
      expect(probabilityOf(pmf, ">=", k) + probabilityOf(pmf, "<", k)).toBeCloseTo(1, 15);
      expect(probabilityOf(pmf, ">", k) + probabilityOf(pmf, "<=", k)).toBeCloseTo(1, 15);
      expect(probabilityOf(pmf, "<=", k) - probabilityOf(pmf, "<", k)).toBeCloseTo(
        probabilityOf(pmf, "==", k),
        15,
      );
    }
  });

  it("refuses a non-integer k, an unknown operator and an empty pmf", () => {
    expect(() => probabilityOf(pmf, ">=", 1.5)).toThrow(
      "probabilityOf: k must be an integer, got 1.5",
    );
    expect(() => probabilityOf(pmf, ">=", Number.NaN)).toThrow(RangeError);
    expect(() => probabilityOf(pmf, ">=", Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => probabilityOf(pmf, "!=" as ComparisonOperator, 1)).toThrow(
      'probabilityOf: operator must be one of >=, >, ==, <=, <, got "!="',
    );
    expect(() => probabilityOf(new Float64Array(0), ">=", 1)).toThrow(RangeError);
  });
});

describe("Monte Carlo against the exact answer", () => {
  it("the simulated P(X op k) lies within 4 standard errors of the exact value in 150 random cases", () => {
    const rng = Xoshiro128StarStar.fromSeed(703);
    const sims = 20_000;
    let within2se = 0;
    let withSpread = 0;
    for (let c = 0; c < 150; c++) {
      const n = 1 + Math.floor(rng.nextFloat() * 30);
      const ps = randomPs(rng, n);
      const op = COMPARISON_OPERATORS[Math.floor(rng.nextFloat() * 5)]!;
      // Mostly thresholds near the mean, where the answer is uncertain; some anywhere,
      // including beyond the support.
      const mu = ps.reduce((a, p) => a + p, 0);
      const sd = Math.sqrt(ps.reduce((a, p) => a + p * (1 - p), 0));
      const k =
        rng.nextFloat() < 0.8
          ? Math.round(mu + (rng.nextFloat() - 0.5) * 4 * sd)
          : Math.floor(rng.nextFloat() * (n + 5)) - 2;
      const exact = probabilityOf(poissonBinomialPmf(ps), op, k);

      let hits = 0;
      for (let s = 0; s < sims; s++) {
        let x = 0;
        for (let i = 0; i < n; i++) if (bernoulli(rng, ps[i]!)) x++;
        if (holds(x, op, k)) hits++;
      }
      const estimate = hits / sims;
      const se = Math.sqrt((exact * (1 - exact)) / sims);
      const label = `case ${c}: n=${n} P(X ${op} ${k}) exact ${exact} MC ${estimate}`;
      if (exact === 0 || exact === 1) {
        // No spread: the simulation must agree exactly (e.g. k beyond the support).
        expect(estimate, label).toBe(exact);
      } else {
        // Guard against a vanishing SE: at least one simulated count of slack.
        const tolerance = Math.max(4 * se, 1 / sims);
        expect(Math.abs(estimate - exact), label).toBeLessThanOrEqual(tolerance);
        withSpread++;
        if (Math.abs(estimate - exact) <= 2 * se) within2se++;
      }
    }
    // Calibration: about 95% of the cases with spread fall within 2 SE.
    expect(withSpread).toBeGreaterThan(100);
    expect(within2se / withSpread).toBeGreaterThan(0.88);
  });
});
