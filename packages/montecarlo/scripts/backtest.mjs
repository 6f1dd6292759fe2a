#!/usr/bin/env node

// backtest.mjs: how well the list-growth model of @svc/montecarlo forecast OFAC's real additions,
// scored by proper scores against a negative-binomial baseline.
//
// Usage (from packages/montecarlo, after `pnpm build`):
//   node scripts/backtest.mjs [history.csv] [--from YYYY-MM-DD] [--json] [--candidates]
//
// history.csv: either format of growthFromAddressHistory (@svc/ofac-index): the typed one, one
// row per (asset, address), or the untyped one (no asset column). Default: the shared typed
// history, ../../../shared/data/ofac/history/address_history.csv from the repository; the
// list_counts_by_commit.csv beside it, when present, dates the removals. The unit is the unique
// address (one wallet is hit once, whatever its tickers).
//
// Origins T every 14 days from (history start + 270 days) while T + h ≤ history end, for h in
// {30, 90, 180, 365} days (`--from` keeps the origins on or after that date). At each origin the
// model is fitted exactly as the product fits it (fitListGrowth on the history [start, T)) and
// its exact law of the addresses added in [T, T + h) (additionsPmf: Panjer's recursion,
// tabulated at least through y, so that an outcome far out keeps its own probability) scores
// the realized count y:
// - randomized-PIT coverage of the central 50% and 90% intervals, as its expected value: the
//   share of [F(y − 1), F(y)] inside [0.25, 0.75] (resp. [0.05, 0.95]); exactly nominal for a
//   correct model;
// - CRPS, Σₖ (F(k) − 1{y ≤ k})², in addresses;
// - log score, −ln p(y) (p floored at 1e-300; such windows are counted).
// Both scores are negatively oriented: lower is better. Beside it, a negative binomial fitted to
// the trailing 365 days before T (the days since the start when fewer): rate n/365, mean
// λh·E[S], variance λh·E[S²] of the trailing year's events and batch sizes; Poisson when the
// variance does not exceed the mean. `--candidates` scores each candidate batch-size law (tail
// family, weight ε, recency τ) the same way, and a discounted event rate beside them. The windows
// overlap, so the figures are correlated. Exit code 0 unless it crashed.

import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { growthFromAddressHistory } from "@svc/ofac-index";
import {
  additionsPmf,
  compoundPoissonMoments,
  crps,
  DEFAULT_GROWTH_PRIOR,
  DEFAULT_SIZE_TAIL,
  fitListGrowth,
  logScore,
  negativeBinomialPmf,
  pitCoverage,
} from "../dist/index.js";

const HERE = dirname(fileURLToPath(import.meta.url));
const HORIZONS = [30, 90, 180, 365];
const STEP_DAYS = 14;
const WARM_UP_DAYS = 270;
const BASELINE_DAYS = 365;
const RECENCY = [180, 365, 730, Number.POSITIVE_INFINITY];
const tauName = (tau) => (Number.isFinite(tau) ? `τ = ${tau}` : "τ = ∞");
const CANDIDATES = [
  ...RECENCY.flatMap((tau) => [
    { name: `bootstrap only, ${tauName(tau)}`, tail: { family: "none", recencyDays: tau } },
    ...[0.25, 0.5, 0.75, 1].map((weight) => ({
      name: `lognormal ε = ${weight}, ${tauName(tau)}`,
      tail: { family: "lognormal", weight, recencyDays: tau },
    })),
  ]),
  ...[365, 730].map((rateRecencyDays) => ({
    name: `ε = 0.75, τ = 730, rate τ = ${rateRecencyDays}`,
    tail: { family: "lognormal", weight: 0.75, recencyDays: 730 },
    rateRecencyDays,
  })),
  ...[0.02, 0.05].map((weight) => ({
    name: `Pareto ε = ${weight}`,
    tail: { family: "pareto", weight },
  })),
];

function parseArgs(argv) {
  const args = { csv: undefined, from: undefined, json: false, candidates: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--json") args.json = true;
    else if (a === "--candidates") args.candidates = true;
    else if (a === "--from") {
      args.from = argv[++i];
      if (!/^\d{4}-\d{2}-\d{2}$/.test(args.from ?? "")) {
        throw new RangeError(`--from needs a date YYYY-MM-DD, got ${args.from}`);
      }
    } else if (a.startsWith("--")) throw new RangeError(`unknown option ${a}`);
    else args.csv = a;
  }
  return args;
}

const DAY = 86_400_000;
const toDay = (iso) => Date.parse(`${iso}T00:00:00Z`) / DAY;
const toIso = (day) => new Date(day * DAY).toISOString().slice(0, 10);

const args = parseArgs(process.argv.slice(2));
const CSV = resolve(
  args.csv ?? resolve(HERE, "../../../../shared/data/ofac/history/address_history.csv"),
);
const commitsCsv = resolve(dirname(CSV), "list_counts_by_commit.csv");
const history = growthFromAddressHistory(
  readFileSync(CSV, "utf8"),
  existsSync(commitsCsv) ? readFileSync(commitsCsv, "utf8") : undefined,
);
const START = toDay(history.from);
const END = toDay(history.to);
const events = history.events.map((e) => ({ ...e, day: toDay(e.date) }));
const firstOrigin = START + WARM_UP_DAYS;
const fromDay = args.from === undefined ? firstOrigin : toDay(args.from);

