import { describe, expect, it } from "vitest";
import { sampleIndex } from "../test-support/editions.js";
import { SdnIndex } from "./sdn-index.js";

const LAZARUS = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const ETH_USDT_USDC = "0xb6f5ec1a0a9cd1526536d3f0426c429529471f40";
const ETH_ARB_BSC = "0x4f47bc496083c727c5fbe3ce9cdf2b0f6496270c";
const XBT_AND_USDT = "1LrxsRd7zNuxPJcL5rttnoeJFy1y4AffYY";
const LTC_TWO_PARTIES = "LeKvNdNEzgQkzVVnRdV3fAu2DSF1nLsNw6";
const XBT_TWO_PARTIES = "1H939dom7i4WDLCKyGbXUp3fs9CSTNRzgL";
const BLENDER_DUPLICATE = "3F6bbvS1krsc1qR8FsbTDfYQyvkMm3QvmR";
const TRON_UNDER_XBT = "TUCsTq7TofTCJRRoHk6RvhMoS2mJLm5Yzq";
const CLEAR = "0x0000000000000000000000000000000000000001";

describe("SdnIndex.screen", () => {
  it("returns every ticker of an address listed under several (ETH, USDT, USDC)", async () => {
    const r = (await sampleIndex()).screen(ETH_USDT_USDC.toUpperCase().replace("0X", "0x"));
    expect(r.matches.map((m) => m.asset).sort()).toEqual(["ETH", "USDC", "USDT"]);
    expect(new Set(r.matches.map((m) => m.profileId)).size).toBe(1);
    expect(r.summary.matchCount).toBe(3);
  });

  it("returns ETH, ARB and BSC for the address listed under all three", async () => {
    const r = (await sampleIndex()).screen(ETH_ARB_BSC);
    expect(r.matches.map((m) => m.asset).sort()).toEqual(["ARB", "BSC", "ETH"]);
  });

  it("returns a Bitcoin address listed under XBT and USDT as two matches", async () => {
    const r = (await sampleIndex()).screen(XBT_AND_USDT);
    expect(r.matches.map((m) => m.asset).sort()).toEqual(["USDT", "XBT"]);
  });

  it.each([
    [LTC_TWO_PARTIES, ["30518", "30520"]],
    [XBT_TWO_PARTIES, ["38419", "38420"]],
  ])("returns every party that holds %s", async (address, profiles) => {
    const r = (await sampleIndex()).screen(address);
    expect(r.matches.map((m) => m.profileId).sort()).toEqual(profiles);
  });

  it("reports a pair OFAC lists twice in one party once, with both feature ids", async () => {
    const r = (await sampleIndex()).screen(BLENDER_DUPLICATE);
    expect(r.matches).toHaveLength(1);
    expect([...(r.matches[0]?.featureIds ?? [])].sort()).toEqual(["51501", "51507"]);
  });

  it("matches a wrong-chain value exactly as published (Tron format under XBT)", async () => {
    const r = (await sampleIndex()).screen(TRON_UNDER_XBT);
    expect(r.matches.map((m) => m.asset)).toEqual(["XBT"]);
  });

  it("answers clear for an unlisted address, with no manual review", async () => {
    const r = (await sampleIndex()).screen(CLEAR);
    expect(r.summary).toEqual({
      status: "clear",
      matchCount: 0,
      exactAddressMatch: false,
      manualReviewRecommended: false,
      nearMatchCount: 0,
    });
    expect(r.matches).toEqual([]);
    expect(r.nearMatches).toEqual([]);
  });

  it("refuses a base58 address typed in another case, naming the listed one, never clear", async () => {
    const index = await sampleIndex();
    expect(() => index.screen(XBT_AND_USDT.toLowerCase())).toThrow(
      expect.objectContaining({
        code: "INVALID_ADDRESS",
        message: expect.stringContaining(`the characters of the listed address ${XBT_AND_USDT}`),
      }),
    );
  });

  it("echoes the query with its canonical form", async () => {
    const r = (await sampleIndex()).screen(`  ${LAZARUS} `, { asset: "eth" });
    expect(r.query).toEqual({
      address: `  ${LAZARUS} `,
      normalizedAddress: LAZARUS.toLowerCase(),
      addressFormat: "evm",
      asset: "eth",
      assetTicker: "ETH",
      assetListed: true,
      listedAssets: ["ETH"],
    });
    expect(r.screeningOnly).toBe(true);
  });
});

