import { gamma } from "../random/gamma.js";
import { poisson } from "../random/poisson.js";
import type { RandomSource } from "../rng/random-source.js";
import { requireIntegerIn } from "../validate/arguments.js";
import type { EventProcess, ListGrowthModel } from "./list-growth-model.js";

/** Horizon bounds in days (10 years at most). */
const MAX_GROWTH_HORIZON_DAYS = 3650;
/** At most 10 million iterations (the arrays take ~240 MB then). */
const MAX_GROWTH_ITERATIONS = 10_000_000;

/** Per-iteration results of `simulateGrowth`, one entry per iteration. */
export interface GrowthSimulation {
  readonly horizonDays: number;
  readonly iterations: number;
  /** Addresses added over the horizon. */
  readonly additions: Int32Array;
  /** Addresses removed over the horizon. */
  readonly removals: Int32Array;
  readonly additionEvents: Int32Array;
  readonly removalEvents: Int32Array;
  /** The addition event rate λ drawn from its Gamma (events/day). */
  readonly lambda: Float64Array;
  /** The removal event rate drawn from its Gamma (events/day). */
  readonly removalLambda: Float64Array;
}

const INT32_MAX = 0x7fffffff;

function total(rng: RandomSource, p: EventProcess, events: number): number {
  const { values, table } = p.sizes;
  let sum = 0;
  for (let e = 0; e < events; e++) sum += values[table.sample(rng)] as number;
  if (sum > INT32_MAX) throw new RangeError("simulateGrowth: a simulated total exceeds 2^31 − 1");
  return sum;
}

/**
 * Simulates `iterations` futures of `horizonDays` days. Each iteration draws the addition event
 * rate λ ~ Gamma(shape, rate) (the rate uncertainty is carried into the simulation), a Poisson
 * number of events with mean λ·h, and a batch size for each from the model's size table; then the
 * same for removals. The draws per iteration are, in order: λ, the addition events, their sizes,
 * the removal rate, the removal events, their sizes. Only the result arrays are allocated.
 */
export function simulateGrowth(
  model: ListGrowthModel,
  horizonDays: number,
  iterations: number,
  rng: RandomSource,
): GrowthSimulation {
  requireIntegerIn("simulateGrowth", "horizonDays", horizonDays, 1, MAX_GROWTH_HORIZON_DAYS);
  requireIntegerIn("simulateGrowth", "iterations", iterations, 1, MAX_GROWTH_ITERATIONS);
  const add = model.additions;
  const rem = model.removals;
  const additions = new Int32Array(iterations);
  const removals = new Int32Array(iterations);
  const additionEvents = new Int32Array(iterations);
  const removalEvents = new Int32Array(iterations);
  const lambda = new Float64Array(iterations);
  const removalLambda = new Float64Array(iterations);
  for (let i = 0; i < iterations; i++) {
    const l = gamma(rng, add.shape, add.rate);
    const n = poisson(rng, l * horizonDays);
    lambda[i] = l;
    additionEvents[i] = n;
    additions[i] = total(rng, add, n);
    const r = gamma(rng, rem.shape, rem.rate);
    const m = poisson(rng, r * horizonDays);
    removalLambda[i] = r;
    removalEvents[i] = m;
    removals[i] = total(rng, rem, m);
  }
  return {
    horizonDays,
    iterations,
    additions,
    removals,
    additionEvents,
    removalEvents,
    lambda,
    removalLambda,
  };
}

export interface GrowthSummary {
  readonly mean: number;
  readonly p5: number;
  readonly p25: number;
  readonly p50: number;
  readonly p75: number;
  readonly p90: number;
  readonly p95: number;
  /** The share of iterations with no address added. */
  readonly pNoAddition: number;
  /** The mean number of addresses removed. */
  readonly meanRemovals: number;
}

/** The q-quantile of sorted values, linearly interpolated (R's type 7, numpy's default). */
function quantile(sorted: Int32Array, q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return (sorted[lo] as number) + (pos - lo) * ((sorted[hi] as number) - (sorted[lo] as number));
}

/** Mean, quantiles (type 7) and P(no addition) of the simulated additions. */
export function summarizeGrowth(sim: GrowthSimulation): GrowthSummary {
  const sorted = Int32Array.from(sim.additions).sort();
  let sum = 0;
  let zeros = 0;
  for (const a of sim.additions) {
    sum += a;
    if (a === 0) zeros++;
  }
  let removed = 0;
  for (const r of sim.removals) removed += r;
  const n = sim.additions.length;
  return {
    mean: sum / n,
    p5: quantile(sorted, 0.05),
    p25: quantile(sorted, 0.25),
    p50: quantile(sorted, 0.5),
    p75: quantile(sorted, 0.75),
    p90: quantile(sorted, 0.9),
    p95: quantile(sorted, 0.95),
    pNoAddition: zeros / n,
    meanRemovals: removed / n,
  };
}