/** The origins of horizon h: every 14 days from start + 270 while T + h ≤ end, on or after --from. */
function origins(h) {
  const out = [];
  for (let t = firstOrigin; t + h <= END; t += STEP_DAYS) if (t >= fromDay) out.push(t);
  return out;
}

const addedIn = (from, to) =>
  events.filter((e) => e.day >= from && e.day < to).reduce((a, e) => a + e.added, 0);

/** The model fitted on [start, T) as the product fits it, with a batch-size tail. */
function fitAt(t, tail) {
  const past = events
    .filter((e) => e.day < t)
    .map(({ date, added, removed }) => ({ date, added, removed }));
  return fitListGrowth(
    { from: history.from, to: toIso(t), events: past },
    DEFAULT_GROWTH_PRIOR,
    tail,
  );
}

/**
 * The addition events of the model fitted at T with a discounted rate (a candidate only, not the
 * product's): each past event counts exp(−age/τ) and so does each day of exposure, so the Gamma
 * posterior is (α0 + Σ exp(−age/τ), β0 + τ(1 − exp(−span/τ))).
 */
function discountedAdditions(t, tail, tau) {
  const fitted = fitAt(t, tail).additions;
  const span = t - START;
  let shape = DEFAULT_GROWTH_PRIOR.additionShape;
  for (const e of events) if (e.day < t && e.added > 0) shape += Math.exp(-(t - e.day) / tau);
  const rate = DEFAULT_GROWTH_PRIOR.additionRate + tau * (1 - Math.exp(-span / tau));
  return { ...fitted, shape, rate, ratePerDay: shape / rate };
}

/** The negative binomial of the trailing year before T (the days since the start when fewer). */
function baselinePmf(t, h, y) {
  const window = Math.min(BASELINE_DAYS, t - START);
  const sizes = events.filter((e) => e.day >= t - window && e.day < t && e.added > 0);
  const m = compoundPoissonMoments(
    sizes.map((e) => e.added),
    window,
    h,
  );
  return negativeBinomialPmf(m.mean, m.variance, y);
}

/** Scores of one forecaster over the origins of horizon h. */
function scoreHorizon(h, forecast) {
  const ts = origins(h);
  const sum = { pit50: 0, pit90: 0, crps: 0, logScore: 0, floored: 0, predicted: 0, realized: 0 };
  for (const t of ts) {
    const y = addedIn(t, t + h);
    const { pmf, mean } = forecast(t, h, y);
    const log = logScore(pmf, y);
    sum.pit50 += pitCoverage(pmf, y, 0.5);
    sum.pit90 += pitCoverage(pmf, y, 0.9);
    sum.crps += crps(pmf, y);
    sum.logScore += log.score;
    sum.floored += log.floored ? 1 : 0;
    sum.predicted += mean;
    sum.realized += y;
  }
  const n = ts.length;
  const avg = (x) => (n === 0 ? null : x / n);
  return {
    windows: n,
    pit50: avg(sum.pit50),
    pit90: avg(sum.pit90),
    crps: avg(sum.crps),
    logScore: avg(sum.logScore),
    floored: sum.floored,
    meanPredicted: avg(sum.predicted),
    meanRealized: avg(sum.realized),
  };
}

const pmfMean = (pmf) => pmf.reduce((a, p, k) => a + k * p, 0);
const modelForecaster = (tail, rateRecencyDays) => (t, h, y) =>
  additionsPmf(
    rateRecencyDays === undefined
      ? fitAt(t, tail).additions
      : discountedAdditions(t, tail, rateRecencyDays),
    h,
    1,
    y,
  );
const baselineForecaster = (t, h, y) => {
  const pmf = baselinePmf(t, h, y);
  return { pmf, mean: pmfMean(pmf) };
};

/** The model's events and batch sizes over the origins of h: where its mean comes from. */
function meanParts(h, tail) {
  const ts = origins(h);
  let events_ = 0;
  let realizedEvents = 0;
  let size = 0;
  for (const t of ts) {
    const m = fitAt(t, tail);
    events_ += m.ratePerDay * h;
    size += m.additions.sizes.mean;
    realizedEvents += events.filter((e) => e.day >= t && e.day < t + h && e.added > 0).length;
  }
  const n = ts.length || 1;
  return {
    predictedEvents: events_ / n,
    realizedEvents: realizedEvents / n,
    predictedBatchMean: size / n,
  };
}

const round = (x, d) => (x === null ? null : Number(x.toFixed(d)));
const fmt = (x, d, w) => (x === null ? "–" : x.toFixed(d)).padStart(w);
const pct = (x, w) => (x === null ? "–" : `${(100 * x).toFixed(0)}%`).padStart(w);