describe("SdnIndex asset: listed means match, whatever the asset", () => {
  it("puts the given ticker's records first and still returns the others", async () => {
    const r = (await sampleIndex()).screen(ETH_USDT_USDC, { asset: "USDC" });
    expect(r.matches.map((m) => m.asset)).toEqual(["USDC", "ETH", "USDT"]);
    expect(r.query).toMatchObject({ assetListed: true, listedAssets: ["ETH", "USDC", "USDT"] });
    expect(r.query.note).toBeUndefined();
  });

  it("an address listed under another ticker is a match with assetListed false and a note", async () => {
    const r = (await sampleIndex()).screen(LAZARUS, { asset: "USDT" });
    expect(r.summary).toEqual({
      status: "match",
      matchCount: 1,
      exactAddressMatch: true,
      manualReviewRecommended: true,
      nearMatchCount: 0,
    });
    expect(r.matches.map((m) => m.entityName)).toEqual(["Lazarus Group"]);
    expect(r.query).toMatchObject({
      assetTicker: "USDT",
      assetListed: false,
      listedAssets: ["ETH"],
    });
    expect(r.query.note).toBe(
      "listed under ETH, not under USDT: an SDN's address is blocked whatever the asset",
    );
  });

  it("an unlisted address with an asset is clear, with assetListed false and no tickers", async () => {
    const r = (await sampleIndex()).screen(CLEAR, { asset: "ETH" });
    expect(r.summary.status).toBe("clear");
    expect(r.query).toMatchObject({ assetListed: false, listedAssets: [] });
    expect(r.query.note).toBeUndefined();
  });

  it("without an asset, assetListed is null and listedAssets names every ticker", async () => {
    const r = (await sampleIndex()).screen(ETH_ARB_BSC);
    expect(r.query).toMatchObject({ assetListed: null, listedAssets: ["ARB", "BSC", "ETH"] });
  });

  it("accepts BTC as an alias of OFAC's XBT", async () => {
    const r = (await sampleIndex()).screen(XBT_AND_USDT, { asset: "btc" });
    expect(r.query.assetTicker).toBe("XBT");
    expect(r.matches.map((m) => m.asset)).toEqual(["XBT", "USDT"]);
  });

  it("refuses a ticker the list does not cover, naming the covered tickers", async () => {
    const index = await sampleIndex();
    expect(() => index.screen(LAZARUS, { asset: "DOGE" })).toThrow(
      expect.objectContaining({
        code: "UNSUPPORTED_ASSET",
        message: expect.stringContaining("ETH, LTC"),
      }),
    );
  });
});

