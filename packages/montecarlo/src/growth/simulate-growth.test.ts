import { describe, expect, it } from "vitest";
import { Xoshiro128StarStar } from "../rng/xoshiro128.js";
import {
  fitListGrowth,
  fromPriorRate,
  type GrowthEvent,
  type ListGrowthHistory,
  type ListGrowthModel,
} from "./list-growth-model.js";
import { type GrowthSimulation, simulateGrowth, summarizeGrowth } from "./simulate-growth.js";

/** `n` events every `every` days from 2020-01-01, sizes cycling through `sizes`. */
function regularHistory(n: number, every: number, sizes: number[], removed = 0): ListGrowthHistory {
  const start = Date.UTC(2020, 0, 1);
  const iso = (d: number) => new Date(start + d * 86_400_000).toISOString().slice(0, 10);
  const events: GrowthEvent[] = [];
  for (let i = 0; i < n; i++) {
    events.push({
      date: iso((i + 1) * every - 1),
      added: sizes[i % sizes.length] as number,
      removed: i % 4 === 3 ? removed : 0,
    });
  }
  return { from: iso(0), to: iso(n * every), events };
}

function meanAndSe(values: ArrayLike<number>): { mean: number; se: number } {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i] as number;
  const mean = sum / values.length;
  let ss = 0;
  for (let i = 0; i < values.length; i++) ss += ((values[i] as number) - mean) ** 2;
  return { mean, se: Math.sqrt(ss / (values.length - 1) / values.length) };
}

const N = 100_000;

describe("simulateGrowth", () => {
  const history = regularHistory(20, 26, [1, 2, 3, 4, 9, 20, 53]);
  const model = fitListGrowth(history);

  it("has mean additions E[λ]·h·E[size] within 5 standard errors", () => {
    const sim = simulateGrowth(model, 90, N, Xoshiro128StarStar.fromSeed(11));
    const { mean, se } = meanAndSe(sim.additions);
    const theory = model.additions.ratePerDay * 90 * model.additions.sizes.mean;
    expect(Math.abs(mean - theory)).toBeLessThan(5 * se);
    expect(summarizeGrowth(sim).mean).toBeCloseTo(mean, 9);
    const l = meanAndSe(sim.lambda);
    expect(Math.abs(l.mean - model.ratePerDay)).toBeLessThan(5 * l.se);
  });

  it("is clustered: P(no addition in 30 days) is E[exp(−λh)] = (β/(β+h))^α", () => {
    const sim = simulateGrowth(model, 30, N, Xoshiro128StarStar.fromSeed(12));
    const { shape, rate } = model.additions;
    const exact = (rate / (rate + 30)) ** shape;
    const p = summarizeGrowth(sim).pNoAddition;
    expect(Math.abs(p - exact)).toBeLessThan(5 * Math.sqrt((exact * (1 - exact)) / N));
    // A Poisson count of addresses at the same mean would almost never see a quiet month.
    const addressesIn30 = 30 * model.addressesPerDay;
    expect(p).toBeGreaterThan(10 * Math.exp(-addressesIn30));
  });

  it("is wider (p5–p95) with less history at the same rate", () => {
    const short = fitListGrowth(regularHistory(4, 30, [5])); // Gamma(5, 150)
    const long = fitListGrowth(regularHistory(40, 30, [5])); // Gamma(41, 1230)
    expect(short.ratePerDay).toBeCloseTo(long.ratePerDay, 15);
    const s = summarizeGrowth(simulateGrowth(short, 180, N, Xoshiro128StarStar.fromSeed(13)));
    const l = summarizeGrowth(simulateGrowth(long, 180, N, Xoshiro128StarStar.fromSeed(13)));
    expect(s.p95 - s.p5).toBeGreaterThan(1.2 * (l.p95 - l.p5));
    expect(Math.abs(s.mean - l.mean)).toBeLessThan(1);
  });

  it("simulates removals when the history has them", () => {
    const withRemovals = fitListGrowth(regularHistory(20, 26, [3], 90));
    expect(withRemovals.removals.observedEvents).toBe(5);
    const sim = simulateGrowth(withRemovals, 180, N, Xoshiro128StarStar.fromSeed(14));
    const { mean, se } = meanAndSe(sim.removals);
    const theory = withRemovals.removals.ratePerDay * 180 * 90;
    expect(mean).toBeGreaterThan(0);
    expect(Math.abs(mean - theory)).toBeLessThan(5 * se);
    expect(summarizeGrowth(sim).meanRemovals).toBeCloseTo(mean, 9);
    let maxEvents = 0;
    let mismatches = 0;
    for (let i = 0; i < N; i++) {
      maxEvents = Math.max(maxEvents, sim.removalEvents[i] as number);
      if (sim.removals[i] !== 90 * (sim.removalEvents[i] as number)) mismatches++;
    }
    expect(maxEvents).toBeGreaterThan(0);
    expect(mismatches).toBe(0);
  });

  it("hits the prior override's expected addresses per day", () => {
    const prior = fromPriorRate(0.4, { history });
    const sim = simulateGrowth(prior, 365, N, Xoshiro128StarStar.fromSeed(15));
    const { mean, se } = meanAndSe(sim.additions);
    expect(Math.abs(mean - 0.4 * 365)).toBeLessThan(5 * se);
  });

  it("is reproducible from the seed", () => {
    const a = simulateGrowth(model, 30, 1000, Xoshiro128StarStar.fromSeed(7));
    const b = simulateGrowth(model, 30, 1000, Xoshiro128StarStar.fromSeed(7));
    expect(a.additions).toEqual(b.additions);
    expect(a.lambda).toEqual(b.lambda);
    expect(a.additions).toBeInstanceOf(Int32Array);
    expect(a.lambda).toBeInstanceOf(Float64Array);
  });

  it("refuses a horizon outside 1..3650 and iterations < 1 or non-integer", () => {
    const rng = Xoshiro128StarStar.fromSeed(1);
    const m: ListGrowthModel = model;
    for (const h of [0, 3651, 1.5, Number.NaN]) {
      expect(() => simulateGrowth(m, h, 10, rng)).toThrow(/horizonDays/);
    }
    for (const n of [0, -1, 2.5]) {
      expect(() => simulateGrowth(m, 30, n, rng)).toThrow(/iterations/);
    }
    expect(simulateGrowth(m, 3650, 1, rng).iterations).toBe(1);
  });
});

