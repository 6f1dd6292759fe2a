import type { RandomSource } from "../rng/random-source.js";
import { requireProbability } from "../validate/arguments.js";

/**
 * `true` with probability p: one draw, `nextFloat() < p`. p = 0 is never true and p = 1 always;
 * in between, p acts as rounded up to the 2^-32 grid of `nextFloat` (an error below 2.3e-10).
 */
export function bernoulli(rng: RandomSource, p: number): boolean {
  requireProbability("bernoulli", "p", p);
  return rng.nextFloat() < p;
}
