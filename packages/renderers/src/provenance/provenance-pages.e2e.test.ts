import type { Report, ReportProvenance } from "@svc/report-model";
import { pdfPages } from "@svc/test-support/pdf-text";
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { renderDocx } from "../docx/render-docx.js";
import { renderPdf } from "../pdf/render-pdf.js";
import { fontRuns, scratch } from "../test-support/pdf-readback.js";
import { eddMemoReport } from "../test-support/sample-reports.js";
import { renderXlsx } from "../xlsx/render-xlsx.js";
import { CALLER_AUTHOR_LABEL, CALLER_CONTENT_NOTICE } from "./provenance-text.js";

/**
 * What each document says of its provenance, read back: the PDF with pdftotext page by page,
 * the DOCX's footer and body parts, the XLSX with exceljs (the Summary and every sheet's print
 * header). The service's read-back of whole documents through LibreOffice is in @svc/compliance.
 */

const FINGERPRINT = "36c517bd264d8d97eff353eadd8d84427d5eb293505a8ce07271a5bc258c3117";
const GROUPED = "36c5 17bd 264d 8d97 eff3 53ea dd8d 8442 7d5e b293 505a 8ce0 7271 a5bc 258c 3117";
const screening = { at: "2026-11-28T03:35:23Z", editionDate: "2025-11-19", editionSha256: null };

const memo = (provenance?: ReportProvenance): Report => {
  const report = eddMemoReport(100);
  return provenance === undefined ? report : { ...report, meta: { ...report.meta, provenance } };
};
const flat = (s: string) => s.replace(/\s+/g, " ");

describe("the PDF says its provenance", () => {
  it("a caller's content: the notice on every page, and no 'Prepared by'", async () => {
    const pages = pdfPages((await renderPdf(memo({ kind: "caller" }))).bytes).map(flat);
    expect(pages.length).toBeGreaterThan(2);
    for (const page of pages) expect(page).toContain(CALLER_CONTENT_NOTICE);
    expect(pages.join(" ")).not.toMatch(/prepared by/i);
    expect(pages[0]).toContain(CALLER_AUTHOR_LABEL.toUpperCase());
  });

  it("verified: the grouped fingerprint on every page, and when it was screened on page 1", async () => {
    const doc = await renderPdf(
      memo({ kind: "verified", fingerprint: FINGERPRINT, kid: "k1", screening }),
    );
    const pages = pdfPages(doc.bytes).map(flat);
    for (const page of pages) {
      expect(page).toContain(`Screening results verified against attestation ${GROUPED}`);
    }
    expect(pages[0]).toContain("Screened 2026-11-28 03:35:23 UTC");
    expect(pages[0]).toContain("PREPARED BY");
    // The fingerprint, in the box on page 1 and in every page's footer, in the monospace face,
    // whole (its groups never broken across lines); the words around it in the text face.
    const files = scratch("provenance-fonts-");
    try {
      const runs = fontRuns(files.save("verified.pdf", doc.bytes)).filter((r) =>
        r.text.replace(/\s/g, " ").includes(GROUPED.slice(0, 14)),
      );
      expect(runs.length).toBe(pages.length + 1);
      for (const run of runs) {
        expect(run.font).toBe("DejaVuSansMono");
        expect(run.text.replace(/\s/g, " ")).toContain(GROUPED);
      }
    } finally {
      files.remove();
    }
  });

  it("a mismatch: named on page 1 with what differs", async () => {
    const differences = ["0x098b…2f96: the report says clear, the attestation says match"];
    const pages = pdfPages(
      (await renderPdf(memo({ kind: "mismatch", fingerprint: FINGERPRINT, differences }))).bytes,
    ).map(flat);
    expect(pages[0]).toContain(`The attached attestation ${GROUPED} does not match these results`);
    expect(pages[0]).toContain(differences[0]);
    for (const page of pages) expect(page).toContain(CALLER_CONTENT_NOTICE);
  });

  it("a library call (no provenance) says nothing of it, as before", async () => {
    const pages = pdfPages((await renderPdf(memo())).bytes).map(flat);
    expect(pages.join(" ")).not.toContain(CALLER_CONTENT_NOTICE);
    expect(pages.join(" ")).not.toContain("verified against");
  });
});

describe("the DOCX says its provenance", () => {
  it("a caller's content: in the footer every page repeats, and no 'Prepared by'", async () => {
    const zip = await JSZip.loadAsync((await renderDocx(memo({ kind: "caller" }))).bytes);
    const footers = Object.keys(zip.files).filter((f) => /^word\/footer\d+\.xml$/.test(f));
    expect(footers.length).toBeGreaterThan(0);
    for (const name of footers) {
      expect(await zip.file(name)?.async("string")).toContain(CALLER_CONTENT_NOTICE);
    }
    const body = (await zip.file("word/document.xml")?.async("string")) ?? "";
    expect(body).toContain(CALLER_AUTHOR_LABEL);
    expect(body).not.toMatch(/Prepared by/);
  });
});

describe("the DOCX sets a verified attestation's fingerprint in the code font", () => {
  it("in the footer every page repeats: one Consolas run holds it whole, the words around it not", async () => {
    const doc = await renderDocx(
      memo({ kind: "verified", fingerprint: FINGERPRINT, kid: "k1", screening }),
    );
    const zip = await JSZip.loadAsync(doc.bytes);
    const footers = Object.keys(zip.files).filter((f) => /^word\/footer\d+\.xml$/.test(f));
    expect(footers.length).toBeGreaterThan(0);
    for (const name of footers) {
      const xml = (await zip.file(name)?.async("string")) ?? "";
      const runs = [...xml.matchAll(/<w:r>([\s\S]*?)<\/w:r>/g)].map((m) => m[1] ?? "");
      const holding = runs.filter((r) => r.includes(GROUPED));
      expect(holding).toHaveLength(1);
      expect(holding[0]).toMatch(/<w:rFonts [^>]*w:ascii="Consolas"/);
      const before = runs.find((r) => r.includes("verified against attestation"));
      expect(before).toBeDefined();
      expect(before).not.toMatch(/Consolas/);
    }
  });
});

describe("the XLSX says its provenance", () => {
  it("a caller's content: on the Summary and in the print header of every sheet", async () => {
    const wb = new ExcelJS.Workbook();
    const bytes = (await renderXlsx(memo({ kind: "caller" }))).bytes;
    await wb.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
    expect(wb.worksheets.length).toBeGreaterThan(1);
    for (const ws of wb.worksheets) {
      expect(ws.headerFooter.oddHeader).toContain(CALLER_CONTENT_NOTICE);
    }
    const summary = wb.worksheets[0] as ExcelJS.Worksheet;
    const cells: string[] = [];
    summary.eachRow((row) => {
      row.eachCell((cell) => {
        cells.push(String(cell.value));
      });
    });
    expect(cells).toContain(CALLER_CONTENT_NOTICE);
    expect(cells).toContain(CALLER_AUTHOR_LABEL);
    expect(cells).not.toContain("Prepared by");
  });
});
