import { describe, expect, it } from "vitest";
import { indexOf } from "../test-support/editions.js";
import { XML } from "../test-support/shared-data.js";
import { diffEditions } from "./diff-editions.js";

describe("diffEditions on OFAC's real editions", () => {
  it("2025-03-04 → 2025-03-21 is the Tornado Cash delisting: 90 ETH addresses removed", async () => {
    const d = diffEditions(await indexOf(XML["2025-03-04"]), await indexOf(XML["2025-03-21"]));
    expect(d.summary.removed).toBe(90);
    expect(d.summary.removedByAsset).toEqual({ ETH: 90 });
    expect(new Set(d.removed.flatMap((r) => r.parties.map((p) => p.profileId)))).toEqual(
      new Set(["39796"]),
    );
    expect(d.removed[0]?.parties[0]?.entityName).toMatch(/TORNADO CASH/i);
    expect(d.summary.added).toBe(0);
  });

  it("2025-03-04 → 2025-03-21 also changes a party's programs: Roman Semenov's addresses lose CYBER2", async () => {
    const d = diffEditions(await indexOf(XML["2025-03-04"]), await indexOf(XML["2025-03-21"]));
    expect(d.summary.changed).toBe(d.changed.length);
    expect(d.changed.length).toBeGreaterThan(0);
    for (const entry of d.changed) {
      expect(entry.previousParties).toEqual([
        { profileId: "44718", entityName: "Semenov Roman", programs: ["CYBER2", "DPRK3"] },
      ]);
      expect(entry.parties).toEqual([
        { profileId: "44718", entityName: "Semenov Roman", programs: ["DPRK3"] },
      ]);
    }
    // A delisted pair is removed, not changed: the two lists never share a pair.
    const removed = new Set(d.removed.map((r) => `${r.asset}:${r.normalizedAddress}`));
    expect(d.changed.some((c) => removed.has(`${c.asset}:${c.normalizedAddress}`))).toBe(false);
  });

  it("an addition carries its parties' programs", async () => {
    const d = diffEditions(await indexOf(XML["2025-11-19a"]), await indexOf(XML["2025-11-19b"]));
    const sol = d.added.find((a) => a.asset === "SOL");
    expect(sol?.parties.every((p) => p.programs.length > 0)).toBe(true);
    expect(d.summary.changed).toBe(0);
  });

  it("the 2nd 2025-11-19 edition adds the first BNB and SOL addresses", async () => {
    const d = diffEditions(await indexOf(XML["2025-11-19a"]), await indexOf(XML["2025-11-19b"]));
    expect(d.summary.addedByAsset.BNB).toBe(1);
    expect(d.summary.addedByAsset.SOL).toBe(1);
    expect(d.added.find((a) => a.asset === "BNB")?.address).toBe(
      "bnb136ns6lfw4zs5hg4n85vdthaad7hq5m4gtkgf23",
    );
    expect(d.added.find((a) => a.asset === "SOL")?.address).toBe(
      "42RLPACwZPx3vYYmxSueqsogfynBDqXK298EDsNoyoHi",
    );
    expect(d.summary.removed).toBe(0);
  });

  it("an edition compared with itself has no changes", async () => {
    const index = await indexOf(XML["2025-11-19b"]);
    const d = diffEditions(index, index);
    expect(d.summary).toMatchObject({ added: 0, removed: 0, republished: 0, changed: 0 });
  });

  it("treats a change of an EVM address's case as a republication, not a removal plus an addition", async () => {
    const from = await indexOf(XML["2025-11-19b"]);
    const target = from.designations.find(
      (d) => d.address === "0x098B716B8Aaf21512996dC57EB0615e2383E2f96",
    );
    expect(target).toBeDefined();
    const lowered = {
      meta: { ...from.meta, datasetSha256: "0".repeat(64) },
      designations: from.designations.map((d) =>
        d === target ? { ...d, address: d.address.toLowerCase() } : d,
      ),
    };
    const d = diffEditions(from, lowered);
    expect(d.summary).toMatchObject({ added: 0, removed: 0, republished: 1 });
    expect(d.republished[0]).toMatchObject({
      previousAddress: "0x098B716B8Aaf21512996dC57EB0615e2383E2f96",
      address: "0x098b716b8aaf21512996dc57eb0615e2383e2f96",
    });
  });
});
