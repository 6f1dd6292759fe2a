import { standardNormal } from "../random/normal.js";
import { Xoshiro128StarStar } from "../rng/xoshiro128.js";
import type { CompiledScenario } from "./model.js";
import { countAtLeast, type ProbabilityEstimate, proportion } from "./stats.js";

/**
 * The random part of `sims` runs of a scenario. Run s has score = mean + spread[s] and outcome
 * score + noise[s], where spread[s] = Σ weight·sd·Z and noise[s] = outcome_noise·Z′ (standard
 * normal Z, drawn in parameter order, then Z′; nothing is drawn for an sd of 0).
 *
 * Since only the mean depends on the parameter values, every variant of a scenario with the same
 * weights and sds is evaluated on the same runs by shifting the mean: common random numbers,
 * exactly as if each variant were simulated again from the same seed.
 */
export interface Runs {
  readonly sims: number;
  readonly spread: Float64Array;
  readonly noise: Float64Array;
  /** spread + noise, ascending: P̂(success) at any mean is one binary search. */
  readonly sortedOutcome: Float64Array;
}

/** Normal deviates drawn per run: one per parameter with sd > 0, one for the noise if > 0. */
export const deviatesPerRun = (sc: CompiledScenario): number =>
  sc.sds.filter((sd) => sd > 0).length + (sc.noise > 0 ? 1 : 0);

export function simulateRuns(sc: CompiledScenario, sims: number, rng: Xoshiro128StarStar): Runs {
  const scale = sc.weights.map((w, i) => w * sc.sds[i]!).filter((_, i) => sc.sds[i]! > 0);
  const spread = new Float64Array(sims);
  const noise = new Float64Array(sims);
  const outcome = new Float64Array(sims);
  for (let s = 0; s < sims; s++) {
    let x = 0;
    for (let j = 0; j < scale.length; j++) x += scale[j]! * standardNormal(rng);
    const e = sc.noise > 0 ? sc.noise * standardNormal(rng) : 0;
    spread[s] = x;
    noise[s] = e;
    outcome[s] = x + e;
  }
  return { sims, spread, noise, sortedOutcome: outcome.sort() };
}

/** The estimated success probability of the scenario shifted to expected score `mean`. */
export function probabilityAt(runs: Runs, mean: number, threshold: number): ProbabilityEstimate {
  return proportion(countAtLeast(runs.sortedOutcome, threshold - mean), runs.sims);
}

/**
 * `count` independent generators from one seed: the first seeded with it, each next one the
 * previous jumped ahead by 2^64 draws (non-overlapping streams).
 */
export function streams(seed: number, count: number): Xoshiro128StarStar[] {
  const out = [Xoshiro128StarStar.fromSeed(seed)];
  for (let i = 1; i < count; i++) out.push(out[i - 1]!.clone().jump());
  return out;
}
