import type { RandomSource } from "../rng/random-source.js";
import { truncatedPoissonBinomial } from "./truncated-poisson-binomial.js";

/**
 * The hits among groups of wallets, given that the list adds `a` addresses: each added address
 * is wallet j with probability hⱼ (its hazard), independently, so wallet j is hit with
 * probability pⱼ(a) = 1 − (1 − hⱼ)^a, and the wallets are independent given a. The number of
 * hits of each group is then Poisson-binomial. Its CDF is tabulated once per value of `a` and
 * cached, so a simulation draws a group's hits with one uniform and a binary search instead of a
 * Bernoulli draw per wallet; `drawDirect` draws wallet by wallet, for values of `a` too rare to
 * be worth a table.
 */
export class ConditionalHits {
  /** ln(1 − hⱼ) per wallet, per group. */
  private readonly logSurvival: readonly Float64Array[];
  private readonly scratch: Float64Array;
  /** Per value of a: per group, the CDF P(X ≤ k), k = 0..K. */
  private readonly cdfs = new Map<number, readonly Float64Array[]>();
  private maxTail = 0;

  constructor(hazardGroups: readonly Float64Array[]) {
    this.logSurvival = hazardGroups.map((hs) => hs.map((h) => Math.log1p(-h)));
    this.scratch = new Float64Array(Math.max(1, ...hazardGroups.map((g) => g.length)));
  }

  get groups(): number {
    return this.logSurvival.length;
  }

  /** The number of values of `a` tabulated so far. */
  get tables(): number {
    return this.cdfs.size;
  }

  /** The largest mass any table left out above its end (≤ 1e-15). */
  get truncation(): number {
    return this.maxTail;
  }

  /** Per group, the CDF of its hits given a (tabulated on first use). */
  cdfsAt(a: number): readonly Float64Array[] {
    const cached = this.cdfs.get(a);
    if (cached !== undefined) return cached;
    const made = this.logSurvival.map((logs) => {
      const ps = this.scratch.subarray(0, logs.length);
      for (let j = 0; j < logs.length; j++) ps[j] = -Math.expm1(a * (logs[j] as number));
      const { pmf: cdf, tailMass } = truncatedPoissonBinomial(ps);
      if (tailMass > this.maxTail) this.maxTail = tailMass;
      for (let k = 1; k < cdf.length; k++) cdf[k] = (cdf[k] as number) + (cdf[k - 1] as number);
      return cdf;
    });
    this.cdfs.set(a, made);
    return made;
  }

  /** Draws each group's hits given a from the tables: one uniform per group. */
  drawTabulated(a: number, rng: RandomSource, out: Int32Array): void {
    const cdfs = this.cdfsAt(a);
    for (let g = 0; g < cdfs.length; g++) out[g] = invert(cdfs[g] as Float64Array, rng.nextFloat());
  }

  /** Draws each group's hits given a wallet by wallet: one uniform per wallet, no table. */
  drawDirect(a: number, rng: RandomSource, out: Int32Array): void {
    for (let g = 0; g < this.logSurvival.length; g++) {
      const logs = this.logSurvival[g] as Float64Array;
      let hits = 0;
      for (let j = 0; j < logs.length; j++) {
        if (rng.nextFloat() < -Math.expm1(a * (logs[j] as number))) hits++;
      }
      out[g] = hits;
    }
  }
}

/** The smallest k with cdf[k] > u (the last index if rounding leaves u above the table). */
export function invert(cdf: Float64Array, u: number): number {
  let lo = 0;
  let hi = cdf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((cdf[mid] as number) > u) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
