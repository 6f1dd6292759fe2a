import { parseReport, SAMPLE_EDITION_BANNER } from "@svc/report-model";
import JSZip from "jszip";
import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import type { ComplianceDeps } from "../../catalog/deps.js";
import { pdfPages } from "../../test-support/documents.js";
import { sampleDeps } from "../../test-support/sample-deps.js";
import { reportDocxGenerate } from "../documents/report-docx-generate.js";
import { reportPdfGenerate } from "../documents/report-pdf-generate.js";
import { batchScreeningReport } from "./batch-screening-report.js";
import { BatchWalletScreenInputSchema, batchWalletScreen } from "./batch-wallet-screen.js";
import { type EddDocumentAnswer, EddReportInputSchema, eddReport } from "./edd-report.js";
import { CLEAR_ETH, LAZARUS_ETH } from "./sample-addresses.js";
import { walletScreeningReport } from "./wallet-screening-report.js";

/**
 * Documents built on the embedded sample edition (what `sampleDeps` loads) must never pass for
 * the OFAC list: the report is flagged `sample_edition`, and every page of the rendered file
 * says "SAMPLE EDITION — NOT THE OFAC LIST". Each PDF page is read back on its own with
 * pdftotext, as a reviewer printing one page would see it.
 */

const BANNER = "SAMPLE EDITION — NOT THE OFAC LIST";

let deps: ComplianceDeps;
beforeAll(async () => {
  deps = await sampleDeps();
});

/** 100 wallets (the batch maximum): the listed and the clear one, then made-up clear ones. */
const HUNDRED = [
  LAZARUS_ETH,
  CLEAR_ETH,
  ...Array.from({ length: 98 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, "0")}`),
];

describe("reports built on the embedded sample edition", () => {
  it("the list is the sample, and the screening reports say so in report_meta", () => {
    expect(deps.list.freshness().sample).toBe(true);
    const one = walletScreeningReport(deps.list.screen(LAZARUS_ETH));
    expect(one.report_meta.sample_edition).toBe(true);
    const batch = deps.list.screenMany([LAZARUS_ETH, CLEAR_ETH]);
    expect(batchScreeningReport(batch).report_meta.sample_edition).toBe(true);
    expect(parseReport(batchScreeningReport(batch)).meta.sampleEdition).toBe(true);
  });

  it("a result from a list that is not the sample gives an unflagged report", () => {
    // The same screening, as if the published list had answered it.
    const result = deps.list.screen(LAZARUS_ETH);
    const published = { ...result, sourceFreshness: { ...result.sourceFreshness, sample: false } };
    expect(walletScreeningReport(published).report_meta).not.toHaveProperty("sample_edition");
    const batch = deps.list.screenMany([LAZARUS_ETH]);
    const batchPublished = {
      ...batch,
      sourceFreshness: { ...batch.sourceFreshness, sample: false },
    };
    expect(batchScreeningReport(batchPublished).report_meta).not.toHaveProperty("sample_edition");
    expect(parseReport(batchScreeningReport(batchPublished)).meta.sampleEdition).toBe(false);
  });

  it("a batch screening PDF carries the banner on every page", async () => {
    const answer = await batchWalletScreen.run(
      v.parse(BatchWalletScreenInputSchema, { addresses: HUNDRED }),
      deps,
    );
    expect(answer.report.report_meta.sample_edition).toBe(true);
    // Posted to the PDF route as it is, as a caller would.
    const pdf = await reportPdfGenerate.run(v.parse(reportPdfGenerate.input, answer.report), deps);
    const pages = pdfPages(pdf.data.artifact.contentBase64);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((text, i) => {
      expect(text, `page ${i + 1}`).toContain(BANNER);
      expect(text, `page ${i + 1}`).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    expect(pages.join("")).toContain("Lazarus Group");
  });

  it("a batch screening DOCX has the banner in the header of every section", async () => {
    const answer = await batchWalletScreen.run(
      v.parse(BatchWalletScreenInputSchema, { addresses: [LAZARUS_ETH, CLEAR_ETH] }),
      deps,
    );
    const docx = await reportDocxGenerate.run(
      v.parse(reportDocxGenerate.input, answer.report),
      deps,
    );
    const zip = await JSZip.loadAsync(Buffer.from(docx.data.artifact.contentBase64, "base64"));
    const document = (await zip.file("word/document.xml")?.async("string")) ?? "";
    const rels = (await zip.file("word/_rels/document.xml.rels")?.async("string")) ?? "";
    const refs = [...document.matchAll(/<w:headerReference w:type="default" r:id="([^"]+)"/g)];
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.length).toBe([...document.matchAll(/<w:sectPr>/g)].length);
    for (const [, id] of refs) {
      const target = new RegExp(`Id="${id}"[^>]*Target="([^"]+)"`).exec(rels)?.[1];
      const header = (await zip.file(`word/${target}`)?.async("string")) ?? "";
      expect(header, `${id} → ${target}`).toContain(SAMPLE_EDITION_BANNER);
    }
  });

  it("an EDD memo PDF carries the banner on every page", async () => {
    const answer = (await eddReport.run(
      v.parse(EddReportInputSchema, {
        subject_name: "Northwind OTC Ltd",
        case_name: "EDD - Northwind OTC onboarding",
        reference_id: "CASE-2026-0142",
        addresses: HUNDRED.slice(0, 40),
        output_format: "pdf",
      }),
      deps,
    )) as EddDocumentAnswer;
    const pages = pdfPages(answer.artifact.contentBase64);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((text, i) => {
      expect(text, `page ${i + 1}`).toContain(BANNER);
    });
    expect(pages.join("")).toContain("EDD - Northwind OTC onboarding");
  });

  it("the EDD memo's JSON report is flagged too", async () => {
    const answer = await eddReport.run(
      v.parse(EddReportInputSchema, {
        subject_name: "Northwind OTC Ltd",
        addresses: [LAZARUS_ETH],
        output_format: "json",
      }),
      deps,
    );
    expect("report" in answer && answer.report.report_meta.sample_edition).toBe(true);
  });
});
