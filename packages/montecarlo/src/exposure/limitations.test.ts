import { beforeAll, describe, expect, it } from "vitest";
import { optimizeQueue } from "../queue/optimize-queue.js";
import { syntheticHistory } from "../test-support/growth-fixtures.js";
import { address, LISTED, sampleContext } from "../test-support/portfolios.js";
import { forecastExposure } from "./forecast.js";
import { chooseGrowth } from "./growth-basis.js";
import { forecastLimitations } from "./limitations.js";
import type { ExposureContext } from "./portfolio.js";

let ctx: ExposureContext;
beforeAll(async () => {
  ctx = await sampleContext();
});

const growth = () => chooseGrowth({ ...syntheticHistory(), basis: "snapshot_diff" }, undefined);

describe("the limitations", () => {
  it("name the base-hazard assumption first, with or without current matches", () => {
    for (const matches of [0, 1, 3]) {
      const [first, second] = forecastLimitations(growth(), matches);
      expect(first).toMatch(/^Every probability rests on an assumed base hazard, 1 in 20,000/);
      expect(first).toMatch(/that nothing here can check/);
      expect(first).toMatch(/best read relative to each other/);
      expect(first).toMatch(/sensitivity table shows them with the base hazard ×0\.1 and ×10/);
      if (matches > 0) expect(second).toMatch(/exact OFAC match.*immediate manual review/);
    }
  });

  it("name the base a caller set, and in a queue (no sensitivity table) say what it moves", () => {
    const [first] = forecastLimitations(growth(), 0, 1 / 5000, "queue");
    expect(first).toMatch(/1 in 5,000 per added address/);
    expect(first).not.toMatch(/sensitivity table/);
    expect(first).toMatch(/the order compares every wallet under the same assumption/);
  });

  it("say that the upper quantiles depend on the fitted tail of batch sizes", () => {
    expect(forecastLimitations(growth(), 0).join(" ")).toMatch(
      /batches larger than any seen so far are given a small probability by a fitted tail, and the upper quantiles depend on it/,
    );
  });

  it("are the forecast's and the queue's, first line first, and never claim to be conservative", () => {
    const f = forecastExposure({ addresses: [LISTED[0] as string, address(1)] }, ctx);
    const q = optimizeQueue(
      {
        review_items: [
          { address: LISTED[0] as string, exposure_usd: 10, relationship_tier: "standard" },
          { address: address(1), exposure_usd: 1000, relationship_tier: "high" },
        ],
        review_budget: 1,
      },
      ctx,
    );
    expect(f.limitations[0]).toMatch(/^Every probability rests on an assumed base hazard, 1 in/);
    expect(q.limitations[0]).toMatch(/^Every probability rests on an assumed base hazard, 1 in/);
    for (const text of [...f.limitations, ...q.limitations]) {
      expect(text).not.toMatch(/conservative/i);
    }
  });
});
