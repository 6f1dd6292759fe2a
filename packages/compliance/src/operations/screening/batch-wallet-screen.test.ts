import { isOfacIndexError } from "@svc/ofac-index";
import { parseReport } from "@svc/report-model";
import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import type { ComplianceDeps } from "../../catalog/deps.js";
import { inputIssues } from "../../test-support/input-issues.js";
import { sampleDeps } from "../../test-support/sample-deps.js";
import { BatchWalletScreenInputSchema, batchWalletScreen } from "./batch-wallet-screen.js";
import { CLEAR_ETH, LAZARUS_ETH } from "./sample-addresses.js";

/** Two parties share this XBT address in the sample (Khatibi Aghada Ahmad, Nikaeen Ravari). */
const SHARED_XBT = "1H939dom7i4WDLCKyGbXUp3fs9CSTNRzgL";
const CLEAR_BTC = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";

let deps: ComplianceDeps;
beforeAll(async () => {
  deps = await sampleDeps();
});

const run = async (input: unknown) =>
  batchWalletScreen.run(v.parse(BatchWalletScreenInputSchema, input), deps);

describe("POST /api/workflows/compliance/batch-wallet-screen", () => {
  it("answers per wallet in request order with the batch decision", async () => {
    const addresses = [CLEAR_ETH, SHARED_XBT, CLEAR_BTC, LAZARUS_ETH];
    const { data, success } = await run({ addresses });
    expect(success).toBe(true);
    expect(Object.keys(data).sort()).toEqual([
      "query",
      "results",
      "screeningOnly",
      "sourceFreshness",
      "summary",
    ]);
    expect(data.query).toEqual({
      addresses,
      normalizedAddresses: [
        CLEAR_ETH.toLowerCase(),
        SHARED_XBT,
        CLEAR_BTC,
        LAZARUS_ETH.toLowerCase(),
      ],
      asset: null,
      assetTicker: null,
    });
    expect(data.results.map((r) => r.query.address)).toEqual(addresses);
    expect(data.results.map((r) => r.summary.status)).toEqual(["clear", "match", "clear", "match"]);
    expect(data.results[1]?.summary.matchCount).toBe(2);
    expect(data.summary).toEqual({
      totalScreened: 4,
      matchCount: 2,
      clearCount: 2,
      nearMatchCount: 0,
      manualReviewRecommended: true,
      workflowStatus: "manual_review_required",
    });
    expect(data.sourceFreshness.sample).toBe(true);
    expect(data.screeningOnly).toBe(true);
  });

  it("says screening_complete_no_exact_match when nothing matches", async () => {
    const { data, report } = await run({ addresses: [CLEAR_ETH, CLEAR_BTC] });
    expect(data.summary).toEqual({
      totalScreened: 2,
      matchCount: 0,
      clearCount: 2,
      nearMatchCount: 0,
      manualReviewRecommended: false,
      workflowStatus: "screening_complete_no_exact_match",
    });
    expect(report.headline_metrics?.[0]).toEqual({
      label: "Workflow status",
      value: "screening_complete_no_exact_match",
      kind: "status",
    });
  });

  it("an asset the wallet is not listed under still counts it as a match, and the report says so", async () => {
    const { data, report } = await run({ addresses: [LAZARUS_ETH, CLEAR_ETH], asset: "TRX" });
    expect(data.results.map((r) => r.summary.status)).toEqual(["match", "clear"]);
    expect(data.summary).toMatchObject({
      matchCount: 1,
      clearCount: 1,
      workflowStatus: "manual_review_required",
    });
    expect(report.tables?.batch_wallet_results?.rows?.[0]).toMatchObject({
      status: "match",
      listed_under: "ETH (not TRX)",
    });
    const summary = report.executive_summary?.join("\n") ?? "";
    expect(summary).toContain(
      `#1 ${LAZARUS_ETH}: Lazarus Group (DPRK3; listed 2019-09-13) (listed under ETH, not under TRX)`,
    );
    expect(summary).toContain(
      "1 matched wallet is listed only under other tickers and counts as a match all the same",
    );
    expect(summary).not.toMatch(/for designations under TRX only/);
  });

  it("a batch holding a string that fails its checksum is refused whole, with its position", async () => {
    await expect(
      run({ addresses: [CLEAR_ETH, "BC1Q3y5v2khlyvemcz042wl98dzflywr8ghglqws6s"] }),
    ).rejects.toMatchObject({ code: "INVALID_ADDRESS", details: { path: "addresses[1]" } });
  });

  it("reuses the index's batch result as it is (no second computation)", async () => {
    const addresses = [LAZARUS_ETH, CLEAR_ETH];
    expect((await run({ addresses, asset: "ETH" })).data).toEqual(
      deps.list.screenMany(addresses, { asset: "ETH" }),
    );
  });

  it("duplicates are allowed: each entry is reported at its position and counted", async () => {
    const addresses = [LAZARUS_ETH, CLEAR_ETH, LAZARUS_ETH.toLowerCase()];
    const { data, report } = await run({ addresses });
    expect(data.results.map((r) => r.summary.status)).toEqual(["match", "clear", "match"]);
    expect(data.summary).toMatchObject({ totalScreened: 3, matchCount: 2, clearCount: 1 });
    expect(report.tables?.batch_wallet_query?.rows).toContainEqual({
      field: "Distinct addresses",
      value: 2,
    });
    expect(report.executive_summary?.join(" ")).toContain(
      "1 submitted entry repeats an earlier address",
    );
  });

  it("reports with the deployed title, type and tables, without degradations", async () => {
    const { report, artifacts } = await run({ addresses: [LAZARUS_ETH, CLEAR_ETH] });
    expect(report.report_meta).toMatchObject({
      report_type: "ofac-wallet-screening-batch",
      title: "OFAC Batch Wallet Screening Report",
    });
    expect(Object.keys(report.tables ?? {})).toEqual([
      "batch_wallet_query",
      "batch_wallet_results",
      "source_freshness",
    ]);
    // The canonical forms differ from the addresses only by letter case: no second address column.
    expect(report.tables?.batch_wallet_results?.columns).not.toContain("normalized_address");
    expect(report.tables?.batch_wallet_results?.rows).toEqual([
      {
        position: 1,
        address: LAZARUS_ETH,
        status: "match",
        match_count: 1,
        manual_review_recommended: true,
        listed_under: "ETH",
        matched_entities: "Lazarus Group (DPRK3; listed 2019-09-13)",
      },
      {
        position: 2,
        address: CLEAR_ETH,
        status: "clear",
        match_count: 0,
        manual_review_recommended: false,
        listed_under: "",
        matched_entities: "",
      },
    ]);
    expect(report.tables?.source_freshness?.rows).toContainEqual({
      field: "Embedded sample (not the OFAC list)",
      value: true,
    });
    expect(artifacts.recommended_local_path).toMatch(
      /^reports\/ofac-batch-wallet-screening-report-/,
    );
    expect(parseReport(report, { accept: ["A"] }).degradations).toEqual([]);
  });

  it("bounds: 1 to 100 addresses, each a string (what is an address, screening decides), and no unknown members", async () => {
    const S = BatchWalletScreenInputSchema;
    expect(inputIssues(S, { addresses: [] })).toEqual([
      { path: "addresses", message: "addresses must hold 1 to 100 addresses" },
    ]);
    const hundred = Array.from({ length: 100 }, (_, i) => `0x${i.toString(16).padStart(40, "0")}`);
    expect(inputIssues(S, { addresses: hundred })).toEqual([]);
    expect((await run({ addresses: hundred })).data.summary.totalScreened).toBe(100);
    expect(inputIssues(S, { addresses: [...hundred, CLEAR_ETH] })).toEqual([
      { path: "addresses", message: "addresses must hold 1 to 100 addresses" },
    ]);
    expect(inputIssues(S, { addresses: [CLEAR_ETH, CLEAR_ETH, CLEAR_ETH, ""] })).toEqual([]);
    await expect(run({ addresses: [CLEAR_ETH, CLEAR_ETH, CLEAR_ETH, ""] })).rejects.toMatchObject({
      code: "INVALID_ADDRESS",
      details: expect.objectContaining({ path: "addresses[3]" }),
    });
    expect(inputIssues(S, { addresses: [CLEAR_ETH, 7] })).toEqual([
      { path: "addresses[1]", message: "each address must be a string; got a number" },
    ]);
    expect(inputIssues(S, { addresses: CLEAR_ETH })).toEqual([
      { path: "addresses", message: "addresses must be an array of strings" },
    ]);
    expect(inputIssues(S, { addresses: [CLEAR_ETH], output_format: "pdf" })).toEqual([
      {
        path: "output_format",
        message: 'unknown member "output_format": this object accepts addresses, asset only',
      },
    ]);
  });

  it("an address the index refuses fails the whole batch with its path", async () => {
    const invalid = run({ addresses: [CLEAR_ETH, LAZARUS_ETH, CLEAR_BTC, `${CLEAR_ETH}\u200b`] });
    await expect(invalid).rejects.toSatisfy(isOfacIndexError);
    await expect(invalid).rejects.toMatchObject({
      code: "INVALID_ADDRESS",
      details: { path: "addresses[3]" },
    });
    await expect(run({ addresses: [CLEAR_ETH], asset: "DOGE" })).rejects.toMatchObject({
      code: "UNSUPPORTED_ASSET",
    });
  });
});
