import { createReadStream, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// The derivation the generator script runs (from dist: run `pnpm build` first).
import { embeddedPartyHistory } from "../../scripts/party-history-source.mjs";
import { SdnIndex } from "../index/sdn-index.js";
import { edition } from "../test-support/editions.js";
import { OFAC_DATA, XML } from "../test-support/shared-data.js";
import { EMBEDDED_PARTY_HISTORY } from "./embedded-party-history.js";
import { partyHazardHistory, partyHistoryFromEditions } from "./party-history.js";

describe("the party history", () => {
  it("embedded is what scripts/embed-party-history.mjs makes from ../shared", async () => {
    const { history } = await embeddedPartyHistory(OFAC_DATA, {
      readFile: (p: string) => readFileSync(p, "utf8"),
      openStream: (p: string) => createReadStream(p),
    });
    expect(EMBEDDED_PARTY_HISTORY).toEqual(history);
  }, 180_000);

  it("gives the population evidence of 2022-09 → 2025-11 (the audit's figures)", () => {
    const p = EMBEDDED_PARTY_HISTORY.population;
    expect(p.addedAddresses).toBe(473);
    expect(p.addedTo).toEqual({ holding: 104, listed_without_addresses: 67, new_designation: 302 });
    expect(p.additionDays).toBe(43);
    expect(p.singlePartyDays).toBe(31);
    const cheil = EMBEDDED_PARTY_HISTORY.parties.find((r) => r.name === "CHEIL CREDIT BANK");
    expect(cheil?.events).toEqual([
      { date: "2025-11-04", added: 53, kind: "listed_without_addresses" },
    ]);
    expect(p.readditionsPerHoldingPartyYear).toBeGreaterThan(0.05);
    expect(p.readditionsPerHoldingPartyYear).toBeLessThan(0.2);
  });

  it("derives from stored editions, and gives a listed party its own record", async () => {
    const editions = await Promise.all(
      [XML["2024-05-28"], XML["2025-03-04"], XML["2025-03-21"], XML["2025-11-19b"]].map((p) =>
        edition(p),
      ),
    );
    const history = partyHistoryFromEditions(editions);
    expect(history?.from).toBe("2024-05-28");
    expect(history?.to).toBe("2025-11-19");
    // CHEIL CREDIT BANK gained its 53 addresses between 2025-03-21 and 2025-11-19.
    const cheil = history?.parties.find((r) => r.name === "CHEIL CREDIT BANK");
    expect(cheil?.events).toEqual([
      { date: "2025-11-19", added: 53, kind: "listed_without_addresses" },
    ]);
    expect(partyHistoryFromEditions(editions.slice(0, 1))).toBeNull();
    const newest = editions.at(-1);
    const index = SdnIndex.fromEdition(newest as (typeof editions)[number], {
      sourceUrl: "test",
      refreshedAt: "2025-11-19T00:00:00Z",
      sample: false,
    });
    const holding = partyHazardHistory(
      EMBEDDED_PARTY_HISTORY,
      index.party(cheil?.profileId as string) as NonNullable<ReturnType<SdnIndex["party"]>>,
    );
    expect(holding).toMatchObject({ holding: true, events: 0 });
    expect(holding.exposureDays).toBe(15);
    const without = partyHazardHistory(
      EMBEDDED_PARTY_HISTORY,
      index.party("36") as NonNullable<ReturnType<SdnIndex["party"]>>,
    );
    expect(without).toMatchObject({ holding: false, events: 0, exposureDays: 1173 });
    expect(without.populationEventsPerDay).toBeLessThan(holding.populationEventsPerDay / 100);
  }, 240_000);
});
