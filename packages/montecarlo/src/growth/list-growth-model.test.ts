import { describe, expect, it } from "vitest";
import { geometricBatchSizes } from "./batch-sizes.js";
import {
  confidenceOf,
  DEFAULT_GROWTH_PRIOR,
  fitListGrowth,
  fromPriorRate,
  type ListGrowthHistory,
} from "./list-growth-model.js";

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
    const m = fitListGrowth(SMALL);
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

  it("grades the confidence by the number of addition events and the span", () => {
    expect(confidenceOf(4, 1000)).toBe("low");
    expect(confidenceOf(5, 179)).toBe("low");
    expect(confidenceOf(5, 180)).toBe("standard");
    expect(confidenceOf(19, 2000)).toBe("standard");
    expect(confidenceOf(20, 729)).toBe("standard");
    expect(confidenceOf(20, 730)).toBe("high");
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
    expect(m.additions.sizes.source).toBe("default");
    expect(m.additions.ratePerDay * m.additions.sizes.mean).toBeCloseTo(0.5, 12);
    expect(m.additions.shape / m.additions.rate).toBeCloseTo(m.additions.ratePerDay, 15);
    expect(m.additions.shape).toBeCloseTo(100, 10); // cv 0.1
  });

  it("keeps the empirical batch sizes and removals of the history", () => {
    const m = fromPriorRate(2, { history: SMALL, relativeSd: 0.2 });
    expect(m.additions.sizes.source).toBe("empirical");
    expect(m.additions.ratePerDay).toBeCloseTo(2 / (11 / 3), 14);
    expect(m.additions.shape).toBeCloseTo(25, 10);
    expect(m.removals.shape).toBe(3);
  });

  it("refuses a rate that is not > 0", () => {
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => fromPriorRate(bad)).toThrow(/addressesPerDay/);
    }
  });
});
