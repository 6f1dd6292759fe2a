import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  EMBEDDED_DCA_HISTORY,
  EMBEDDED_PARTY_HISTORY,
  type ListGrowthStats,
  type PartyHistory,
} from "@svc/ofac-index";
import { loadIndex, SnapshotStore } from "@svc/ofac-index/node";
import { afterAll, describe, expect, it } from "vitest";
import { type RuntimeEvent, startComplianceRuntime } from "./start-runtime.js";
import {
  chooseHistory,
  choosePartyHistory,
  storedGrowth,
  storedPartyHistory,
} from "./stored-history.js";

const OFAC = new URL("../../../../../shared/data/ofac/xml/", import.meta.url).pathname;
const EDITIONS = [
  "sdn_advanced_2024-05-28_863828489e.xml.gz",
  "sdn_advanced_2025-03-04_e1b6b13562.xml.gz",
  "sdn_advanced_2025-03-21_ab1f3255c9.xml.gz",
  "sdn_advanced_2025-11-19_36364b9cd3.xml.gz",
];
const LATEST = "sdn_advanced_2025-11-19_3ed6690688.xml.gz";

const stats = (spanDays: number, additionEvents: number): ListGrowthStats => ({
  ...EMBEDDED_DCA_HISTORY,
  from: "2030-01-01",
  spanDays,
  additionEvents,
});

describe("chooseHistory", () => {
  it("keeps the embedded history without a store, or with a store too young or too quiet", () => {
    expect(chooseHistory(null)).toBe(EMBEDDED_DCA_HISTORY);
    expect(chooseHistory(stats(120, 10))).toBe(EMBEDDED_DCA_HISTORY);
    expect(chooseHistory(stats(400, 2))).toBe(EMBEDDED_DCA_HISTORY);
  });

  it("prefers the store once it spans a year with three addition events", () => {
    const stored = stats(365, 3);
    expect(chooseHistory(stored)).toBe(stored);
  });
});

describe("choosePartyHistory", () => {
  const parties = (spanDays: number, events: number): PartyHistory => ({
    ...EMBEDDED_PARTY_HISTORY,
    spanDays,
    population: {
      ...EMBEDDED_PARTY_HISTORY.population,
      eventsOf: { holding: events, listed_without_addresses: 0, new_designation: 0 },
    },
  });
  it("keeps the embedded party history until the store spans a year with three party events", () => {
    expect(choosePartyHistory(null)).toBe(EMBEDDED_PARTY_HISTORY);
    expect(choosePartyHistory(parties(120, 10))).toBe(EMBEDDED_PARTY_HISTORY);
    expect(choosePartyHistory(parties(400, 2))).toBe(EMBEDDED_PARTY_HISTORY);
    const stored = parties(365, 3);
    expect(choosePartyHistory(stored)).toBe(stored);
    // Stored without the party list (version 1 snapshots): no rate for unlisted parties.
    const blind = parties(400, 10);
    const withoutList = {
      ...blind,
      population: { ...blind.population, listedWithoutPartyYears: 0 },
    };
    expect(choosePartyHistory(withoutList)).toBe(EMBEDDED_PARTY_HISTORY);
  });
});

describe("the runtime's history from a snapshot store of real OFAC editions", () => {
  const dir = mkdtempSync(join(tmpdir(), "compliance-store-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("is derived from the stored editions' differences, the edition the loader stores at start included", async () => {
    const store = new SnapshotStore(dir);
    for (const name of EDITIONS) await store.put(await loadIndex(`${OFAC}${name}`), new Date());
    const before = await storedGrowth(store);
    expect(before).toMatchObject({ basis: "snapshot_diff", from: "2024-05-28", editions: 4 });

    const events: RuntimeEvent[] = [];
    const runtime = await startComplianceRuntime(
      {
        source: `${OFAC}${LATEST}`,
        official: false,
        snapshotDir: dir,
        sampleFallback: false,
        refreshMinutes: 1440,
        staleAfterHours: 48,
        failWhenStale: false,
      },
      { refresh: false, onEvent: (e) => events.push(e) },
    );
    try {
      // The source loads in the background; the history follows the edition it stores.
      await runtime.settled();
      const history = runtime.deps.history() as ListGrowthStats;
      const after = await storedGrowth(store);
      expect(after?.editions).toBe(5);
      expect(events.some((e) => e.type === "stored")).toBe(true);
      // 540 days with three addition events (65, 122 and 12 addresses) and the Tornado Cash
      // delisting: enough for the store to be preferred over the embedded history.
      expect(after).toMatchObject({ spanDays: 540, additionEvents: 3, removedTotal: 90 });
      expect(history).toEqual(after);
      expect(history).not.toBe(EMBEDDED_DCA_HISTORY);
      // The party history follows the same store: CHEIL CREDIT BANK's 53 addresses of 2025-11.
      const partyHistory = runtime.deps.partyHistory?.();
      expect(partyHistory).toEqual(await storedPartyHistory(store));
      expect(partyHistory).not.toBe(EMBEDDED_PARTY_HISTORY);
      expect(
        partyHistory?.parties.find((r) => r.name === "CHEIL CREDIT BANK")?.events[0]?.added,
      ).toBe(53);
      expect(events.filter((e) => e.type === "history").at(-1)).toMatchObject({
        source: "snapshot_store",
        from: "2024-05-28",
        to: "2025-11-19",
      });
    } finally {
      await runtime.stop();
    }
  }, 120_000);
});
