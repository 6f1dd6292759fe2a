import { officeMissingReason, officeToPdf } from "@svc/test-support/office";
import { pdfPages } from "@svc/test-support/pdf-text";
import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import type { ComplianceDeps } from "../../catalog/deps.js";
import { REQUESTS, realEditionDeps } from "../../test-support/document-set.mjs";
import { reportDocxGenerate } from "../documents/report-docx-generate.js";
import { reportPdfGenerate } from "../documents/report-pdf-generate.js";
import { reportXlsxGenerate } from "../documents/report-xlsx-generate.js";
import { xlsxWorkbook } from "../documents/test-support/read-workbook.js";
import { exposureForecast } from "./exposure-forecast.js";
import { queueOptimize } from "./queue-optimize.js";

/**
 * Page 1 of the exposure forecast and of the review queue (the read-back set's requests, on
 * OFAC's real 2025-11-19 edition) says what their figures rest on before any figure: the assumed
 * base hazard, the horizon and what a hit is, and each headline figure says "at an assumed base
 * hazard of 1 in 20,000" (the forecast) or "at 1 in 20,000" (the queue's one-line labels) beside it. Read back as printed: the PDF with pdftotext, the DOCX
 * printed by LibreOffice, the XLSX's Summary with exceljs.
 */

const NO_OFFICE = officeMissingReason();
if (NO_OFFICE !== undefined && process.env.CI === "true") {
  throw new Error(`CI must run the DOCX read-back: ${NO_OFFICE}`);
}
const TIMEOUT_MS = 180_000;
/** What a headline figure says beside it: the forecast's words, or the queue's short form. */
const ASSUMED = /at (?:an assumed base hazard of )?1 in 20,000/;
const OPENING = "Every figure below rests on an assumed base hazard, not on data";

let deps: ComplianceDeps;
const reports: Record<string, unknown> = {};

beforeAll(async () => {
  deps = await realEditionDeps();
  const forecast = v.parse(exposureForecast.input, REQUESTS.forecast);
  reports.forecast = (await exposureForecast.run(forecast, deps)).report;
  reports.queue = (
    await queueOptimize.run(v.parse(queueOptimize.input, REQUESTS.queue), deps)
  ).report;
}, TIMEOUT_MS);

const flat = (s: string) => s.replace(/\s+/g, " ");

describe.each(["forecast", "queue"])("the %s's page 1", (name) => {
  it("pdf: opens with the assumption, and the headline figures carry it", async () => {
    const answer = await reportPdfGenerate.run(
      v.parse(reportPdfGenerate.input, reports[name]),
      deps,
    );
    const first = flat(
      pdfPages(Buffer.from(answer.data.artifact.contentBase64, "base64"))[0] ?? "",
    );
    expect(first).toContain(OPENING);
    expect(first).toContain("1 in 20,000 for each address the list adds");
    expect(first).toMatch(/a hit is a wallet here becoming an exact match within \d+ days/);
    expect(first.indexOf(OPENING)).toBeLessThan(first.indexOf("%"));
    expect(first.slice(first.indexOf(OPENING) + OPENING.length)).toMatch(ASSUMED);
  });

  it.skipIf(NO_OFFICE !== undefined)(
    "docx: the same, as LibreOffice prints it",
    async () => {
      const answer = await reportDocxGenerate.run(
        v.parse(reportDocxGenerate.input, reports[name]),
        deps,
      );
      const pdf = await officeToPdf({
        bytes: Buffer.from(answer.data.artifact.contentBase64, "base64"),
        kind: "docx",
      });
      const first = flat(pdfPages(pdf)[0] ?? "");
      expect(first).toContain(OPENING);
      expect(first.slice(first.indexOf(OPENING) + OPENING.length)).toMatch(ASSUMED);
    },
    TIMEOUT_MS,
  );

  it("xlsx: the Summary says it before the metrics, and beside each headline figure", async () => {
    const answer = await reportXlsxGenerate.run(
      v.parse(reportXlsxGenerate.input, reports[name]),
      deps,
    );
    const summary = (await xlsxWorkbook(answer.data.artifact.contentBase64)).worksheets[0];
    const lines = Array.from({ length: summary?.rowCount ?? 0 }, (_, r) =>
      (summary?.getRow(r + 1).values ?? [])
        .filter((x) => x !== undefined)
        .map(String)
        .join(" "),
    );
    const opening = lines.findIndex((l) => l.includes(OPENING));
    const firstFigure = lines.findIndex((l) => ASSUMED.test(l) && !l.includes(OPENING));
    expect(opening).toBeGreaterThan(-1);
    expect(firstFigure).toBeGreaterThan(opening);
  });
});
