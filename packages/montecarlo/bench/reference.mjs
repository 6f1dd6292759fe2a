// The straightforward implementations the optimized forecast and queue are checked against (in
// the tests) and timed beside (in the benchmark): per iteration, an event rate from its Gamma
// posterior, a Poisson number of addition events, a bootstrapped batch size for each, then one
// Bernoulli draw per wallet with pⱼ = 1 − (1 − hⱼ)^A. No tables, no exact shortcuts.
import { bernoulli, gamma, poisson } from "../dist/index.js";

/** Addresses added in one simulated future of `process` over `horizonDays`. */
function drawAdditions(rng, process, horizonDays) {
  const events = poisson(rng, gamma(rng, process.shape, process.rate) * horizonDays);
  let added = 0;
  for (let e = 0; e < events; e++) added += process.sizes.values[process.sizes.table.sample(rng)];
  return added;
}

/**
 * Total hits (matches + wallets hit) per iteration. `hazards` are the clear wallets' hazards;
 * `process` null adds nothing.
 */
export function referenceForecastHits(hazards, matches, process, horizonDays, iterations, rng) {
  const out = new Int32Array(iterations);
  for (let i = 0; i < iterations; i++) {
    const a = process === null ? 0 : drawAdditions(rng, process, horizonDays);
    let hits = matches;
    for (let j = 0; j < hazards.length; j++) if (bernoulli(rng, 1 - (1 - hazards[j]) ** a)) hits++;
    out[i] = hits;
  }
  return out;
}

/**
 * Caught hits of two review sets per iteration, from one Bernoulli draw per item: `items` are
 * {hazard, match, optimized, naive} (booleans: reviewed by that order).
 */
export function referenceQueueCaught(items, process, horizonDays, iterations, rng) {
  const optimized = new Int32Array(iterations);
  const naive = new Int32Array(iterations);
  for (let i = 0; i < iterations; i++) {
    const a = process === null ? 0 : drawAdditions(rng, process, horizonDays);
    let o = 0;
    let n = 0;
    for (const item of items) {
      const hit = item.match || bernoulli(rng, 1 - (1 - item.hazard) ** a);
      if (hit && item.optimized) o++;
      if (hit && item.naive) n++;
    }
    optimized[i] = o;
    naive[i] = n;
  }
  return { optimized, naive };
}
