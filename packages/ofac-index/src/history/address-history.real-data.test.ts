import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { OFAC_DATA } from "../test-support/shared-data.js";
import { growthFromAddressHistory } from "./address-history.js";
import { EMBEDDED_DCA_HISTORY } from "./embedded-history.js";

const history = (name: string) => readFileSync(`${OFAC_DATA}history/${name}`, "utf8");

describe("growth from the community-mirror address history", () => {
  const derived = growthFromAddressHistory(
    history("address_history.csv"),
    history("list_counts_by_commit.csv"),
  );

  it("counts the real additions and removals (43 events of 486 addresses; 3 removals of 93)", () => {
    expect(derived.basis).toBe("snapshot_diff");
    expect([derived.from, derived.to]).toEqual(["2022-09-03", "2025-11-19"]);
    expect(derived.additionEvents).toBe(43);
    expect(derived.addedTotal).toBe(486);
    expect(derived.removalEvents).toBe(3);
    expect(derived.removedTotal).toBe(93);
    expect(derived.addressesPerAdditionEvent.max).toBe(63);
  });

  it("dates the 90 Tornado Cash delistings on 2025-03-21, the first commit after their last sighting", () => {
    expect(derived.events.find((e) => e.date === "2025-03-21")?.removed).toBe(90);
  });

  it("without the commit list, dates removals the day after the last sighting", () => {
    const g = growthFromAddressHistory(history("address_history.csv"));
    expect(g.events.find((e) => e.date === "2025-03-05")?.removed).toBe(90);
    expect(g.editions).toBe(0);
  });

  it("the embedded history equals the derivation from ../shared (regenerate with scripts/embed-history.mjs)", () => {
    expect(EMBEDDED_DCA_HISTORY).toEqual(derived);
  });

  it("refuses a CSV without the needed columns, naming the column", () => {
    expect(() => growthFromAddressHistory("asset,address\nETH,0x1")).toThrow(
      /no column first_seen_commit_date/,
    );
  });
});
