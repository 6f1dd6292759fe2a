import { diffEditions, normalizeAddress, type SdnIndex } from "@svc/ofac-index";
import { describe, expect, it } from "vitest";
import { edition } from "../test-support/real-editions.js";
import { addressListing } from "./address-listing.js";
import { NOT_LISTED } from "./event-types.js";
import { editionRef, rescreenEvents, touchedAddresses, type Watch } from "./rescreen-events.js";

/**
 * A book: each address watched by the monitors named, each told what `told` said of it,
 * indexed by canonical address.
 */
function book(told: SdnIndex, entries: ReadonlyArray<readonly [string, readonly string[]]>) {
  const watches = new Map<string, Watch[]>();
  for (const [address, monitors] of entries) {
    const key = normalizeAddress(address);
    const list = watches.get(key) ?? [];
    const listing = addressListing(told.lookup(key));
    for (const monitorId of monitors) {
      list.push({ monitorId, address, listing, edition: editionRef(told.meta) });
    }
    watches.set(key, list);
  }
  return watches;
}

describe("rescreenEvents on OFAC's real editions", () => {
  it("2025-03-04 → 2025-03-21: every monitored Tornado Cash address is cleared, nothing for the others", async () => {
    const [from, to] = [await edition("2025-03-04"), await edition("2025-03-21")];
    const diff = diffEditions(from, to);
    const tornado = diff.removed.slice(0, 5).map((r) => r.address);
    const stillListed = to.designations.find((d) => d.asset === "XBT")?.address as string;
    const neverListed = "0x1111111111111111111111111111111111111111";
    const watches = book(from, [
      ...tornado.map((a) => [a.toUpperCase().replace("0X", "0x"), ["mon-a"]] as const),
      [tornado[0] as string, ["mon-b"]],
      [stillListed, ["mon-a"]],
      [neverListed, ["mon-a"]],
    ]);
    const events = rescreenEvents(touchedAddresses(diff), to, watches);
    expect(events.filter((e) => e.type !== "screening.match.cleared")).toEqual([]);
    // Five addresses for mon-a (given in another case: matched canonically), one for mon-b.
    expect(events.filter((e) => e.monitorId === "mon-a")).toHaveLength(5);
    expect(events.filter((e) => e.monitorId === "mon-b").map((e) => e.address)).toEqual([
      tornado[0],
    ]);
    for (const event of events) {
      expect(event.listing).toEqual(NOT_LISTED);
      expect(event.previousListing.listed).toBe(true);
      expect(event.previousListing.parties.map((p) => p.entityName).join()).toMatch(/TORNADO/i);
      expect(event.edition).toEqual(editionRef(to.meta));
      expect(event.previousEdition).toEqual(editionRef(from.meta));
    }
  });

  it("2025-03-04 → 2025-03-21: a monitored address whose party lost a program is changed, with both listings", async () => {
    const [from, to] = [await edition("2025-03-04"), await edition("2025-03-21")];
    const diff = diffEditions(from, to);
    const semenov = diff.changed[0]?.address as string;
    const events = rescreenEvents(touchedAddresses(diff), to, book(from, [[semenov, ["m"]]]));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: "screening.match.changed",
      previousListing: { listed: true, parties: [{ programs: ["CYBER2", "DPRK3"] }] },
      listing: { listed: true, parties: [{ programs: ["DPRK3"] }] },
    });
  });

  it("2025-11-19a → 2025-11-19b: monitored additions are created, under the ticker listed", async () => {
    const [from, to] = [await edition("2025-11-19a"), await edition("2025-11-19b")];
    const diff = diffEditions(from, to);
    const added = diff.added.map((a) => a.address);
    expect(added.length).toBeGreaterThan(0);
    const watches = book(
      from,
      added.map((a) => [a, ["m"]] as const),
    );
    const events = rescreenEvents(touchedAddresses(diff), to, watches);
    const created = events.filter((e) => e.type === "screening.match.created");
    // Each added pair's address, unless it was listed already under another ticker (changed).
    const newlyListed = added.filter((a) => from.lookup(normalizeAddress(a)).length === 0);
    expect(created.map((e) => e.address).sort()).toEqual([...new Set(newlyListed)].sort());
    const sol = created.find((e) => e.listing.assets.includes("SOL"));
    expect(sol?.previousListing).toEqual(NOT_LISTED);
    expect(sol?.listing.parties.length).toBeGreaterThan(0);
  });

  it("a monitor told of an older edition is compared with what it was told: 2024-05-28 → 2025-03-21 skips 2025-03-04", async () => {
    // Tornado Cash addresses were listed on 2024-05-28 and delisted on 2025-03-21; an address
    // added on 2025-03-04 was never told to a monitor last brought to 2024-05-28.
    const [told, middle, now] = [
      await edition("2024-05-28"),
      await edition("2025-03-04"),
      await edition("2025-03-21"),
    ];
    const tornado = diffEditions(middle, now).removed[0]?.address as string;
    const addedInBetween = diffEditions(told, middle).added.find(
      (a) => now.lookup(a.normalizedAddress).length > 0,
    )?.address as string;
    const watches = book(told, [
      [tornado, ["m"]],
      [addedInBetween, ["m"]],
    ]);
    const events = rescreenEvents(touchedAddresses(diffEditions(told, now)), now, watches);
    expect(events.map((e) => [e.type, e.address]).sort()).toEqual(
      [
        ["screening.match.cleared", tornado],
        ["screening.match.created", addedInBetween],
      ].sort(),
    );
  });

  it("an address listed under a second ticker is changed, not created", async () => {
    const from = await edition("2025-11-19b");
    const record = from.designations.find((d) => d.asset === "ETH") as SdnIndex["designations"][0];
    const key = record.normalizedAddress;
    // The next edition lists the same address under USDT too (as OFAC did for Garantex's).
    const to = {
      meta: { datasetDate: "2025-12-01", datasetSha256: "f".repeat(64) },
      lookup: (address: string) =>
        address === key
          ? [...from.lookup(key), { ...from.lookup(key)[0], asset: "USDT" } as never]
          : from.lookup(address),
    };
    const events = rescreenEvents([key], to, book(from, [[record.address, ["m"]]]));
    expect(events.map((e) => e.type)).toEqual(["screening.match.changed"]);
    expect(events[0]?.previousListing.assets).toEqual(["ETH"]);
    expect(events[0]?.listing.assets).toEqual(["ETH", "USDT"]);
  });

  it("an edition compared with itself makes no events, whatever the book", async () => {
    const index = await edition("2025-11-19b");
    const all = book(
      index,
      index.designations.slice(0, 50).map((d) => [d.address, ["m"]] as const),
    );
    expect(rescreenEvents([...all.keys()], index, all)).toEqual([]);
    expect(touchedAddresses(diffEditions(index, index))).toEqual([]);
  });
});
