import type { AdditionsSampler } from "../growth/additions-sampler.js";
import type { RandomSource } from "../rng/random-source.js";
import type { AdditionsPmf } from "./additions-pmf.js";
import type { ConditionalHits } from "./conditional-hits.js";
import type { LinkedHits } from "./linked/party-hits.js";

/** Per iteration: the addresses added, and each group's hits. */
export interface HitsSimulation {
  readonly additions: Int32Array;
  readonly hits: readonly Int32Array[];
}

/** Additions up to this quantile of their law are drawn from tables, rarer ones wallet by wallet. */
const TABULATED_QUANTILE = 0.999;

/** The smallest a with P(A ≤ a) ≥ `TABULATED_QUANTILE`. */
export function tabulationCutoff(additions: AdditionsPmf): number {
  let cumulative = 0;
  for (let a = 0; a < additions.pmf.length; a++) {
    cumulative += additions.pmf[a] as number;
    if (cumulative >= TABULATED_QUANTILE) return a;
  }
  return additions.pmf.length - 1;
}

/**
 * Simulates `iterations` futures: the list's additions over the horizon (a number of events from
 * the Gamma–Poisson law, a bootstrapped batch size each: `AdditionsSampler`), then
 * each group's hits given those additions: from the cached tables while the additions are at
 * most `cutoff` (99.9% of futures), else wallet by wallet (a table for a value seen once or
 * twice would cost more than it saves). Both draw from the same conditional law. Without a
 * sampler nothing is added. Wallets linked to parties (`linked`) are drawn after, per party: its
 * events, then its wallets' hits, added to their groups. Only the result arrays are allocated.
 */
export function simulateHits(
  sampler: AdditionsSampler | null,
  iterations: number,
  hits: ConditionalHits,
  cutoff: number,
  rng: RandomSource,
  linked: LinkedHits | null = null,
): HitsSimulation {
  const additions = new Int32Array(iterations);
  const out = Array.from({ length: hits.groups }, () => new Int32Array(iterations));
  const draw = new Int32Array(hits.groups);
  for (let i = 0; i < iterations; i++) {
    const a = sampler === null ? 0 : sampler.draw(rng);
    additions[i] = a;
    if (a <= cutoff) hits.drawTabulated(a, rng, draw);
    else hits.drawDirect(a, rng, draw);
    // Then each party's events and its linked wallets (no draw at all when none is linked).
    if (linked !== null && !linked.empty) linked.draw(rng, draw);
    for (let g = 0; g < draw.length; g++) (out[g] as Int32Array)[i] = draw[g] as number;
  }
  return { additions, hits: out };
}
