import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { SdnIndex } from "../index/sdn-index.js";
import { edition, indexOf, snapshotIndexRows } from "../test-support/editions.js";
import { DCA_SUBSET_XML, PEER_LISTS, XML } from "../test-support/shared-data.js";

const EDITIONS = Object.entries(XML);

/** The peer lists of one commit, as sorted `TICKER\taddress` lines (what `pairs` prints). */
function peerPairs(dir: string): string {
  const tickers = readdirSync(dir)
    .map((f) => /^sanctioned_addresses_(.+)\.txt$/.exec(f)?.[1])
    .filter((t): t is string => t !== undefined)
    .sort();
  return tickers
    .map((t) =>
      readFileSync(`${dir}sanctioned_addresses_${t}.txt`, "utf8")
        .split("\n")
        .filter((line) => line !== "")
        .map((a) => `${t}\t${a}\n`)
        .join(""),
    )
    .join("");
}

const pairsText = (index: SdnIndex) =>
  index
    .pairs()
    .map(([t, a]) => `${t}\t${a}\n`)
    .join("");

describe("parseEdition on OFAC's real editions", () => {
  it.each(Object.entries(PEER_LISTS))(
    "pairs of %s equal the peer lists byte for byte",
    async (key, dir) => {
      const index = await indexOf(XML[key as keyof typeof XML]);
      expect(pairsText(index)).toBe(peerPairs(dir));
    },
  );

  it.each(EDITIONS)(
    "%s matches the independent counts of snapshot_index.csv",
    async (_key, path) => {
      const parsed = await edition(path);
      const row = snapshotIndexRows().find((r) => r.xml_sha256 === parsed.meta.datasetSha256);
      expect(row, "edition's SHA-256 is listed in snapshot_index.csv").toBeDefined();
      if (row === undefined) return;
      expect(parsed.meta.datasetDate).toBe(row.date_of_issue);
      expect(parsed.designations.length).toBe(row.dca_features);
      expect(new Set(parsed.designations.map((d) => `${d.asset}\t${d.address}`)).size).toBe(
        row.unique_asset_address_pairs,
      );
      expect(new Set(parsed.designations.map((d) => d.address)).size).toBe(row.unique_addresses);
      expect(new Set(parsed.designations.map((d) => d.party.profileId)).size).toBe(
        row.profiles_with_dca,
      );
      const perAsset: Record<string, number> = {};
      for (const d of parsed.designations) perAsset[d.asset] = (perAsset[d.asset] ?? 0) + 1;
      expect(perAsset).toEqual(row.per_asset_features);
    },
  );

  it.each(EDITIONS)(
    "%s: the fast path gives exactly what the full saxes pass gives",
    async (_key, path) => {
      const [fast, full] = await Promise.all([edition(path), edition(path, { mode: "full" })]);
      expect(fast.meta).toEqual(full.meta);
      expect(fast.designations).toEqual(full.designations);
      // Every SDN List party, read by regular expressions on the fast path, by saxes on the other.
      expect(fast.sdnParties).toEqual(full.sdnParties);
      expect(fast.sdnParties?.length).toBeGreaterThan(14_000);
    },
    120_000,
  );

  it("the DCA subset file parses to the same designations as its full edition", async () => {
    const [subset, whole] = await Promise.all([
      edition(DCA_SUBSET_XML),
      edition(XML["2025-11-19b"]),
    ]);
    expect(subset.designations).toEqual(whole.designations);
    expect(subset.meta.datasetDate).toBe(whole.meta.datasetDate);
  });

  it("reads the Lazarus Group record (entry 27307) field by field", async () => {
    const index = await indexOf(XML["2025-11-19b"]);
    const result = index.screen("0x098B716B8Aaf21512996dC57EB0615e2383E2f96");
    expect(result.summary).toEqual({
      status: "match",
      matchCount: 1,
      exactAddressMatch: true,
      manualReviewRecommended: true,
      nearMatchCount: 0,
    });
    const m = result.matches[0];
    expect(m).toMatchObject({
      entryId: "27307",
      profileId: "27307",
      identityId: "19011",
      entityName: "Lazarus Group",
      asset: "ETH",
      address: "0x098B716B8Aaf21512996dC57EB0615e2383E2f96",
      normalizedAddress: "0x098b716b8aaf21512996dc57eb0615e2383e2f96",
      listName: "SDN List",
      listedOn: "2019-09-13",
      programs: ["DPRK3"],
      sourceType: "Digital Currency Address - ETH",
      partyType: "Entity",
      featureIds: ["50215"],
      reliability: "Confirmed",
    });
    expect(m?.measures).toContain("Block");
    expect(m?.aliases).toContain("Hidden Cobra");
    expect(m?.aliases).not.toContain("Lazarus Group");
  });

  it("discovers tickers from ReferenceValueSets: BNB and SOL appear only in the 2nd 2025-11-19 edition", async () => {
    const [first, second] = await Promise.all([
      edition(XML["2025-11-19a"]),
      edition(XML["2025-11-19b"]),
    ]);
    expect(first.meta.declaredAssets).not.toContain("BNB");
    expect(first.meta.declaredAssets).not.toContain("SOL");
    expect(second.meta.declaredAssets).toEqual(expect.arrayContaining(["BNB", "SOL"]));
    expect(second.meta.declaredAssets).toHaveLength(19);
  });

  it("gives the two same-day editions different SHA-256 identities", async () => {
    const [first, second] = await Promise.all([
      edition(XML["2025-11-19a"]),
      edition(XML["2025-11-19b"]),
    ]);
    expect(first.meta.datasetDate).toBe(second.meta.datasetDate);
    expect(first.meta.datasetSha256).toBe(
      "93fe9a1bf57c91bf1e6785be911610f16dc24ffe6b31108c8e049c50e652fd0f",
    );
    expect(second.meta.datasetSha256).toBe(
      "36c517bd264d8d97eff353eadd8d84427d5eb293505a8ce07271a5bc258c3117",
    );
  });

  it("names individuals from their name parts, with other-script spellings as aliases", async () => {
    const index = await indexOf(XML["2025-11-19b"]);
    const yan = index.designations.find((d) => d.party.profileId === "25308")?.party;
    expect(yan?.entityName).toBe("YAN Xiaobing");
    expect(yan?.partyType).toBe("Individual");
    expect(yan?.aliases).toContain("颜 晓兵");
  });
});
