// The straightforward implementations the optimized forecast and queue are checked against (in
// the tests) and timed beside (in the benchmark): per iteration, an event rate from its Gamma
// posterior, a Poisson number of addition events, a bootstrapped batch size for each, then one
// Bernoulli draw per wallet with pⱼ = 1 − (1 − hⱼ)^A (ln(1 − hⱼ) computed once). No tables, no
// exact shortcuts.
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
  const logSurvival = Float64Array.from(hazards, (h) => Math.log1p(-h));
  for (let i = 0; i < iterations; i++) {
    const a = process === null ? 0 : drawAdditions(rng, process, horizonDays);
    let hits = matches;
    for (let j = 0; j < logSurvival.length; j++) {
      if (bernoulli(rng, -Math.expm1(a * logSurvival[j]))) hits++;
    }
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
  const logSurvival = items.map((item) => Math.log1p(-item.hazard));
  for (let i = 0; i < iterations; i++) {
    const a = process === null ? 0 : drawAdditions(rng, process, horizonDays);
    let o = 0;
    let n = 0;
    for (let j = 0; j < items.length; j++) {
      const item = items[j];
      const hit = item.match || bernoulli(rng, -Math.expm1(a * logSurvival[j]));
      if (hit && item.optimized) o++;
      if (hit && item.naive) n++;
    }
    optimized[i] = o;
    naive[i] = n;
  }
  return { optimized, naive };
}

/**
 * The plain loop of the issue's own estimate (~190 ms at 100,000 iterations): fixed
 * probabilities, independent wallets, one Bernoulli per wallet per iteration, no list growth.
 */
export function plainLoopHits(probabilities, iterations, rng) {
  const out = new Int32Array(iterations);
  for (let i = 0; i < iterations; i++) {
    let hits = 0;
    for (let j = 0; j < probabilities.length; j++) if (rng.nextFloat() < probabilities[j]) hits++;
    out[i] = hits;
  }
  return out;
}
