import { describe, expect, it } from "vitest";
import { geometricBatchSizes } from "./batch-sizes.js";
import {
  confidenceOf,
  DEFAULT_GROWTH_PRIOR,
  fitListGrowth,
  fromPriorRate,
  type ListGrowthHistory,
} from "./list-growth-model.js";
import { DEFAULT_SIZE_TAIL } from "./size-tail.js";

const SMALL: ListGrowthHistory = {
  from: "2024-01-01",
  to: "2024-04-10", // 100 days
  events: [
    { date: "2024-01-10", added: 3, removed: 0 },
    { date: "2024-02-01", added: 5, removed: 2 },
    { date: "2024-03-01", added: 3, removed: 0 },
    { date: "2024-03-15", added: 0, removed: 4 },
  ],
};

describe("fitListGrowth", () => {
  it("gives the exact Gamma posteriors and empirical sizes of a small handcrafted history", () => {
    const m = fitListGrowth(SMALL, DEFAULT_GROWTH_PRIOR, { family: "none" });
    expect(m.basis).toBe("history");
    expect(m.spanDays).toBe(100);
    expect(m.additions.shape).toBe(1 + 3);
    expect(m.additions.rate).toBe(30 + 100);
    expect(m.additions.observedEvents).toBe(3);
    expect(m.ratePerDay).toBe(4 / 130);
    expect([...m.additions.sizes.values]).toEqual([3, 5]);
    expect(m.additions.sizes.source).toBe("empirical");
    expect(m.additions.sizes.probabilities[0]).toBeCloseTo(2 / 3, 14);
    expect(m.additions.sizes.mean).toBeCloseTo(11 / 3, 14);
    expect(m.addressesPerDay).toBeCloseTo((4 / 130) * (11 / 3), 14);
    expect(m.removals.shape).toBe(1 + 2);
    expect(m.removals.rate).toBe(365 + 100);
    // Two removal events: fewer than 3, so the geometric default with the prior mean.
    expect(m.removals.sizes.source).toBe("default");
    expect(m.removals.sizes.mean).toBeCloseTo(9, 8);
    expect(m.modelConfidence).toBe("low");
  });

  it("mixes the default tail into the addition sizes (not the removals)", () => {
    const m = fitListGrowth(SMALL);
    const { sizes } = m.additions;
    expect(sizes.tail).toEqual(DEFAULT_SIZE_TAIL);
    expect(sizes.source).toBe("empirical");
    // Sizes between and beyond the observed 3 and 5 have mass; the observed ones keep theirs.
    expect(sizes.values[0]).toBe(1);
    expect(sizes.values.at(-1)).toBeGreaterThan(5);
    const at = (k: number) => sizes.probabilities[sizes.values.indexOf(k)] as number;
    const weight = DEFAULT_SIZE_TAIL.family === "none" ? 0 : DEFAULT_SIZE_TAIL.weight;
    expect(at(3)).toBeGreaterThan((1 - weight) * (2 / 3));
    expect(at(6)).toBeGreaterThan(0);
    expect(m.removals.sizes.tail).toBeNull();
    expect(
      fitListGrowth(SMALL, DEFAULT_GROWTH_PRIOR, { family: "none" }).additions.sizes.tail,
    ).toBeNull();
  });

  it("refuses a tail weight outside [0, 1]", () => {
    expect(() =>
      fitListGrowth(SMALL, DEFAULT_GROWTH_PRIOR, { family: "lognormal", weight: 1.5 }),
    ).toThrow(/tail.weight/);
  });

  it("weights each batch by exp(−age/τ), its age in days at history.to", () => {
    const tau = 50;
    const m = fitListGrowth(SMALL, DEFAULT_GROWTH_PRIOR, { family: "none", recencyDays: tau });
    // Sizes 3 (91 and 40 days before 2024-04-10) and 5 (69 days before).
    const w3 = Math.exp(-91 / tau) + Math.exp(-40 / tau);
    const w5 = Math.exp(-69 / tau);
    expect([...m.additions.sizes.values]).toEqual([3, 5]);
    expect(m.additions.sizes.probabilities[0]).toBeCloseTo(w3 / (w3 + w5), 14);
    // The rate is not discounted: the same Gamma posterior as without weights.
    expect([m.additions.shape, m.additions.rate]).toEqual([4, 130]);
    // τ = ∞ is every batch the same; 0, negative or NaN is refused.
    const flat = fitListGrowth(SMALL, DEFAULT_GROWTH_PRIOR, {
      family: "none",
      recencyDays: Number.POSITIVE_INFINITY,
    });
    expect(flat.additions.sizes.probabilities[0]).toBeCloseTo(2 / 3, 14);
    // A τ far below the ages: the youngest batch (size 3, 40 days) carries the law, no NaN.
    const sharp = fitListGrowth(SMALL, DEFAULT_GROWTH_PRIOR, { family: "none", recencyDays: 0.01 });
    expect(sharp.additions.sizes.probabilities[0]).toBeCloseTo(1, 12);
    for (const recencyDays of [0, -1, Number.NaN]) {
      expect(() =>
        fitListGrowth(SMALL, DEFAULT_GROWTH_PRIOR, { family: "none", recencyDays }),
      ).toThrow(/tail.recencyDays/);
    }
  });

  it("still allows a removal rate when no removal was observed", () => {
    const m = fitListGrowth({ ...SMALL, events: SMALL.events.filter((e) => e.removed === 0) });
    expect(m.removals.observedEvents).toBe(0);
    expect(m.removals.shape).toBe(1);
    expect(m.removals.ratePerDay).toBe(1 / 465);
  });

  it("uses a custom prior", () => {
    const prior = { ...DEFAULT_GROWTH_PRIOR, additionShape: 2, additionRate: 10 };
    const m = fitListGrowth(SMALL, prior);
    expect([m.additions.shape, m.additions.rate]).toEqual([5, 110]);
  });

  it("grades the confidence by the number of addition events and the span, with the reason", () => {
    expect(confidenceOf(4, 1000)).toEqual({
      confidence: "low",
      reason: "fewer than 5 addition events (4 addition events over 1,000 days)",
    });
    expect(confidenceOf(5, 179)).toEqual({
      confidence: "low",
      reason: "fewer than 180 days of history (5 addition events over 179 days)",
    });
    expect(confidenceOf(5, 180).confidence).toBe("standard");
    expect(confidenceOf(43, 1173)).toEqual({
      confidence: "standard",
      reason: "fitted to 43 addition events over 1,173 days",
    });
    // No "high": a long history does not make the calibration more than standard.
    expect(confidenceOf(1000, 100_000).confidence).toBe("standard");
  });

  it("refuses bad histories: negative or non-integer counts, bad dates, events outside", () => {
    const bad =
      (events: ListGrowthHistory["events"], from = "2024-01-01", to = "2024-04-10") =>
      () =>
        fitListGrowth({ from, to, events });
    expect(bad([{ date: "2024-01-10", added: -1, removed: 0 }])).toThrow(/added/);
    expect(bad([{ date: "2024-01-10", added: 1.5, removed: 0 }])).toThrow(/added/);
    expect(bad([{ date: "2024-01-10", added: 1, removed: -2 }])).toThrow(/removed/);
    expect(bad([{ date: "2024-01-10", added: Number.NaN, removed: 0 }])).toThrow(RangeError);
    expect(bad([{ date: "2024-05-10", added: 1, removed: 0 }])).toThrow(/outside/);
    expect(bad([{ date: "2024-02-30", added: 1, removed: 0 }])).toThrow(/date/);
    expect(bad([], "2024-05-01", "2024-04-01")).toThrow(/before/);
    expect(() => fitListGrowth(SMALL, { ...DEFAULT_GROWTH_PRIOR, additionRate: 0 })).toThrow(
      /prior.additionRate/,
    );
  });
});

