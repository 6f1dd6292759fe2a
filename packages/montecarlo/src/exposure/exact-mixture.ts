import type { AdditionsPmf } from "./additions-pmf.js";
import type { ConditionalHits } from "./conditional-hits.js";

/** The exact law of one group's hits, Σₐ P(A = a)·P(hits = k | a), within a proven bound. */
export interface HitsDistribution {
  readonly pmf: Float64Array;
  /** Every P(hits op k) computed from `pmf` is within this of the model's true value. */
  readonly errorBound: number;
}

/** The width of the bracket below: with the tables (~1e-15) and the tail (1e-10), the error bound. */
export const MIXTURE_TOLERANCE = 1e-6;

interface Block {
  readonly lo: number;
  readonly hi: number;
  readonly weight: number;
  /** max over k of F(k | lo) − F(k | hi) ≥ 0. */
  readonly gap: number;
}

const cdfAt = (cdf: Float64Array, k: number): number => (k < cdf.length ? (cdf[k] as number) : 1);

/**
 * More additions can only mean more hits (every pⱼ(a) grows with a), so P(hits ≤ k | a) falls as
 * a grows, and over a block of additions lo..hi the mixture's share lies between
 * weight·F(k | hi) and weight·F(k | lo). Starting from one block over the whole support, the
 * block that contributes most to the bracket's width is halved until the width is below
 * `tolerance`: tables are made only where the weight is (typically a hundred or so values of
 * a near the body of the law, a handful for its long tail), instead of one per value of a.
 * The midpoint of the bracket is returned.
 */
export function hitsDistribution(
  additions: AdditionsPmf,
  hits: ConditionalHits,
  group = 0,
  tolerance = MIXTURE_TOLERANCE,
): HitsDistribution {
  const cum = new Float64Array(additions.pmf.length + 1);
  for (let a = 0; a < additions.pmf.length; a++) {
    cum[a + 1] = (cum[a] as number) + (additions.pmf[a] as number);
  }
  const table = (a: number) => hits.cdfsAt(a)[group] as Float64Array;
  const block = (lo: number, hi: number): Block => {
    const low = table(lo);
    const high = table(hi);
    let gap = 0;
    for (let k = 0; k < Math.max(low.length, high.length); k++) {
      gap = Math.max(gap, cdfAt(low, k) - cdfAt(high, k));
    }
    return { lo, hi, weight: (cum[hi + 1] as number) - (cum[lo] as number), gap };
  };
  const blocks = [block(0, additions.pmf.length - 1)];
  for (;;) {
    let width = 0;
    let worst = -1;
    blocks.forEach((b, i) => {
      width += b.weight * b.gap;
      if (
        b.hi > b.lo &&
        (worst < 0 ||
          b.weight * b.gap > (blocks[worst] as Block).weight * (blocks[worst] as Block).gap)
      )
        worst = i;
    });
    if (width <= tolerance || worst < 0) break;
    const { lo, hi } = blocks[worst] as Block;
    const mid = (lo + hi) >>> 1;
    blocks.splice(worst, 1, block(lo, mid), block(mid + 1, hi));
  }
  let length = 1;
  for (const b of blocks) length = Math.max(length, table(b.lo).length, table(b.hi).length);
  const mid = new Float64Array(length);
  let width = 0;
  for (const b of blocks) {
    const low = table(b.lo);
    const high = table(b.hi);
    for (let k = 0; k < length; k++) {
      mid[k] = (mid[k] as number) + (b.weight * (cdfAt(low, k) + cdfAt(high, k))) / 2;
    }
    width += b.weight * b.gap;
  }
  const pmf = new Float64Array(length);
  for (let k = length - 1; k > 0; k--) pmf[k] = (mid[k] as number) - (mid[k - 1] as number);
  pmf[0] = mid[0] as number;
  // Each P(hits ≤ k) is within width/2 of the truth; a point probability, a difference of two,
  // within width. The additions' tail and the tables' truncation add their mass.
  return { pmf, errorBound: width + additions.tailMass + hits.truncation };
}
