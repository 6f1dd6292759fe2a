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
    expect(d.summary).toMatchObject({ added: 0, removed: 0, republished: 0 });
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
