import type { RandomSource } from "../rng/random-source.js";
import { requireFinite, requireNonNegative } from "../validate/arguments.js";

/**
 * A standard normal deviate by Marsaglia's polar method: draw (u, v) uniform in the square
 * (−1, 1)² until s = u² + v² is in (0, 1) (π/4 of the time), then u·m and v·m with
 * m = √(−2·ln s / s) are two independent N(0, 1) deviates. The second is kept in
 * `rng.normalSpare` and returned by the next call, so a pair costs 2.55 draws on average.
 *
 * With 32-bit uniforms the largest possible |deviate| is about 9.4; a N(0, 1) deviate beyond
 * that has probability below 1e-20.
 */
export function standardNormal(rng: RandomSource): number {
  const spare = rng.normalSpare;
  if (!Number.isNaN(spare)) {
    rng.normalSpare = Number.NaN;
    return spare;
  }
  let u: number;
  let v: number;
  let s: number;
  do {
    u = 2 * rng.nextFloat() - 1;
    v = 2 * rng.nextFloat() - 1;
    s = u * u + v * v;
  } while (s >= 1 || s === 0);
  const m = Math.sqrt((-2 * Math.log(s)) / s);
  rng.normalSpare = v * m;
  return u * m;
}

/** A normal deviate with this mean and standard deviation (sd ≥ 0; sd = 0 returns the mean). */
export function normal(rng: RandomSource, mean: number, sd: number): number {
  requireFinite("normal", "mean", mean);
  requireNonNegative("normal", "sd", sd);
  return mean + sd * standardNormal(rng);
}
