import { describe, expect, it } from "vitest";
import { poissonBinomialPmf } from "../exact/poisson-binomial.js";
import { Xoshiro128StarStar } from "../rng/xoshiro128.js";
import { syntheticProcess } from "../test-support/growth-fixtures.js";
import { additionsPmf } from "./additions-pmf.js";
import { ConditionalHits } from "./conditional-hits.js";
import { hitsDistribution, MIXTURE_TOLERANCE } from "./exact-mixture.js";

/** Σₐ P(A = a)·PoissonBinomial(pⱼ(a))(k) over every a: the definition, table by table. */
function bruteMixture(hazards: Float64Array, horizon: number): number[] {
  const { pmf } = additionsPmf(syntheticProcess(), horizon);
  const out = new Array<number>(hazards.length + 1).fill(0);
  pmf.forEach((w, a) => {
    const pb = poissonBinomialPmf(hazards.map((h) => 1 - (1 - h) ** a));
    pb.forEach((p, k) => {
      out[k]! += w * p;
    });
  });
  return out;
}

describe("hitsDistribution (the bracketed exact mixture)", () => {
  const rng = Xoshiro128StarStar.fromSeed(5);

  it("lies within its error bound of the table-by-table definition, on every CDF value", () => {
    for (let c = 0; c < 8; c++) {
      const n = 5 + Math.floor(rng.nextFloat() * 60);
      const scale = [1e-4, 1e-3, 1e-2, 0.05][c % 4] as number;
      const hazards = Float64Array.from({ length: n }, () => rng.nextFloat() * scale);
      const horizon = [30, 90, 365][c % 3] as number;
      const hits = new ConditionalHits([hazards]);
      const exact = hitsDistribution(additionsPmf(syntheticProcess(), horizon), hits);
      const brute = bruteMixture(hazards, horizon);
      expect(exact.errorBound).toBeLessThan(2 * MIXTURE_TOLERANCE);
      let a = 0;
      let b = 0;
      for (let k = 0; k < brute.length; k++) {
        a += exact.pmf[k] ?? 0;
        b += brute[k] as number;
        expect(Math.abs(a - b)).toBeLessThanOrEqual(exact.errorBound);
      }
    }
  });

  it("makes fewer tables than the additions have values (the long tail is bracketed in blocks)", () => {
    const hazards = new Float64Array(200).fill(2e-4);
    const additions = additionsPmf(syntheticProcess(), 365);
    const hits = new ConditionalHits([hazards]);
    hitsDistribution(additions, hits);
    expect(hits.tables).toBeLessThan(additions.pmf.length * 0.75);
  });

  it("is a point mass at 0 when nothing can be added", () => {
    const hits = new ConditionalHits([Float64Array.of(0.1, 0.2)]);
    expect([...hitsDistribution(additionsPmf(null, 30), hits).pmf]).toEqual([1]);
  });
});
