import { attestationClaims, generateSigningKey, signAttestation } from "@svc/attestations";
import { parseReport, type Report } from "@svc/report-model";
import { pdfPages } from "@svc/test-support/pdf-text";
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { beforeAll, describe, expect, it } from "vitest";
import { renderDocx } from "../docx/render-docx.js";
import { KEEP_ROWS } from "../docx/sign-off.js";
import { renderPdf } from "../pdf/render-pdf.js";
import { renderXlsx } from "../xlsx/render-xlsx.js";
import { ONE_PAGE_ROWS } from "../xlsx/sign-off-sheet.js";

/**
 * The sign-off form of a report as each renderer prints it: one page with the attestation's
 * evidence (PDF read page by page with pdftotext; the DOCX's rows unsplittable and paragraphs
 * kept with the next; the XLSX's sheet printed on one page), every box empty, every line blank.
 * A form of more rows than a page holds lets its rows run over pages, its approval lines still
 * on the page of the evidence. The memos on OFAC's real edition, through LibreOffice too, are
 * read back in @svc/compliance (edd-sign-off.e2e.test.ts).
 */

const MONERO =
  "49HqitRzdnhYjgTEAhgGpCfsjdTeMbUTU6cyR4JV1R7k2Eej9rGT8JpFiYDa4tZM6RZiFrHmMzgSrhHEqpDYKBe5B2ufNsL";
const wallet = (i: number) => `0x${(i + 1).toString(16).padStart(40, "a")}`;

let jws: string;
beforeAll(async () => {
  jws = await signAttestation(
    attestationClaims({
      baseUrl: "https://screening.example.com",
      issuedAt: new Date("2026-11-23T09:00:00Z"),
      screening: {
        query: { address: MONERO, normalizedAddress: MONERO, asset: null },
        summary: { status: "match" },
        matches: [{ entryId: "1", asset: "XMR" }],
        sourceFreshness: {
          datasetSha256: "36c517bd264d8d97eff353eadd8d84427d5eb293505a8ce07271a5bc258c3117",
          datasetDate: "2025-11-19",
          sourceUrl: "https://sanctionslistservice.ofac.treas.gov/",
          sample: false,
        },
      } as never,
      payment: { transactionHash: `0x${"ab".repeat(32)}` },
    }),
    await generateSigningKey(),
  );
});

/** A memo-like report whose form has `rows` rows (the first a Monero match). */
function formReport(rows: number, attested = true): Report {
  return parseReport({
    report_meta: { title: "Sign-off", report_type: "enhanced-due-diligence" },
    executive_summary: ["A memo."],
    tables: {
      results: {
        columns: ["position", "address", "status"],
        rows: Array.from({ length: 30 }, (_, i) => ({
          position: i + 1,
          address: wallet(i),
          status: "clear",
        })),
      },
    },
    sign_off: {
      statement: "I have reviewed the screening results and record the disposition below.",
      dispositions: Array.from({ length: rows }, (_, i) =>
        i === 0
          ? {
              position: 1,
              address: MONERO,
              finding: "match",
              party: "Lazarus Group",
              options: ["Confirmed match", "False positive"],
            }
          : {
              position: i + 1,
              address: wallet(i),
              finding: "near_match",
              options: ["Distinct address", "Typo or altered copy"],
            },
      ),
      approvals: [
        { role: "Reviewer" },
        { role: "Second-level approval", note: "required for a match" },
      ],
    },
    ...(attested ? { attestation: jws } : {}),
  });
}

const pagesHolding = (pages: readonly string[], words: string) =>
  pages.flatMap((p, i) => (p.includes(words) ? [i + 1] : []));

