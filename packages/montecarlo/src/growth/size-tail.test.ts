import { describe, expect, it } from "vitest";
import { additionsPmf } from "../exposure/additions-pmf.js";
import { normalSurvival } from "../scenarios/normal-cdf.js";
import { batchSizesWithTail, empiricalBatchSizes } from "./batch-sizes.js";
import { LOGNORMAL_TAIL_CUT, PARETO_CAP, tailProbabilities } from "./size-tail.js";

const SIZES = [1, 1, 2, 3, 4, 4, 6, 10, 17, 53, 63];

describe("tailProbabilities", () => {
  it("discretizes the lognormal fitted to the log sizes, cut where its mass left is below the cut", () => {
    const t = tailProbabilities("lognormal", SIZES) as Float64Array;
    const logs = SIZES.map(Math.log);
    const mu = logs.reduce((a, b) => a + b, 0) / logs.length;
    const sd = Math.sqrt(logs.reduce((a, b) => a + (b - mu) ** 2, 0) / (logs.length - 1));
    const above = (x: number) => normalSurvival((Math.log(x) - mu) / sd);
    const kept = 1 - above(t.length + 0.5);
    expect(t.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(t[0]).toBeCloseTo((1 - above(1.5)) / kept, 12);
    expect(t[9]).toBeCloseTo((above(9.5) - above(10.5)) / kept, 12);
    // Cut after the last k whose lower edge still has the cut or more beyond it.
    expect(above(t.length + 0.5)).toBeLessThan(LOGNORMAL_TAIL_CUT);
    expect(above(t.length - 0.5)).toBeGreaterThanOrEqual(LOGNORMAL_TAIL_CUT);
    expect(t.length).toBeGreaterThan(63);
  });

  it("puts a Hill-fitted Pareto beyond the largest size, cut at PARETO_CAP times it", () => {
    const t = tailProbabilities("pareto", SIZES) as Float64Array;
    expect(t.length).toBe(PARETO_CAP * 63);
    expect(t.slice(0, 63).every((p) => p === 0)).toBe(true);
    expect(t[63]).toBeGreaterThan(t[64] as number);
    expect(t.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it("fits the lognormal to weighted log sizes (reliability weights), the plain fit for equal weights", () => {
    const equal = tailProbabilities("lognormal", SIZES, new Float64Array(SIZES.length).fill(2));
    expect([...(equal as Float64Array)]).toEqual([
      ...(tailProbabilities("lognormal", SIZES) as Float64Array),
    ]);
    // Weight 0 on the two largest sizes: the same fit as without them.
    const weights = Float64Array.from(SIZES, (s) => (s > 20 ? 0 : 1));
    const dropped = tailProbabilities("lognormal", SIZES, weights) as Float64Array;
    const small = tailProbabilities(
      "lognormal",
      SIZES.filter((s) => s <= 20),
    ) as Float64Array;
    expect(dropped.length).toBe(small.length);
    dropped.forEach((p, i) => {
      expect(p).toBeCloseTo(small[i] as number, 12);
    });
  });

  it("cannot fit sizes that are all equal", () => {
    expect(tailProbabilities("lognormal", [4, 4, 4])).toBeNull();
    expect(tailProbabilities("pareto", [4, 4, 4])).toBeNull();
  });
});

describe("batchSizesWithTail", () => {
  it("is (1 − ε) × the observed sizes + ε × the tail, with its mean", () => {
    const weight = 0.3;
    const mixed = batchSizesWithTail(SIZES, { family: "lognormal", weight });
    const empirical = empiricalBatchSizes(SIZES);
    const tail = tailProbabilities("lognormal", SIZES) as Float64Array;
    expect(mixed.tail).toEqual({ family: "lognormal", weight });
    expect(mixed.probabilities.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    const at = (k: number) => mixed.probabilities[mixed.values.indexOf(k)] as number;
    expect(at(4)).toBeCloseTo((1 - weight) * (2 / 11) + weight * (tail[3] as number), 14);
    expect(at(5)).toBeCloseTo(weight * (tail[4] as number), 14);
    expect(at(100)).toBeGreaterThan(0);
    let mean = 0;
    tail.forEach((p, i) => {
      mean += (i + 1) * p;
    });
    expect(mixed.mean).toBeCloseTo((1 - weight) * empirical.mean + weight * mean, 10);
  });

  it("is the observed sizes alone for no tail, a weight of 0, or sizes all equal", () => {
    for (const tail of [{ family: "none" as const }, { family: "lognormal" as const, weight: 0 }]) {
      const b = batchSizesWithTail(SIZES, tail);
      expect([...b.values]).toEqual([1, 2, 3, 4, 6, 10, 17, 53, 63]);
      expect(b.tail).toBeNull();
    }
    expect(batchSizesWithTail([4, 4, 4], { family: "lognormal", weight: 0.5 }).tail).toBeNull();
  });

  it("gives a batch larger than any seen the tail's probability, which the exact law carries", () => {
    const weight = 0.75;
    const tail = tailProbabilities("lognormal", SIZES) as Float64Array;
    const tailed = batchSizesWithTail(SIZES, { family: "lognormal", weight });
    let beyond = 0;
    tailed.values.forEach((v, i) => {
      if (v > 63) beyond += tailed.probabilities[i] as number;
    });
    expect(beyond).toBeCloseTo(weight * tail.slice(63).reduce((a, b) => a + b, 0), 14);
    expect(beyond).toBeGreaterThan(0.01);
    // One event of rate 1/365 in a day: P(A = 100) is (almost all) one batch of 100.
    const process = {
      shape: 1000,
      rate: 365_000,
      observedEvents: 11,
      ratePerDay: 1 / 365,
      sizes: tailed,
    };
    const { pmf } = additionsPmf(process, 1);
    const q = 1 / (365_000 + 1);
    const oneEvent = 1000 * q * (1 - q) ** 1000;
    const p100 = tailed.probabilities[tailed.values.indexOf(100)] as number;
    expect((pmf[100] as number) / (oneEvent * p100)).toBeCloseTo(1, 2);
    const bootstrap = additionsPmf(
      { ...process, sizes: batchSizesWithTail(SIZES, { family: "none" }) },
      1,
    );
    expect((bootstrap.pmf[100] ?? 0) / (pmf[100] as number)).toBeLessThan(0.01);
  });
});
