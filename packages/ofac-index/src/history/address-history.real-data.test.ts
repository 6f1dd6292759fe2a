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

  // Unique canonical addresses: 851 (asset, address) rows are 837 addresses, 364 of them present
  // at the first commit; 13 rows only add a ticker to a listed address, and one is OFAC's
  // case-only republication of 0xCa08…3357 (neither a removal nor an addition).
  it("counts the real additions and removals in unique addresses (43 events of 473; 3 removals of 92)", () => {
    expect(derived.basis).toBe("snapshot_diff");
    expect([derived.from, derived.to]).toEqual(["2022-09-03", "2025-11-19"]);
    expect(derived.additionEvents).toBe(43);
    expect(derived.addedTotal).toBe(473);
    expect(derived.removalEvents).toBe(3);
    expect(derived.removedTotal).toBe(92);
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

  it("reads the untyped format (no asset column, one row per address) to the same events", () => {
    const typed = history("address_history.csv");
    const [header = "", ...lines] = typed.trim().split("\n");
    const columns = header.split(",");
    const keep = [
      "address",
      "first_seen_commit_date",
      "first_seen_commit",
      "first_seen_censored",
      "last_seen_commit_date",
      "present_in_latest",
    ].map((c) => columns.indexOf(c));
    // One row per exact address: its earliest first sighting, censored if any row is, its latest
    // sighting, present if any row is (what a list without tickers records).
    const rows = new Map<string, string[]>();
    for (const line of lines) {
      const cells = keep.map((i) => line.split(",")[i] ?? "");
      const seen = rows.get(cells[0] ?? "");
      if (seen === undefined) {
        rows.set(cells[0] ?? "", cells);
        continue;
      }
      if ((cells[1] ?? "") < (seen[1] ?? "")) [seen[1], seen[2]] = [cells[1] ?? "", cells[2] ?? ""];
      if (cells[3] === "true") seen[3] = "true";
      if ((cells[4] ?? "") > (seen[4] ?? "")) seen[4] = cells[4] ?? "";
      if (cells[5] === "true") seen[5] = "true";
    }
    const untyped = [
      "address,first_seen_commit_date,first_seen_commit,first_seen_censored,last_seen_commit_date,present_in_latest",
      ...[...rows.values()].map((r) => r.join(",")),
    ].join("\n");
    expect(rows.size).toBeLessThan(lines.length);
    const g = growthFromAddressHistory(untyped, history("list_counts_by_commit.csv"));
    expect(g.events).toEqual(derived.events);
    expect([g.from, g.to, g.addedTotal, g.removedTotal]).toEqual([
      derived.from,
      derived.to,
      derived.addedTotal,
      derived.removedTotal,
    ]);
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