describe("summarizeGrowth", () => {
  it("gives type-7 quantiles and P(no addition) of a known sample", () => {
    const additions = Int32Array.from([0, 10, 0, 30, 20]);
    const zeros = new Int32Array(5);
    const sim: GrowthSimulation = {
      horizonDays: 1,
      iterations: 5,
      additions,
      removals: zeros,
      additionEvents: zeros,
      removalEvents: zeros,
      lambda: new Float64Array(5),
      removalLambda: new Float64Array(5),
    };
    const s = summarizeGrowth(sim);
    expect(s).toMatchObject({ mean: 12, p25: 0, p50: 10, p75: 20, pNoAddition: 0.4 });
    expect(s.p5).toBe(0);
    expect(s.p95).toBeCloseTo(28, 12);
    expect(s.p90).toBeCloseTo(26, 12);
    expect([...additions]).toEqual([0, 10, 0, 30, 20]); // not sorted in place
  });
});

describe("the README example", () => {
  it("gives the figures the README shows", () => {
    const model = fitListGrowth({
      from: "2024-01-01",
      to: "2024-12-31",
      events: [
        { date: "2024-02-21", added: 10, removed: 0 },
        { date: "2024-03-28", added: 8, removed: 0 },
        { date: "2024-05-28", added: 49, removed: 0 },
        { date: "2024-09-26", added: 4, removed: 0 },
        { date: "2024-12-19", added: 5, removed: 1 },
      ],
    });
    expect([model.additions.shape, model.additions.rate]).toEqual([6, 395]);
    expect(model.ratePerDay.toFixed(4)).toBe("0.0152");
    expect(model.modelConfidence).toBe("standard");
    const s = summarizeGrowth(simulateGrowth(model, 90, 20_000, Xoshiro128StarStar.fromSeed(42)));
    expect([s.mean.toFixed(1), s.p50, s.p90, s.pNoAddition.toFixed(3)]).toEqual([
      "19.8",
      9,
      56,
      "0.293",
    ]);
    const prior = fromPriorRate(0.5);
    expect([prior.ratePerDay.toFixed(4), prior.additions.sizes.mean.toFixed(3)]).toEqual([
      "0.0556",
      "9.000",
    ]);
  });
});
