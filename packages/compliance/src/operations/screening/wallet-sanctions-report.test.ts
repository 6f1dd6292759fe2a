import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import type { ComplianceDeps } from "../../catalog/deps.js";
import { inputIssues } from "../../test-support/input-issues.js";
import { sampleDeps } from "../../test-support/sample-deps.js";
import { ofacWalletScreen } from "./ofac-wallet-screen.js";
import { CLEAR_ETH, LAZARUS_ETH } from "./sample-addresses.js";
import { SCREENING_SOURCE } from "./screening-constants.js";
import {
  WalletSanctionsReportInputSchema,
  walletSanctionsReport,
} from "./wallet-sanctions-report.js";

let deps: ComplianceDeps;
beforeAll(async () => {
  deps = await sampleDeps();
});

const run = async (input: unknown) =>
  walletSanctionsReport.run(v.parse(WalletSanctionsReportInputSchema, input), deps);

describe("POST /api/workflows/compliance/wallet-sanctions-report", () => {
  it("data holds exactly the screening members plus the note", async () => {
    const { data, source } = await run({ address: LAZARUS_ETH, asset: "ETH" });
    expect(source).toBe(SCREENING_SOURCE);
    expect(Object.keys(data).sort()).toEqual([
      "matches",
      "nearMatches",
      "note",
      "query",
      "screeningOnly",
      "sourceFreshness",
      "summary",
    ]);
    expect(data.query).toEqual({
      address: LAZARUS_ETH,
      normalizedAddress: LAZARUS_ETH.toLowerCase(),
      addressFormat: "evm",
      asset: "ETH",
      assetTicker: "ETH",
      assetListed: true,
      listedAssets: ["ETH"],
    });
    expect(data.matches.map((m) => m.entityName)).toEqual(["Lazarus Group"]);
    expect(data.sourceFreshness).toMatchObject({
      sourceUrl: "embedded:sample",
      datasetPublishedAt: "2025-11-19T00:00:00.000Z",
      addressCount: 81,
      sample: true,
    });
    expect(data.sourceFreshness.coveredAssets).toContain("ETH");
  });

  it("answers what the GET screening answers for the same address: one builder, the same report", async () => {
    for (const address of [LAZARUS_ETH, CLEAR_ETH]) {
      expect(await run({ address })).toEqual(await ofacWalletScreen.run({ address }, deps));
    }
  });

  it("an asset the address is not listed under still answers match, saying where it is listed", async () => {
    const { data, report } = await run({ address: LAZARUS_ETH, asset: "XBT" });
    expect(data.summary.status).toBe("match");
    expect(data.matches.map((m) => m.entityName)).toEqual(["Lazarus Group"]);
    expect(data.query).toMatchObject({
      assetTicker: "XBT",
      assetListed: false,
      listedAssets: ["ETH"],
    });
    expect(data.query.note).toBe(
      "listed under ETH, not under XBT: an SDN's address is blocked whatever the asset",
    );
    const summary = report.executive_summary?.join("\n") ?? "";
    expect(summary).toContain("matches 1 OFAC SDN designation exactly");
    expect(summary).toContain("listed under ETH, not under XBT. It is a match all the same");
    // The outcome and the asset sentence (the standing notes below them explain "clear").
    expect(report.executive_summary?.slice(0, 2).join(" ")).not.toMatch(/no exact match|clear/i);
    expect(report.tables?.wallet_screening_query?.rows).toContainEqual({
      field: "Listed under the requested ticker",
      value: false,
    });
  });

  it("an unlisted address with an asset is clear under every ticker", async () => {
    const { data, report } = await run({ address: CLEAR_ETH, asset: "ETH" });
    expect(data.summary.status).toBe("clear");
    expect(data.query).toMatchObject({ assetListed: false, listedAssets: [] });
    expect(report.executive_summary?.[0]).toContain("no exact match");
    expect(report.executive_summary?.[0]).toContain("under any ticker");
  });

  it("a string that fails its checksum is refused (INVALID_ADDRESS), never reported clear", async () => {
    await expect(
      run({ address: "BC1Q3y5v2khlyvemcz042wl98dzflywr8ghglqws6s" }),
    ).rejects.toMatchObject({
      code: "INVALID_ADDRESS",
      message: expect.stringMatching(/is not a valid bech32 address: mixed case/),
    });
  });

  it("the body is strict and bounded", async () => {
    expect(inputIssues(WalletSanctionsReportInputSchema, { address: LAZARUS_ETH })).toEqual([]);
    expect(
      inputIssues(WalletSanctionsReportInputSchema, { address: LAZARUS_ETH, format: "pdf" }),
    ).toEqual([
      {
        path: "format",
        message: 'unknown member "format": this object accepts address, asset only',
      },
    ]);
    expect(inputIssues(WalletSanctionsReportInputSchema, {})).toEqual([
      { path: "address", message: expect.stringMatching(/^address is required: a string/) },
    ]);
    // Any string passes the schema; the index refuses what is no address, with its path.
    for (const address of ["", "x".repeat(257), "G", "0x12"]) {
      expect(inputIssues(WalletSanctionsReportInputSchema, { address })).toEqual([]);
      await expect(run({ address })).rejects.toMatchObject({
        code: "INVALID_ADDRESS",
        details: expect.objectContaining({ path: "address" }),
      });
    }
    expect(
      inputIssues(WalletSanctionsReportInputSchema, { address: LAZARUS_ETH, asset: "E" }),
    ).toEqual([{ path: "asset", message: "asset must be 2 to 12 characters" }]);
    for (const [body, got] of [
      [LAZARUS_ETH, "a string"],
      [null, "null"],
    ] as const) {
      expect(inputIssues(WalletSanctionsReportInputSchema, body)).toEqual([
        { path: "", message: `the request must be an object; got ${got}` },
      ]);
    }
  });
});
