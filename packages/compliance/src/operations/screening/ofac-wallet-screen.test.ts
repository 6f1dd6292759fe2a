import { isOfacIndexError, OfacIndexError } from "@svc/ofac-index";
import { ListLoader } from "@svc/ofac-index/node";
import { parseReport } from "@svc/report-model";
import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import type { ComplianceDeps } from "../../catalog/deps.js";
import { inputIssues } from "../../test-support/input-issues.js";
import { sampleDeps } from "../../test-support/sample-deps.js";
import { DOCUMENT_ENDPOINTS } from "./envelope.js";
import { ofacWalletScreen, WalletScreenInputSchema } from "./ofac-wallet-screen.js";
import { CLEAR_ETH, LAZARUS_ETH } from "./sample-addresses.js";
import { SCREENING_NOTE, SCREENING_SOURCE } from "./screening-constants.js";

let deps: ComplianceDeps;
beforeAll(async () => {
  deps = await sampleDeps();
});

const run = async (input: unknown) =>
  ofacWalletScreen.run(v.parse(WalletScreenInputSchema, input), deps);

describe("GET /api/ofac-wallet-screen/:address", () => {
  it("answers the screening envelope: data, report, artifacts and the list as source", async () => {
    const answer = await run({ address: LAZARUS_ETH });
    expect(Object.keys(answer).sort()).toEqual([
      "artifacts",
      "data",
      "report",
      "source",
      "success",
    ]);
    expect(answer.success).toBe(true);
    expect(answer.source).toBe(SCREENING_SOURCE);
    expect(answer.data.summary).toEqual({
      status: "match",
      matchCount: 1,
      exactAddressMatch: true,
      manualReviewRecommended: true,
      nearMatchCount: 0,
    });
    expect(answer.data.matches[0]).toMatchObject({
      entityName: "Lazarus Group",
      listName: "SDN List",
      listedOn: "2019-09-13",
      programs: ["DPRK3"],
      sourceType: "Digital Currency Address - ETH",
    });
    expect(answer.data.note).toBe(SCREENING_NOTE);
    expect(answer.data.screeningOnly).toBe(true);
    expect(answer.data.sourceFreshness).toMatchObject({ sample: true, datasetDate: "2025-11-19" });
    expect(answer.artifacts).toEqual({
      recommended_local_path: expect.stringMatching(
        /^reports\/ofac-wallet-screening-report-\d{4}-\d{2}-\d{2}$/,
      ),
      document_endpoints: DOCUMENT_ENDPOINTS,
    });
  });

  it("reports with the deployed title, type and tables, parsed without degradations", async () => {
    const { report } = await run({ address: LAZARUS_ETH });
    expect(report.report_meta).toMatchObject({
      report_type: "ofac-wallet-screening",
      title: "OFAC Wallet Screening Report",
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(Object.keys(report.tables ?? {})).toEqual([
      "wallet_screening_query",
      "wallet_screening_matches",
      "source_freshness",
    ]);
    expect(report.tables?.wallet_screening_matches?.rows[0]).toMatchObject({
      entity_name: "Lazarus Group",
      programs: "DPRK3",
      listed_on: "2019-09-13",
    });
    expect(report.executive_summary?.[0]).toContain("Lazarus Group");
    expect(report.executive_summary).toContain(SCREENING_NOTE);
    const parsed = parseReport(report, { accept: ["A"] });
    expect(parsed.degradations).toEqual([]);
  });

  it("a clear wallet: no matches, an empty match table, and the sample notice in the summary", async () => {
    const { data, report } = await run({ address: CLEAR_ETH });
    expect(data.summary.status).toBe("clear");
    expect(data.summary.manualReviewRecommended).toBe(false);
    expect(data.matches).toEqual([]);
    expect(report.tables?.wallet_screening_matches?.rows).toEqual([]);
    expect(report.executive_summary?.join(" ")).toContain("EMBEDDED SAMPLE EDITION");
    expect(parseReport(report).degradations).toEqual([]);
  });

  it("refuses unknown query members with their path", async () => {
    expect(inputIssues(WalletScreenInputSchema, { address: LAZARUS_ETH, chain: "eth" })).toEqual([
      {
        path: "chain",
        message: 'unknown member "chain": this object accepts address, asset only',
      },
    ]);
  });

  it("lets the index's errors through: a blank address, an uncovered asset, no list", async () => {
    // The schema takes any string; the index refuses a blank one (INVALID_ADDRESS, its path).
    expect(inputIssues(WalletScreenInputSchema, { address: "   " })).toEqual([]);
    const blank = async () => ofacWalletScreen.run({ address: "   " }, deps);
    await expect(blank()).rejects.toSatisfy(
      (e) => isOfacIndexError(e) && e.code === "INVALID_ADDRESS" && e.details?.path === "address",
    );
    await expect(run({ address: LAZARUS_ETH, asset: "DOGE" })).rejects.toMatchObject({
      code: "UNSUPPORTED_ASSET",
    });
    const noList = { ...deps, list: new ListLoader() };
    const refused = async () => ofacWalletScreen.run({ address: LAZARUS_ETH }, noList);
    await expect(refused()).rejects.toBeInstanceOf(OfacIndexError);
    await expect(refused()).rejects.toMatchObject({ code: "LIST_UNAVAILABLE" });
  });
});
