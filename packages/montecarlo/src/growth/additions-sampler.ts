import { AliasTable } from "../random/alias-table.js";
import type { RandomSource } from "../rng/random-source.js";
import { requireIntegerIn } from "../validate/arguments.js";
import type { EventProcess } from "./list-growth-model.js";

/** Event-count mass left out of the table (drawn as the largest tabulated count instead). */
const COUNT_TAIL = 1e-13;

/**
 * Draws the addresses a process adds over a fixed horizon, event by event: the number of events
 * N, then a bootstrapped batch size for each. With the event rate λ ~ Gamma(α, β) and
 * N | λ ~ Poisson(λh), N is negative binomial, P(N = n) = C(α + n − 1, n)·(1 − q)^α·qⁿ with
 * q = h/(β + h): the Gamma mixture of Poissons, so the rate's uncertainty is carried in full.
 * N is drawn from an alias table of that law (two uniforms) instead of a Gamma and a Poisson
 * deviate (~80 ns), which is the same distribution; `simulateGrowth` draws λ explicitly where
 * its value is wanted.
 */
export class AdditionsSampler {
  private readonly counts: AliasTable;
  private readonly events: EventProcess;

  constructor(events: EventProcess, horizonDays: number) {
    requireIntegerIn("AdditionsSampler", "horizonDays", horizonDays, 1, 3650);
    this.events = events;
    const q = horizonDays / (events.rate + horizonDays);
    const pmf = [(1 - q) ** events.shape];
    let cumulative = pmf[0] as number;
    for (let n = 1; 1 - cumulative > COUNT_TAIL && n < 1e7; n++) {
      const p = ((pmf[n - 1] as number) * (events.shape + n - 1) * q) / n;
      if (p === 0 && n > events.shape * q) break;
      pmf.push(p);
      cumulative += p;
    }
    this.counts = new AliasTable(pmf);
  }

  /** The addresses added in one simulated future. */
  draw(rng: RandomSource): number {
    const { values, table } = this.events.sizes;
    const events = this.counts.sample(rng);
    let sum = 0;
    for (let e = 0; e < events; e++) sum += values[table.sample(rng)] as number;
    return sum;
  }
}
