import { describe, expect, it } from "vitest";
import { indexOf } from "../test-support/editions.js";
import { XML } from "../test-support/shared-data.js";
import { growthFromEditions, growthFromListingDates } from "./list-growth.js";

describe("list growth from stored editions", () => {
  it("counts additions and the Tornado Cash removal across the five real editions", async () => {
    const editions = await Promise.all(Object.values(XML).map(indexOf));
    const g = growthFromEditions(editions);
    expect(g.basis).toBe("snapshot_diff");
    expect(g.from).toBe("2024-05-28");
    expect(g.to).toBe("2025-11-19");
    expect(g.editions).toBe(5);
    expect(g.removedTotal).toBe(90);
    expect(g.removalEvents).toBe(1);
    expect(g.events.find((e) => e.removed > 0)?.date).toBe("2025-03-21");
    // 2024-05-28 → 03-04, 03-21 → 11-19 (1st), 11-19 (1st) → (2nd): three addition events.
    expect(g.additionEvents).toBe(3);
    expect(g.addedTotal).toBe(g.events.reduce((s, e) => s + e.added, 0));
    // Unique canonical addresses new to the list (here as many as the new (ticker, address)
    // pairs: no edition of these added a ticker to an address already listed).
    expect(g.events.map((e) => e.added)).toEqual([65, 0, 122, 12]);
    expect(g.additionEventsPerDay).toBeCloseTo(3 / g.spanDays, 10);
    expect(g.addressesPerAdditionEvent.max).toBe(Math.max(...g.events.map((e) => e.added)));
  });

  it("needs at least two editions", async () => {
    expect(() => growthFromEditions([])).toThrow(RangeError);
  });
});

describe("list growth backfilled from listing dates", () => {
  it("makes one event per party listing date, sized by today's addresses", async () => {
    const index = await indexOf(XML["2025-11-19b"]);
    const g = growthFromListingDates(index);
    expect(g.basis).toBe("listing_dates");
    expect(g.to).toBe("2025-11-19");
    expect(g.addedTotal).toBe(index.pairCount);
    expect(g.additionEvents).toBe(new Set(index.designations.map((d) => d.party.listedOn)).size);
    expect(g.removedTotal).toBe(0);
    expect(g.caveats.join(" ")).toMatch(/Removals cannot be seen/);
  });
});
