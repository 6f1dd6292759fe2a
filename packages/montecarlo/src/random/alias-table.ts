import type { RandomSource } from "../rng/random-source.js";
import { uniformIntUnchecked } from "./uniform.js";

/**
 * A discrete distribution over 0..n−1 proportional to `weights`, sampled in O(1) by Walker's
 * alias method with Vose's (1991) numerically stable construction, built once in O(n).
 *
 * Each draw picks a column i uniformly (exactly, by `uniformInt`) and returns i with probability
 * `prob[i]`, else `alias[i]`: two draws from the generator. Zero weights are allowed and never
 * come out. Meant for bootstrapping empirical histograms (e.g. the sizes of past list-addition
 * batches).
 */
export class AliasTable {
  /** The number of outcomes n. */
  readonly size: number;
  private readonly prob: Float64Array;
  private readonly alias: Int32Array;

  constructor(weights: ArrayLike<number>) {
    const n = weights.length;
    if (n === 0) throw new RangeError("discrete: weights must not be empty");
    if (n > 0x7fffffff) throw new RangeError(`discrete: at most 2^31 − 1 weights, got ${n}`);
    let total = 0;
    for (let i = 0; i < n; i++) {
      const w = weights[i] as number;
      if (typeof w !== "number" || !(w >= 0) || w === Number.POSITIVE_INFINITY) {
        throw new RangeError(`discrete: weights[${i}] must be a finite number ≥ 0, got ${w}`);
      }
      total += w;
    }
    if (!(total > 0)) throw new RangeError("discrete: at least one weight must be > 0");
    if (total === Number.POSITIVE_INFINITY) {
      throw new RangeError("discrete: the sum of the weights must be finite");
    }

    this.size = n;
    const prob = new Float64Array(n);
    const alias = new Int32Array(n);
    // Scaled so that the average is 1; "small" columns (< 1) are topped up by "large" ones.
    const scaled = new Float64Array(n);
    const small = new Int32Array(n);
    const large = new Int32Array(n);
    let nSmall = 0;
    let nLarge = 0;
    for (let i = 0; i < n; i++) {
      const x = ((weights[i] as number) / total) * n;
      scaled[i] = x;
      alias[i] = i;
      if (x < 1) small[nSmall++] = i;
      else large[nLarge++] = i;
    }
    while (nSmall > 0 && nLarge > 0) {
      const l = small[--nSmall]!;
      const g = large[--nLarge]!;
      prob[l] = scaled[l]!;
      alias[l] = g;
      const rest = scaled[g]! + scaled[l]! - 1;
      scaled[g] = rest;
      if (rest < 1) small[nSmall++] = g;
      else large[nLarge++] = g;
    }
    // What remains on either list is 1 up to rounding.
    while (nLarge > 0) prob[large[--nLarge]!] = 1;
    while (nSmall > 0) prob[small[--nSmall]!] = 1;
    this.prob = prob;
    this.alias = alias;
  }

  /** One outcome in 0..size−1. */
  sample(rng: RandomSource): number {
    const i = uniformIntUnchecked(rng, this.size);
    return rng.nextFloat() < this.prob[i]! ? i : this.alias[i]!;
  }

  /** The probability of each outcome as the table encodes it (for checks and reports), O(n). */
  probabilities(): Float64Array {
    const n = this.size;
    const p = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const keep = this.prob[i]!;
      p[i] = p[i]! + keep / n;
      const a = this.alias[i]!;
      if (keep < 1) p[a] = p[a]! + (1 - keep) / n;
    }
    return p;
  }
}

/** A sampler of 0..n−1 proportional to `weights`, built once (see `AliasTable`). */
export function discrete(weights: ArrayLike<number>): AliasTable {
  return new AliasTable(weights);
}
