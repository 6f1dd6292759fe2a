import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SAMPLE_EDITION_BANNER } from "@svc/report-model";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ComplianceDeps } from "../../catalog/deps.js";
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
const dir = mkdtempSync(join(tmpdir(), "sample-edition-workflow-"));
beforeAll(async () => {
  deps = await sampleDeps();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** 60 wallets: the listed one, then made-up clear ones. */
const WALLETS = [
  LAZARUS_ETH,
  ...Array.from({ length: 59 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, "0")}`),
];

function pdfPages(base64: string, name: string): string[] {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, Buffer.from(base64, "base64"));
  const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
  const pages = Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1]);
  return Array.from({ length: pages }, (_, i) =>
    execFileSync("pdftotext", ["-enc", "UTF-8", "-f", `${i + 1}`, "-l", `${i + 1}`, file, "-"], {
      encoding: "utf8",
    }),
  );
}

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
    const pages = pdfPages(pdf.data.artifact.contentBase64, "forecast");
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