describe("geometricBatchSizes", () => {
  it("has the requested mean on 1, 2, 3, …", () => {
    const s = geometricBatchSizes(9);
    expect(s.values[0]).toBe(1);
    expect(s.mean).toBeCloseTo(9, 8);
    expect(geometricBatchSizes(1).mean).toBe(1);
  });
});

describe("fromPriorRate", () => {
  it("sets the event rate so the expected addresses/day is the override (default sizes)", () => {
    const m = fromPriorRate(0.5);
    expect(m.basis).toBe("prior");
    expect(m.modelConfidence).toBe("low");
    expect(m.modelConfidenceReason).toBe("rests on the caller's prior rate, not on data");
    expect(m.additions.sizes.source).toBe("default");
    expect(m.additions.ratePerDay * m.additions.sizes.mean).toBeCloseTo(0.5, 12);
    expect(m.additions.shape / m.additions.rate).toBeCloseTo(m.additions.ratePerDay, 15);
    expect(m.additions.shape).toBeCloseTo(100, 10); // cv 0.1
  });

  it("keeps the empirical batch sizes and removals of the history", () => {
    const m = fromPriorRate(2, { history: SMALL, relativeSd: 0.2, tail: { family: "none" } });
    expect(m.additions.sizes.source).toBe("empirical");
    expect(m.additions.ratePerDay).toBeCloseTo(2 / (11 / 3), 14);
    // With the default tail the mean size moves, and the event rate with it: 2/day exactly.
    const tailed = fromPriorRate(2, { history: SMALL, relativeSd: 0.2 });
    expect(tailed.additions.sizes.tail).toEqual(DEFAULT_SIZE_TAIL);
    expect(tailed.additions.ratePerDay * tailed.additions.sizes.mean).toBeCloseTo(2, 12);
    expect(m.additions.shape).toBeCloseTo(25, 10);
    expect(m.removals.shape).toBe(3);
  });

  it("refuses a rate that is not > 0", () => {
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => fromPriorRate(bad)).toThrow(/addressesPerDay/);
    }
  });
});
