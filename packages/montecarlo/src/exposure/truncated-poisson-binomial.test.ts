import { describe, expect, it } from "vitest";
import { poissonBinomialPmf } from "../exact/poisson-binomial.js";
import { Xoshiro128StarStar } from "../rng/xoshiro128.js";
import { truncatedPoissonBinomial } from "./truncated-poisson-binomial.js";

describe("truncatedPoissonBinomial", () => {
  const rng = Xoshiro128StarStar.fromSeed(11);

  it("equals the full dynamic program on every tabulated k, for small and large probabilities", () => {
    for (let c = 0; c < 60; c++) {
      const n = 1 + Math.floor(rng.nextFloat() * 300);
      const scale = [1e-5, 1e-3, 0.05, 0.5][c % 4] as number;
      const ps = Float64Array.from({ length: n }, () => Math.min(1, rng.nextFloat() * scale * 2));
      const full = poissonBinomialPmf(ps);
      const { pmf, tailMass } = truncatedPoissonBinomial(ps);
      expect(pmf.length).toBeLessThanOrEqual(n + 1);
      for (let k = 0; k < pmf.length; k++) {
        expect(Math.abs((pmf[k] as number) - (full[k] as number))).toBeLessThan(1e-14);
      }
      let above = 0;
      for (let k = pmf.length; k < full.length; k++) above += full[k] as number;
      expect(above).toBeLessThan(1e-15);
      expect(tailMass).toBeLessThan(1e-15);
    }
  });

  it("tabulates the misses when most wallets are likely hits, with the same values", () => {
    const ps = Float64Array.from({ length: 300 }, (_, i) => 0.97 + (i % 3) * 0.01);
    const full = poissonBinomialPmf(ps);
    const { pmf } = truncatedPoissonBinomial(ps);
    for (let k = 0; k < full.length; k++) {
      expect(Math.abs((pmf[k] ?? 0) - (full[k] as number))).toBeLessThan(1e-14);
    }
  });

  it("tabulates far fewer than n + 1 values for the small probabilities of screening", () => {
    const ps = new Float64Array(500).fill(2e-3);
    expect(truncatedPoissonBinomial(ps).pmf.length).toBeLessThan(25);
  });

  it("handles certain hits and no wallets", () => {
    const certain = truncatedPoissonBinomial(Float64Array.of(1, 1, 0)).pmf;
    expect([...certain].map((p, k) => (p > 0 ? k : -1)).filter((k) => k >= 0)).toEqual([2]);
    expect(certain[2]).toBe(1);
    expect([...truncatedPoissonBinomial(new Float64Array(0)).pmf]).toEqual([1]);
  });
});
