#!/usr/bin/env node

// backtest.mjs: how well the list-growth model of @svc/montecarlo predicted OFAC's real additions.
//
// Usage (from packages/montecarlo, after `pnpm build`):
//   node scripts/backtest.mjs [path-to-address_history.csv]
//
// The default history is ../../../shared/data/ofac/history/address_history.csv from this script
// (one row per (asset, address) ever on the list). Rows with first_seen_censored=true were on the
// list at the first, squashed commit (2022-09-03): they are the initial state, not events.
// Additions: uncensored rows grouped by first_seen_commit_date (one event per day, its size the
// number of (asset, address) pairs). Removals: rows with present_in_latest=false, dated on the
// first commit day after last_seen_commit_date found in list_counts_by_commit.csv beside the
// history (the day after last_seen_commit_date when that file is absent): approximate, since the
// address disappeared somewhere between the two commits.
//
// Rolling origins T every 14 days from 2023-06-01 while T + h ≤ 2025-11-19; for each horizon h
// in {30, 90, 180}: fit on the events in [2022-09-03, T) (span T − 2022-09-03 days), simulate
// 20,000 futures with a fixed seed, and check whether the realized additions in [T, T + h)
// fall inside the central 50% (p25..p75) and 90% (p5..p95) intervals, bounds included. For
// contrast, the same check for a plain Poisson count of addresses with the same mean.
// The windows overlap, so the coverage figures are correlated (far fewer independent trials
// than windows). The exit code is 0 unless something crashed.

import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { growthFromAddressHistory } from "@svc/ofac-index";
import {
  fitListGrowth,
  poisson,
  simulateGrowth,
  summarizeGrowth,
  Xoshiro128StarStar,
} from "../dist/index.js";

const HERE = dirname(fileURLToPath(import.meta.url));
const CSV = resolve(
  process.argv[2] ?? resolve(HERE, "../../../../shared/data/ofac/history/address_history.csv"),
);
const START = "2022-09-03";
const END = "2025-11-19";
const FIRST_ORIGIN = "2023-06-01";
const STEP_DAYS = 14;
const HORIZONS = [30, 90, 180];
const ITERATIONS = 20_000;
const SEED = 20251119;

const DAY = 86_400_000;
const toDay = (iso) => Date.parse(`${iso}T00:00:00Z`) / DAY;
const toIso = (day) => new Date(day * DAY).toISOString().slice(0, 10);

// The events, derived by @svc/ofac-index exactly as the forecast's embedded history is.
const commitsCsv = resolve(dirname(CSV), "list_counts_by_commit.csv");
const history = growthFromAddressHistory(
  readFileSync(CSV, "utf8"),
  existsSync(commitsCsv) ? readFileSync(commitsCsv, "utf8") : undefined,
);
const events = history.events.map((e) => ({ ...e, day: toDay(e.date) }));

const full = fitListGrowth({ from: START, to: END, events: history.events });
const sizes = history.events
  .filter((e) => e.added > 0)
  .map((e) => e.added)
  .sort((a, b) => a - b);
console.log(`history: ${CSV}`);
console.log(
  `${sizes.length} addition events of ${history.addedTotal} addresses ` +
    `(sizes median ${sizes[Math.floor(sizes.length / 2)]}, mean ${full.additions.sizes.mean.toFixed(1)}, ` +
    `max ${sizes.at(-1)}), ${history.removalEvents} removal events of ${history.removedTotal} addresses ` +
    `(removal dates from ${existsSync(commitsCsv) ? "the next commit" : "last seen + 1 day"})`,
);
console.log(
  `full-history fit: ${(full.ratePerDay * 365.25).toFixed(1)} addition events/year, ` +
    `${(full.addressesPerDay * 365.25).toFixed(0)} addresses/year, confidence ${full.modelConfidence}`,
);
console.log(
  `rolling origins every ${STEP_DAYS} days from ${FIRST_ORIGIN}, ${ITERATIONS} iterations, seed ${SEED}; ` +
    "windows overlap, so coverages are correlated\n",
);

/** p5, p25, p75, p95 (type 7) of a plain Poisson count of addresses with mean `mean`. */
function plainPoisson(mean, rng) {
  const draws = new Int32Array(ITERATIONS);
  for (let i = 0; i < ITERATIONS; i++) draws[i] = poisson(rng, mean);
  draws.sort();
  const q = (p) => {
    const pos = (ITERATIONS - 1) * p;
    const lo = Math.floor(pos);
    return draws[lo] + (pos - lo) * (draws[Math.min(lo + 1, ITERATIONS - 1)] - draws[lo]);
  };
  return { p5: q(0.05), p25: q(0.25), p75: q(0.75), p95: q(0.95) };
}

const inside = (x, lo, hi) => x >= lo && x <= hi;
const pct = (k, n) => `${((100 * k) / n).toFixed(0)}%`.padStart(5);

console.log(
  "horizon  windows  in 50%  in 90%  mean predicted  mean realized  median p50  zero realized  plain-Poisson 50%/90%",
);
for (const h of HORIZONS) {
  let n = 0;
  let in50 = 0;
  let in90 = 0;
  let poisson50 = 0;
  let poisson90 = 0;
  let predicted = 0;
  let realized = 0;
  let zeros = 0;
  const medians = [];
  for (let t = toDay(FIRST_ORIGIN); t + h <= toDay(END); t += STEP_DAYS) {
    const past = events
      .filter((e) => e.day < t)
      .map(({ date, added, removed }) => ({ date, added, removed }));
    const model = fitListGrowth({ from: START, to: toIso(t), events: past });
    const s = summarizeGrowth(
      simulateGrowth(model, h, ITERATIONS, Xoshiro128StarStar.fromSeed(SEED)),
    );
    const actual = events
      .filter((e) => e.day >= t && e.day < t + h)
      .reduce((a, e) => a + e.added, 0);
    const naive = plainPoisson(s.mean, Xoshiro128StarStar.fromSeed(SEED));
    n++;
    if (inside(actual, s.p25, s.p75)) in50++;
    if (inside(actual, s.p5, s.p95)) in90++;
    if (inside(actual, naive.p25, naive.p75)) poisson50++;
    if (inside(actual, naive.p5, naive.p95)) poisson90++;
    if (actual === 0) zeros++;
    predicted += s.mean;
    realized += actual;
    medians.push(s.p50);
  }
  medians.sort((a, b) => a - b);
  console.log(
    `${`${h} d`.padStart(7)}  ${String(n).padStart(7)}  ${pct(in50, n).padStart(6)}  ${pct(in90, n).padStart(6)}  ` +
      `${(predicted / n).toFixed(1).padStart(14)}  ${(realized / n).toFixed(1).padStart(13)}  ` +
      `${medians[Math.floor(n / 2)].toFixed(1).padStart(10)}  ${pct(zeros, n).padStart(13)}  ` +
      `${pct(poisson50, n)} / ${pct(poisson90, n)}`,
  );
}
