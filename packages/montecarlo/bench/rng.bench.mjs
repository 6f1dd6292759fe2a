#!/usr/bin/env node

// rng.bench.mjs: how fast the @svc/montecarlo foundation draws, beside Math.random in the same
// process, and how long the exact Poisson-binomial pmf takes for 500 wallets.
//
// Usage (from packages/montecarlo, after `pnpm build`; `pnpm bench` runs exactly this):
//   node bench/rng.bench.mjs [--json]
//
//   --json  print one JSON object with every figure on stdout instead of the table
//
// Each row is its own monomorphic loop (so V8 optimizes every kernel on its own, as a simulation
// loop would be), warmed up, then timed in 5 rounds of ~300 ms; the figure is the median round.
// Speed is measured, never asserted: the exit code is 0 unless something crashed.

import { performance } from "node:perf_hooks";
import {
  bernoulli,
  discrete,
  gamma,
  poisson,
  poissonBinomialPmf,
  standardNormal,
  Xoshiro128StarStar,
} from "../dist/index.js";

const ROUNDS = 5;
const ROUND_MS = 300;
const WARMUP_MS = 100;
const BATCH = 1 << 16;
const SEED = 20251119;

const json = process.argv.includes("--json");
const log = (line) => {
  if (!json) process.stderr.write(`${line}\n`);
};

const rng = Xoshiro128StarStar.fromSeed(SEED);
const batchSizes = discrete([14, 11, 9, 7, 5, 4, 0, 3, 0, 3, 0, 2]);

/** Kernels: each draws `n` values and returns a checksum so nothing is optimized away. */
const KERNELS = [
  [
    "Math.random()",
    (n) => {
      let s = 0;
      for (let i = 0; i < n; i++) s += Math.random();
      return s;
    },
  ],
  [
    "rng.nextUint32()",
    (n) => {
      let s = 0;
      for (let i = 0; i < n; i++) s += rng.nextUint32();
      return s;
    },
  ],
  [
    "rng.nextFloat()",
    (n) => {
      let s = 0;
      for (let i = 0; i < n; i++) s += rng.nextFloat();
      return s;
    },
  ],
  [
    "rng.nextFloat53()",
    (n) => {
      let s = 0;
      for (let i = 0; i < n; i++) s += rng.nextFloat53();
      return s;
    },
  ],
  [
    "standardNormal(rng)",
    (n) => {
      let s = 0;
      for (let i = 0; i < n; i++) s += standardNormal(rng);
      return s;
    },
  ],
  [
    "poisson(rng, 3)",
    (n) => {
      let s = 0;
      for (let i = 0; i < n; i++) s += poisson(rng, 3);
      return s;
    },
  ],
  [
    "poisson(rng, 100)",
    (n) => {
      let s = 0;
      for (let i = 0; i < n; i++) s += poisson(rng, 100);
      return s;
    },
  ],
  [
    "gamma(rng, 2, 1)",
    (n) => {
      let s = 0;
      for (let i = 0; i < n; i++) s += gamma(rng, 2, 1);
      return s;
    },
  ],
  [
    "bernoulli(rng, 0.1)",
    (n) => {
      let s = 0;
      for (let i = 0; i < n; i++) if (bernoulli(rng, 0.1)) s++;
      return s;
    },
  ],
  [
    "discrete(12 sizes).sample",
    (n) => {
      let s = 0;
      for (let i = 0; i < n; i++) s += batchSizes.sample(rng);
      return s;
    },
  ],
];

let checksum = 0;

/** Runs `kernel` in batches for about `ms` milliseconds; returns draws per second. */
function round(kernel, ms) {
  let draws = 0;
  const start = performance.now();
  let elapsed = 0;
  do {
    checksum += kernel(BATCH);
    draws += BATCH;
    elapsed = performance.now() - start;
  } while (elapsed < ms);
  return (draws / elapsed) * 1000;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

const rows = [];
for (const [name, kernel] of KERNELS) {
  round(kernel, WARMUP_MS);
  const rates = Array.from({ length: ROUNDS }, () => round(kernel, ROUND_MS));
  const rate = median(rates);
  rows.push({ name, perSecond: rate, nsPerDraw: 1e9 / rate });
  log(`  measured ${name}`);
}

// Exact Poisson-binomial pmf, n = 500: calls per round until ~300 ms, median time per call.
const ps = Array.from({ length: 500 }, () => rng.nextFloat() * 0.2);
const pmfRound = (ms) => {
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  do {
    checksum += poissonBinomialPmf(ps)[3];
    calls++;
    elapsed = performance.now() - start;
  } while (elapsed < ms);
  return elapsed / calls;
};
pmfRound(WARMUP_MS);
const pmfMs = median(Array.from({ length: ROUNDS }, () => pmfRound(ROUND_MS)));

const baseline = rows[0].perSecond;
const result = {
  node: process.version,
  rounds: ROUNDS,
  roundMs: ROUND_MS,
  samplers: rows.map((r) => ({ ...r, relativeToMathRandom: r.perSecond / baseline })),
  poissonBinomialPmf500Ms: pmfMs,
  checksum: Number.isFinite(checksum),
};

if (json) {
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
} else {
  const fmt = (x, d) => x.toFixed(d).padStart(9);
  const width = Math.max(...rows.map((r) => r.name.length));
  const lines = [
    `@svc/montecarlo bench: Node ${process.version}, median of ${ROUNDS} rounds of ~${ROUND_MS} ms`,
    "",
    `${"draw".padEnd(width)}  ${"M draws/s".padStart(9)}  ${"ns/draw".padStart(9)}  ${"vs Math.random".padStart(14)}`,
    ...rows.map(
      (r) =>
        `${r.name.padEnd(width)}  ${fmt(r.perSecond / 1e6, 1)}  ${fmt(r.nsPerDraw, 2)}  ${`${(r.perSecond / baseline).toFixed(2)}×`.padStart(14)}`,
    ),
    "",
    `poissonBinomialPmf(500 wallets): ${pmfMs.toFixed(3)} ms per call (O(n²) = 125,250 updates)`,
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}
