import { SAMPLE_EDITION_BANNER } from "@svc/report-model";
import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import type { ComplianceDeps } from "../../catalog/deps.js";
import { pdfPages } from "../../test-support/documents.js";
import { sampleDeps } from "../../test-support/sample-deps.js";
import { reportPdfGenerate } from "../documents/report-pdf-generate.js";
import { LAZARUS_ETH } from "./example-addresses.js";
import { exposureForecast } from "./exposure-forecast.js";
import { queueOptimize } from "./queue-optimize.js";

/**
 * The forecast and the review queue screen every wallet against the served list; on the
 * embedded sample edition their reports are flagged `sample_edition`, so the documents made
 * from them carry "SAMPLE EDITION — NOT THE OFAC LIST" on every page.
 */

let deps: ComplianceDeps;
beforeAll(async () => {
  deps = await sampleDeps();
});

/** 60 wallets: the listed one, then made-up clear ones. */
const WALLETS = [
  LAZARUS_ETH,
  ...Array.from({ length: 59 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, "0")}`),
];

describe("forecast and queue reports on the embedded sample edition", () => {
  it("the forecast report is flagged, and its PDF says so on every page", async () => {
    expect(deps.list.freshness().sample).toBe(true);
    const answer = await exposureForecast.run(
      v.parse(exposureForecast.input, { addresses: WALLETS, horizon_days: 90, iterations: 2_000 }),
      deps,
    );
    expect(answer.report.report_meta).toMatchObject({
      report_type: "compliance-exposure-forecast",
      sample_edition: true,
    });
    const pdf = await reportPdfGenerate.run(v.parse(reportPdfGenerate.input, answer.report), deps);
    const pages = pdfPages(pdf.data.artifact.contentBase64);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((text, i) => {
      expect(text, `page ${i + 1}`).toContain(SAMPLE_EDITION_BANNER);
    });
  });

  it("the review-queue report is flagged", async () => {
    const answer = await queueOptimize.run(
      // The route's own example: three wallets, one of them listed.
      v.parse(queueOptimize.input, queueOptimize.inputExample),
      deps,
    );
    expect(answer.report.report_meta).toMatchObject({
      report_type: "compliance-review-queue-optimizer",
      sample_edition: true,
    });
  });
});
