import { fileURLToPath } from "node:url";
import { EMBEDDED_DCA_HISTORY, growthFromListingDates, type SdnIndex } from "@svc/ofac-index";
import { loadIndex } from "@svc/ofac-index/node";
import { beforeAll, describe, expect, it } from "vitest";
import { optimizeQueue } from "../queue/optimize-queue.js";
import { address, screenWith } from "../test-support/portfolios.js";
import { forecastExposure } from "./forecast.js";

// The real list: CI has ../shared beside the repository; a missing file fails, never skips.
const EDITION = fileURLToPath(
  new URL(
    "../../../../../shared/data/ofac/xml/sdn_advanced_2025-11-19_3ed6690688.xml.gz",
    import.meta.url,
  ),
);
const LAZARUS_ETH = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";

let index: SdnIndex;
beforeAll(async () => {
  index = await loadIndex(EDITION);
});

describe("the forecast on the real OFAC list and its real history", () => {
  it("screens against the 2025-11-19 edition and fits the embedded snapshot history", () => {
    const f = forecastExposure(
      { addresses: [LAZARUS_ETH, address(1), address(2)], horizon_days: 180 },
      { screen: screenWith(index), history: EMBEDDED_DCA_HISTORY },
    );
    expect(f.per_wallet[0]).toMatchObject({
      screening_status: "match",
      future_hit_probability: 1,
      matched_entities: ["Lazarus Group"],
    });
    expect(f.forecast_model.history_basis).toBe("snapshot_diff");
    expect(f.forecast_model.model_confidence).toBe("standard");
    expect(f.forecast_model.model_confidence_reason).toBe(
      "fitted to 43 addition events over 1,173 days",
    );
    expect(f.forecast_model.history).toMatchObject({ addition_events: 43, removal_events: 3 });
    // ~13 events a year of ~11 addresses: about 0.4 addresses a day.
    expect(f.forecast_model.list_add_rate_per_day).toBeGreaterThan(0.3);
    expect(f.forecast_model.list_add_rate_per_day).toBeLessThan(0.5);
    expect(f.summary.target_probability).toBe(1);
  });

  it("an asset filter that names another ticker still finds the listed wallet: a listed address is a match whatever the asset", () => {
    const f = forecastExposure(
      { addresses: [LAZARUS_ETH], asset: "XBT" },
      { screen: screenWith(index), history: EMBEDDED_DCA_HISTORY },
    );
    expect(f.per_wallet[0]?.screening_status).toBe("match");
    expect(f.per_wallet[0]?.future_hit_probability).toBe(1);
  });

  it("falls back to a listing-date backfill with its basis named", () => {
    const backfill = growthFromListingDates(index);
    const f = forecastExposure(
      { addresses: [address(1)] },
      { screen: screenWith(index), history: backfill },
    );
    expect(f.forecast_model.history_basis).toBe("listing_dates");
    expect(f.limitations.join(" ")).toMatch(/backfilled from listing dates/);
  });

  it("the queue pins the real match first", () => {
    const q = optimizeQueue(
      {
        review_items: [
          { address: address(1), exposure_usd: 5e6, relationship_tier: "critical" },
          { address: LAZARUS_ETH, exposure_usd: 1, relationship_tier: "low" },
        ],
        review_budget: 1,
      },
      { screen: screenWith(index), history: EMBEDDED_DCA_HISTORY },
    );
    expect(q.review_queue[0]?.address).toBe(LAZARUS_ETH);
    expect(q.review_queue[0]?.rationale).toMatch(/Lazarus Group/);
  });
});
