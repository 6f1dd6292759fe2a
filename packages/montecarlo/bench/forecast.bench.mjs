#!/usr/bin/env node
// forecast.bench.mjs: the exposure forecast and the review-queue optimizer for 500
// wallets × 100,000 iterations, each beside the straightforward implementation (bench/
// reference.mjs: a Gamma rate, a Poisson event count, batches and a Bernoulli draw per wallet per
// iteration) in the same run. Each case runs in a fresh Node process on one thread: median of
// the timed rounds after warm-up rounds, and the process's peak resident memory.
//
//   node bench/forecast.bench.mjs [--json]        (after `pnpm build`)
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { EMBEDDED_DCA_HISTORY } from "@svc/ofac-index";
import {
  chooseGrowth,
  forecastExposure,
  normal,
  optimizeQueue,
  Xoshiro128StarStar,
} from "../dist/index.js";
import { plainLoopHits, referenceForecastHits, referenceQueueCaught } from "./reference.mjs";

const WALLETS = 500;
const ITERATIONS = 100_000;
const SELF = fileURLToPath(import.meta.url);

/**
 * A realistic book: 30% low, 50% standard, 15% high, 5% critical; log-normal exposures (median
 * ~$5k); activity within a year; up to 100 transactions a month; policy priority 0–5. Two
 * wallets match the list today.
 */
function portfolio() {
  const rng = Xoshiro128StarStar.fromSeed(500);
  const tiers = ["low", "low", "low", "standard", "standard", "standard", "standard", "standard"];
  return Array.from({ length: WALLETS }, (_, i) => ({
    address: `0x${i.toString(16).padStart(40, "0")}`,
    relationship_tier: i % 20 === 0 ? "critical" : i % 20 < 4 ? "high" : tiers[i % 8],
    exposure_usd: Math.round(Math.exp(normal(rng, 8.5, 1.5))),
    last_activity_days: Math.floor(rng.nextFloat() * 365),
    transaction_count_30d: Math.floor(rng.nextFloat() * 100),
    policy_priority: Math.floor(rng.nextFloat() * 6),
  }));
}

const LISTED = new Set([portfolio()[7].address, portfolio()[300].address]);
const context = {
  screen: (a) =>
    LISTED.has(a) ? { status: "match", entities: ["Bench Entity"] } : { status: "clear" },
  history: EMBEDDED_DCA_HISTORY,
};

function forecastRequest(horizon) {
  const items = portfolio();
  return {
    addresses: items.map((i) => i.address),
    address_metadata: items,
    horizon_days: horizon,
    iterations: ITERATIONS,
    target: { operator: ">=", k: 5 },
  };
}

const queueRequest = () => ({
  review_items: portfolio().map((item, i) => ({ ...item, current_queue_position: i + 1 })),
  review_budget: 50,
  iterations: ITERATIONS,
});

/** What each case runs once; the reference cases reuse the optimized run's hazards. */
const CASES = {
  "forecast 90 d": () => forecastExposure(forecastRequest(90), context),
  "reference forecast 90 d": () => {
    const f = forecastExposure(forecastRequest(90), context);
    const hazards = f.per_wallet
      .filter((w) => w.screening_status === "clear")
      .map((w) => f.forecast_model.base_hazard * w.hazard_multiplier);
    const process = chooseGrowth(EMBEDDED_DCA_HISTORY).model.additions;
    return () =>
      referenceForecastHits(hazards, 2, process, 90, ITERATIONS, Xoshiro128StarStar.fromSeed(1));
  },
  "plain loop, fixed p": () => {
    const f = forecastExposure(forecastRequest(90), context);
    const ps = Float64Array.from(f.per_wallet, (w) => w.future_hit_probability);
    return () => plainLoopHits(ps, ITERATIONS, Xoshiro128StarStar.fromSeed(1));
  },
  "forecast 365 d": () => forecastExposure(forecastRequest(365), context),
  "queue 90 d": () => optimizeQueue(queueRequest(), context),
  "reference queue 90 d": () => {
    const q = optimizeQueue(queueRequest(), context);
    const items = q.review_queue.map((r) => ({
      hazard: q.forecast_model.base_hazard * r.hazard_multiplier,
      match: r.screening_status === "match",
      optimized: r.rank <= 50,
      naive: r.naive_rank <= 50,
    }));
    const process = chooseGrowth(EMBEDDED_DCA_HISTORY).model.additions;
    return () =>
      referenceQueueCaught(items, process, 90, ITERATIONS, Xoshiro128StarStar.fromSeed(1));
  },
};
const SETUP = new Set(["reference forecast 90 d", "plain loop, fixed p", "reference queue 90 d"]);

function runCase(name) {
  const run = SETUP.has(name) ? CASES[name]() : CASES[name];
  const reference = SETUP.has(name);
  const warm = reference ? 1 : 3;
  const rounds = reference ? 5 : 9;
  for (let i = 0; i < warm; i++) run();
  const times = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    run();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(
    JSON.stringify({ name, median, min: times[0], rssMb: process.resourceUsage().maxRSS / 1024 }),
  );
}

const caseArg = process.argv.indexOf("--case");
if (caseArg >= 0) {
  runCase(process.argv[caseArg + 1]);
} else {
  const results = Object.keys(CASES).map((name) =>
    JSON.parse(execFileSync(process.execPath, [SELF, "--case", name], { encoding: "utf8" }).trim()),
  );
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify(results, null, 2));
  } else {
    const by = Object.fromEntries(results.map((r) => [r.name, r]));
    console.log(
      `${WALLETS} wallets × ${ITERATIONS.toLocaleString("en")} iterations, one thread, Node ${process.version}; fresh process per case`,
    );
    console.log("case                       median ms   min ms   peak RSS MB   vs reference");
    for (const r of results) {
      const ref = by[`reference ${r.name}`];
      const ratio = ref ? `${(ref.median / r.median).toFixed(1)}× faster` : "";
      console.log(
        `${r.name.padEnd(26)} ${r.median.toFixed(1).padStart(9)} ${r.min.toFixed(1).padStart(8)} ${r.rssMb.toFixed(0).padStart(13)}   ${ratio}`,
      );
    }
  }
}
