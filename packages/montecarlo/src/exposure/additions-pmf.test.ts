import { describe, expect, it } from "vitest";
import { empiricalBatchSizes, geometricBatchSizes } from "../growth/batch-sizes.js";
import type { EventProcess } from "../growth/list-growth-model.js";
import { syntheticProcess } from "../test-support/growth-fixtures.js";
import { additionsPmf, EXACT_TAIL } from "./additions-pmf.js";

/** P(N = n) of the Gamma(α, β)–Poisson(λh) count, by its negative binomial formula. */
function countPmf(p: EventProcess, h: number, nMax: number): number[] {
  const q = h / (p.rate + h);
  const out = [(1 - q) ** p.shape];
  for (let n = 1; n <= nMax; n++) out.push(((out[n - 1] as number) * (p.shape + n - 1) * q) / n);
  return out;
}

/** P(S = s) by brute force: Σₙ P(N = n)·(n-fold convolution of the sizes)(s). */
function bruteForce(p: EventProcess, h: number, sMax: number): number[] {
  const size = new Array<number>(sMax + 1).fill(0);
  p.sizes.values.forEach((v, i) => {
    if (v <= sMax) size[v] = p.sizes.probabilities[i] as number;
  });
  const counts = countPmf(p, h, sMax);
  const out = new Array<number>(sMax + 1).fill(0);
  let conv = [1, ...new Array<number>(sMax).fill(0)];
  for (let n = 0; n <= sMax; n++) {
    for (let s = 0; s <= sMax; s++) out[s]! += (counts[n] as number) * (conv[s] as number);
    const next = new Array<number>(sMax + 1).fill(0);
    for (let s = 0; s <= sMax; s++) {
      for (let j = 1; j <= s; j++) next[s]! += (size[j] as number) * (conv[s - j] as number);
    }
    conv = next;
  }
  return out;
}

const process = (sizes: number[], shape: number, rate: number): EventProcess => {
  const table = empiricalBatchSizes(sizes);
  return { shape, rate, observedEvents: sizes.length, ratePerDay: shape / rate, sizes: table };
};

describe("additionsPmf (Panjer's recursion for the compound negative binomial)", () => {
  it("equals brute-force convolution over event counts", () => {
    for (const [p, h] of [
      [process([1, 2, 2, 5], 3, 100), 30],
      [process([1, 3, 4, 9, 12], 14, 365), 90],
      [{ ...process([1], 1, 30), sizes: geometricBatchSizes(4) }, 60],
    ] as const) {
      const exact = additionsPmf(p, h);
      const brute = bruteForce(p, h, 60);
      for (let s = 0; s <= 60 && s < exact.pmf.length; s++) {
        expect(Math.abs((exact.pmf[s] as number) - (brute[s] as number))).toBeLessThan(1e-13);
      }
    }
  });

  it("has the compound law's mean and variance, and leaves out less than its tail budget", () => {
    const p = syntheticProcess();
    for (const h of [7, 90, 365]) {
      const { pmf, tailMass, mean } = additionsPmf(p, h);
      const q = h / (p.rate + h);
      const en = (p.shape * q) / (1 - q);
      const vn = (p.shape * q) / (1 - q) ** 2;
      const ex = p.sizes.mean;
      let ex2 = 0;
      p.sizes.values.forEach((v, i) => {
        ex2 += v * v * (p.sizes.probabilities[i] as number);
      });
      const theoryMean = en * ex;
      const theoryVar = en * (ex2 - ex * ex) + vn * ex * ex;
      let m2 = 0;
      pmf.forEach((f, s) => {
        m2 += (s - theoryMean) ** 2 * f;
      });
      expect(mean / theoryMean).toBeCloseTo(1, 6);
      expect(m2 / theoryVar).toBeCloseTo(1, 4);
      expect(tailMass).toBeLessThanOrEqual(EXACT_TAIL * 1.01);
    }
  });

  it("scales the event rate (sensitivity) and adds nothing without a process", () => {
    const p = syntheticProcess();
    expect(additionsPmf(p, 90, 2).mean / additionsPmf(p, 90).mean).toBeCloseTo(2, 5);
    expect([...additionsPmf(null, 90).pmf]).toEqual([1]);
  });

  it("tabulates at least through `through`, so an outcome far out has its own probability", () => {
    const p = process([1, 3, 4, 9, 12], 14, 365);
    const plain = additionsPmf(p, 30);
    const far = plain.pmf.length + 200;
    const long = additionsPmf(p, 30, 1, far);
    expect(long.pmf.length).toBeGreaterThan(far);
    // The same recursion: the shared entries are identical, and the outcome's own is positive.
    expect([...long.pmf.subarray(0, plain.pmf.length)]).toEqual([...plain.pmf]);
    expect(long.pmf[far]).toBeGreaterThan(0);
    expect(() => additionsPmf(p, 30, 1, -1)).toThrow(/through/);
  });

  it("refuses a horizon outside 1..3650 days", () => {
    expect(() => additionsPmf(syntheticProcess(), 0)).toThrow(/horizonDays/);
  });
});