if (args.candidates) {
  const rows = [
    ...CANDIDATES.map((c) => ({
      name: c.name,
      forecast: modelForecaster(c.tail, c.rateRecencyDays),
    })),
    { name: "NB baseline (trailing year)", forecast: baselineForecaster },
  ].map((c) => {
    const byH = HORIZONS.map((h) => scoreHorizon(h, c.forecast));
    const mean = (k) => byH.reduce((a, r) => a + r[k], 0) / byH.length;
    return { name: c.name, byH, logScore: mean("logScore"), crps: mean("crps") };
  });
  if (args.json) {
    for (const r of rows) {
      console.log(
        JSON.stringify({
          candidate: r.name,
          logScore: round(r.logScore, 4),
          crps: round(r.crps, 3),
          horizons: r.byH.map((s, i) => ({
            horizon: HORIZONS[i],
            windows: s.windows,
            pit90: round(s.pit90, 3),
            crps: round(s.crps, 3),
            logScore: round(s.logScore, 4),
          })),
        }),
      );
    }
  } else {
    console.log(
      `history: ${history.from} to ${history.to}; origins from ${toIso(Math.max(firstOrigin, fromDay))}; ` +
        "log score and CRPS: lower is better; mean = mean over the four horizons",
    );
    console.log(
      `${"candidate".padEnd(31)}  ${HORIZONS.map((h) => `log ${h} d`.padStart(9)).join("  ")}  mean log  ` +
        `${HORIZONS.map((h) => `CRPS ${h} d`.padStart(10)).join("  ")}  mean CRPS  ${HORIZONS.map((h) => `PIT90 ${h}`.padStart(9)).join("  ")}`,
    );
    for (const r of rows) {
      console.log(
        `${r.name.padEnd(31)}  ${r.byH.map((s) => fmt(s.logScore, 3, 9)).join("  ")}  ${fmt(r.logScore, 3, 8)}  ` +
          `${r.byH.map((s) => fmt(s.crps, 2, 10)).join("  ")}  ${fmt(r.crps, 2, 9)}  ${r.byH.map((s) => pct(s.pit90, 9)).join("  ")}`,
      );
    }
  }
} else {
  const lines = HORIZONS.map((h) => {
    const model = scoreHorizon(h, modelForecaster(DEFAULT_SIZE_TAIL));
    const base = scoreHorizon(h, baselineForecaster);
    return { h, model, base, parts: meanParts(h, DEFAULT_SIZE_TAIL) };
  });
  if (args.json) {
    for (const { h, model, base, parts } of lines) {
      console.log(
        JSON.stringify({
          horizon: h,
          windows: model.windows,
          pit50: round(model.pit50, 3),
          pit90: round(model.pit90, 3),
          crps: round(model.crps, 3),
          logScore: round(model.logScore, 4),
          floored: model.floored,
          meanPredicted: round(model.meanPredicted, 2),
          meanRealized: round(model.meanRealized, 2),
          predictedEvents: round(parts.predictedEvents, 3),
          realizedEvents: round(parts.realizedEvents, 3),
          predictedBatchMean: round(parts.predictedBatchMean, 2),
          baseline: {
            pit50: round(base.pit50, 3),
            pit90: round(base.pit90, 3),
            crps: round(base.crps, 3),
            logScore: round(base.logScore, 4),
            floored: base.floored,
            meanPredicted: round(base.meanPredicted, 2),
          },
        }),
      );
    }
  } else {
    const recency =
      DEFAULT_SIZE_TAIL.recencyDays === undefined
        ? ""
        : `, sizes weighted exp(−age/${DEFAULT_SIZE_TAIL.recencyDays} d)`;
    const tail =
      DEFAULT_SIZE_TAIL.family === "none"
        ? `none (observed sizes only)${recency}`
        : `${DEFAULT_SIZE_TAIL.family}, weight ${DEFAULT_SIZE_TAIL.weight}${recency}`;
    console.log(`history: ${CSV}`);
    console.log(
      `${history.additionEvents} addition events of ${history.addedTotal} unique addresses, ` +
        `${history.from} to ${history.to}; batch-size tail ${tail}`,
    );
    console.log(
      `origins every ${STEP_DAYS} days from ${toIso(Math.max(firstOrigin, fromDay))} while T + h ≤ ${history.to}; ` +
        "windows overlap, so the figures are correlated; CRPS and log score: lower is better\n",
    );
    console.log(
      "horizon  windows  PIT 50%  PIT 90%  CRPS model  CRPS NB  log model  log NB  floored  mean predicted  mean realized",
    );
    for (const { h, model, base } of lines) {
      console.log(
        `${`${h} d`.padStart(7)}  ${String(model.windows).padStart(7)}  ${pct(model.pit50, 7)}  ${pct(model.pit90, 7)}  ` +
          `${fmt(model.crps, 2, 10)}  ${fmt(base.crps, 2, 7)}  ${fmt(model.logScore, 3, 9)}  ${fmt(base.logScore, 3, 6)}  ` +
          `${`${model.floored}/${base.floored}`.padStart(7)}  ${fmt(model.meanPredicted, 1, 14)}  ${fmt(model.meanRealized, 1, 13)}`,
      );
    }
  }
}