describe("SdnIndex.screenMany", () => {
  it("keeps the request order, duplicates included, and summarizes per address", async () => {
    const addresses = [CLEAR, LAZARUS, CLEAR, ETH_USDT_USDC, LAZARUS];
    const r = (await sampleIndex()).screenMany(addresses);
    expect(r.results.map((x) => x.query.address)).toEqual(addresses);
    expect(r.results.map((x) => x.summary.status)).toEqual([
      "clear",
      "match",
      "clear",
      "match",
      "match",
    ]);
    expect(r.summary).toEqual({
      totalScreened: 5,
      matchCount: 3,
      clearCount: 2,
      nearMatchCount: 0,
      manualReviewRecommended: true,
      workflowStatus: "manual_review_required",
    });
    expect(r.query.normalizedAddresses[1]).toBe(LAZARUS.toLowerCase());
  });

  it("counts an address listed only under other tickers as a match in the batch", async () => {
    const r = (await sampleIndex()).screenMany([LAZARUS, CLEAR], { asset: "TRX" });
    expect(r.results.map((x) => x.summary.status)).toEqual(["match", "clear"]);
    expect(r.results[0]?.query).toMatchObject({ assetListed: false, listedAssets: ["ETH"] });
    expect(r.results[0]?.query.note).toMatch(/listed under ETH, not under TRX/);
    expect(r.summary).toMatchObject({
      matchCount: 1,
      clearCount: 1,
      workflowStatus: "manual_review_required",
    });
  });

  it("reports screening_complete_no_exact_match when nothing matches", async () => {
    const r = (await sampleIndex()).screenMany([CLEAR]);
    expect(r.summary.workflowStatus).toBe("screening_complete_no_exact_match");
    expect(r.summary.manualReviewRecommended).toBe(false);
  });

  it("names the offending item of an invalid batch", async () => {
    const index = await sampleIndex();
    expect(() => index.screenMany([LAZARUS, "   "])).toThrow(
      expect.objectContaining({
        code: "INVALID_ADDRESS",
        details: expect.objectContaining({ path: "addresses[1]" }),
      }),
    );
  });

  it("names every refused item of an invalid batch, not only the first", async () => {
    const index = await sampleIndex();
    expect(() => index.screenMany(["0x12", LAZARUS, "G"])).toThrow(
      expect.objectContaining({
        code: "INVALID_ADDRESS",
        message: expect.stringMatching(
          /addresses\[0\] "0x12" is not an address.*\(and 1 more address refused\)/,
        ),
        details: expect.objectContaining({
          path: "addresses[0]",
          issues: [
            expect.objectContaining({ path: "addresses[0]" }),
            expect.objectContaining({ path: "addresses[2]" }),
          ],
        }),
      }),
    );
  });
});

describe("SdnIndex input limits", () => {
  it.each([
    ["an empty string", ""],
    ["white space only", " \t "],
    ["an over-long string", "1".repeat(257)],
  ])("refuses %s", async (_label, input) => {
    const index = await sampleIndex();
    expect(() => index.screen(input)).toThrow(expect.objectContaining({ code: "INVALID_ADDRESS" }));
  });
});

describe("SdnIndex freshness", () => {
  it("flags the embedded sample by its SHA-256 even when loaded as a plain file", async () => {
    const index = await sampleIndex();
    expect(index.provenance.sample).toBe(true);
    const f = index.screen(LAZARUS).sourceFreshness;
    expect(f.sample).toBe(true);
    expect(f.notice).toMatch(/SAMPLE/);
  });

  it("reports dataset date, hash, coverage and counts", async () => {
    const f = (await sampleIndex()).freshness();
    expect(f.datasetPublishedAt).toBe("2025-11-19T00:00:00.000Z");
    expect(f.datasetSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(f.coveredAssets).toContain("XBT");
    expect(f.coveredAssets).not.toContain("XRP"); // declared in the XML, no sample designation
    expect(f.addressCount).toBe(81);
    expect(f.assetAddressPairs).toBe(88);
  });

  it("shows a failed refresh in freshness while still serving", async () => {
    const index = await sampleIndex();
    const f = index.freshness({
      attemptedAt: "2026-01-02T00:00:00.000Z",
      ok: false,
      outcome: "TIMEOUT",
      message: "x",
    });
    expect(f.lastRefresh?.ok).toBe(false);
    expect(f.notice).toMatch(/last refresh failed \(TIMEOUT\)/);
  });

  it("is immutable: match records cannot be changed by a caller", async () => {
    const index = await sampleIndex();
    const m = index.screen(LAZARUS).matches[0] as { entityName: string };
    expect(() => {
      m.entityName = "changed";
    }).toThrow(TypeError);
    expect(index.screen(LAZARUS).matches[0]?.entityName).toBe("Lazarus Group");
  });

  it("withProvenance keeps the lookups and changes only provenance", async () => {
    const index = await sampleIndex();
    const moved = index.withProvenance({
      ...index.provenance,
      refreshedAt: "2030-01-01T00:00:00.000Z",
    });
    expect(moved).toBeInstanceOf(SdnIndex);
    expect(moved.freshness().refreshedAt).toBe("2030-01-01T00:00:00.000Z");
    expect(moved.screen(LAZARUS).matches).toEqual(index.screen(LAZARUS).matches);
  });
});