describe("the sign-off form in a PDF", () => {
  it("is one page with the evidence: statement, each row, the approval lines, the fingerprint", async () => {
    const report = formReport(8);
    const pages = pdfPages((await renderPdf(report)).bytes, { layout: true });
    const [page] = pagesHolding(pages, "Reviewer sign-off");
    expect(pagesHolding(pages, "Reviewer sign-off")).toHaveLength(1);
    const text = pages[(page as number) - 1] as string;
    expect(text).toContain("I have reviewed the screening results");
    expect(text).toContain(`#1 ${MONERO}`); // whole, on one line
    for (let i = 1; i < 8; i++) expect(text).toContain(`#${i + 1} ${wallet(i)}`);
    expect(text.match(/Typo or altered copy/g)).toHaveLength(7);
    expect(text).toContain("Second-level approval (required");
    expect(text).toContain("Screening attestation");
    expect(text).toContain(report.attestation?.fingerprint.slice(0, 4) ?? "none");
    expect(pagesHolding(pages, "Screening attestation")).toEqual([page]);
  });

  it("without an attestation, the form alone, and no evidence anywhere", async () => {
    const pages = pdfPages((await renderPdf(formReport(3, false))).bytes);
    expect(pagesHolding(pages, "Reviewer sign-off")).toHaveLength(1);
    expect(pagesHolding(pages, "Screening attestation")).toEqual([]);
  });

  it("of 60 rows runs its rows over pages; the approval lines stay on the evidence's page", async () => {
    const pages = pdfPages((await renderPdf(formReport(60))).bytes, { layout: true });
    const rows = pages.flatMap((p, i) => (/#\d+ 0x/.test(p) ? [i + 1] : []));
    expect(new Set(rows).size).toBeGreaterThan(1);
    for (let i = 1; i < 60; i++) {
      expect(pages.some((p) => p.includes(`#${i + 1} ${wallet(i)}`))).toBe(true);
    }
    const evidence = pagesHolding(pages, "Screening attestation");
    expect(evidence).toHaveLength(1);
    expect(pagesHolding(pages, "Second-level approval")).toEqual(evidence);
    // Every page of rows starts with the table's header, and the rows follow one another.
    const header = pagesHolding(pages, "Wallet, finding and disposition (tick one)");
    expect(header).toEqual([...new Set(rows)]);
    const page = pages[(rows[0] as number) - 1] as string;
    const lines = page.split("\n").filter((l) => /^\s*#\d+ 0x/.test(l));
    const gaps = lines.map((l) => page.split("\n").indexOf(l));
    // One row's address line to the next: its finding line between, no blank gap beyond it.
    for (let i = 1; i < gaps.length; i++) {
      expect((gaps[i] as number) - (gaps[i - 1] as number)).toBeLessThanOrEqual(3);
    }
  });
});

describe("the sign-off form in a DOCX", () => {
  async function documentXml(report: Report): Promise<string> {
    const zip = await JSZip.loadAsync((await renderDocx(report)).bytes);
    return (await zip.file("word/document.xml")?.async("string")) ?? "";
  }

  it("has unsplittable rows and paragraphs kept with the next, up to the evidence", async () => {
    const xml = await documentXml(formReport(8));
    const at = xml.indexOf("Reviewer sign-off");
    const end = xml.indexOf("Screening attestation");
    expect(at).toBeGreaterThan(0);
    expect(end).toBeGreaterThan(at);
    const block = xml.slice(at, end);
    const rows = block.match(/<w:tr>|<w:tr [^>]*>/g) ?? [];
    // Header, 8 rows, header, 2 approval lines: every one unsplittable.
    expect(rows).toHaveLength(12);
    expect(block.match(/<w:cantSplit\/>/g)).toHaveLength(12);
    const paragraphs = block.match(/<w:p>[\s\S]*?<\/w:p>|<w:p [^>]*>[\s\S]*?<\/w:p>/g) ?? [];
    const loose = paragraphs.filter((p) => !p.includes("<w:keepNext/>"));
    expect(loose).toEqual([]);
    expect(block).toContain(MONERO);
    expect(block).not.toMatch(/\u2611|\u2612/); // no box ticked
  });

  it(`of more than ${KEEP_ROWS} rows lets the rows run, the approval lines still kept with the evidence`, async () => {
    const xml = await documentXml(formReport(KEEP_ROWS + 5));
    const block = xml.slice(xml.indexOf("Reviewer sign-off"), xml.indexOf("Screening attestation"));
    const approvals = block.slice(block.lastIndexOf("Approval"));
    const paragraphs = approvals.match(/<w:p>[\s\S]*?<\/w:p>|<w:p [^>]*>[\s\S]*?<\/w:p>/g) ?? [];
    expect(paragraphs.every((p) => p.includes("<w:keepNext/>"))).toBe(true);
    expect(block.indexOf(wallet(3))).toBeGreaterThan(0);
  });
});

describe("the sign-off form in an XLSX", () => {
  it("is a sheet printed on one page (print area, fit to 1 × 1) with the evidence under the form", async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from((await renderXlsx(formReport(8))).bytes) as never);
    expect(wb.getWorksheet("Screening attestation")).toBeUndefined();
    const sheet = wb.getWorksheet("Reviewer sign-off");
    expect(sheet?.pageSetup).toMatchObject({ fitToPage: true, fitToWidth: 1, fitToHeight: 1 });
    expect(sheet?.pageSetup.printArea).toBe(`A1:E${sheet?.rowCount}`);
    const cells: string[] = [];
    sheet?.eachRow((row) => {
      row.eachCell((cell) => {
        cells.push(String(cell.value));
      });
    });
    const text = cells.join("\n");
    expect(text).toContain(MONERO);
    expect(text).toContain("Second-level approval (required for a match)");
    expect(text).toContain("Screening attestation");
    expect(text).toContain("Fingerprint (SHA-256 of the JWS)");
  });

  it("without a sign-off, the evidence keeps its own sheet", async () => {
    const { signOff: _none, ...report } = formReport(1);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from((await renderXlsx(report)).bytes) as never);
    expect(wb.getWorksheet("Reviewer sign-off")).toBeUndefined();
    expect(wb.getWorksheet("Screening attestation")?.state).toBe("visible");
  });
});

describe("a long sign-off form in an XLSX", () => {
  it(`of more than ${ONE_PAGE_ROWS} rows prints one page wide, as many tall as it takes`, async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(
      Buffer.from((await renderXlsx(formReport(ONE_PAGE_ROWS + 1))).bytes) as never,
    );
    const sheet = wb.getWorksheet("Reviewer sign-off");
    expect(sheet?.pageSetup).toMatchObject({ fitToPage: true, fitToWidth: 1, fitToHeight: 0 });
    expect(sheet?.pageSetup.printArea).toBe(`A1:E${sheet?.rowCount}`);
  });
});
