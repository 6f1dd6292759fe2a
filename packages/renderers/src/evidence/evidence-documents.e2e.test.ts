import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  ATTESTATION_CARRIERS,
  attestationClaims,
  generateSigningKey,
  groupedFingerprint,
  publicJwks,
  type SigningKey,
  signAttestation,
  verifyAttestation,
} from "@svc/attestations";
import { parseReport, type Report } from "@svc/report-model";
import { officeMissingReason, officeToPdf } from "@svc/test-support/office";
import ExcelJS from "exceljs";
import type * as JsQr from "jsqr";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderDocx } from "../docx/render-docx.js";
import { renderPdf } from "../pdf/render-pdf.js";
import { renderXlsx } from "../xlsx/render-xlsx.js";

// Real readers only: poppler (pdfdetach, pdftotext, pdffonts, pdftoppm), unzip, LibreOffice,
// exceljs; the QR code is read from the rendered page's pixels (jsQR).

/** jsQR is CommonJS: its `module.exports` is the function its types call the default export. */
const jsQR = createRequire(import.meta.url)("jsqr") as typeof JsQr.default;

const dir = mkdtempSync(join(tmpdir(), "evidence-documents-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const run = (tool: string, args: string[]) =>
  execFileSync(tool, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });

/** A run of 64 or more base64url characters that is not a hex digest: a JWS on the page. */
export const BASE64_RUN = /[A-Za-z0-9_-]{64,}/g;
const base64Runs = (text: string) =>
  (text.match(BASE64_RUN) ?? []).filter((run) => !/^[0-9a-f]{64}$/.test(run));

/** The QR codes' text on page `page` of a PDF, read from its pixels at 150 dpi (grey PGM). */
function qrOnPage(pdf: string, page: number): string | null {
  const base = join(dir, `page-${page}`);
  execFileSync("pdftoppm", ["-gray", "-r", "150", "-f", `${page}`, "-l", `${page}`, pdf, base]);
  const file = run("ls", [dir])
    .split("\n")
    .find((f) => f.startsWith(`page-${page}`) && f.endsWith(".pgm"));
  const pgm = readFileSync(join(dir, file as string));
  const header = pgm.subarray(0, 40).toString("latin1").split(/\s+/);
  const [width, height] = [Number(header[1]), Number(header[2])];
  const pixels = pgm.subarray(pgm.length - width * height);
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    rgba.fill(pixels[i] as number, 4 * i, 4 * i + 3);
    rgba[4 * i + 3] = 255;
  }
  rmSync(join(dir, file as string));
  return jsQR(rgba, width, height)?.data ?? null;
}

let key: SigningKey;
let jws: string;
let report: Report;

beforeAll(async () => {
  key = await generateSigningKey();
  jws = await signAttestation(
    attestationClaims({
      baseUrl: "https://screening.example.com",
      issuedAt: new Date("2026-11-23T09:00:00Z"),
      screening: {
        query: { address: "0xabc", normalizedAddress: "0xabc", asset: null },
        summary: { status: "clear" },
        matches: [],
        sourceFreshness: {
          datasetSha256: "36c517bd264d8d97eff353eadd8d84427d5eb293505a8ce07271a5bc258c3117",
          datasetDate: "2025-11-19",
          sourceUrl: "https://sanctionslistservice.ofac.treas.gov/",
          sample: false,
        },
      } as never,
      payment: { transactionHash: `0x${"ab".repeat(32)}` },
    }),
    key,
  );
  report = parseReport({
    report_meta: { title: "Wallet screening", report_type: "ofac-wallet-screening" },
    executive_summary: ["0xabc has no exact match."],
    tables: {
      query: { columns: ["field", "value"], rows: [{ field: "Address", value: "0xabc" }] },
    },
    attestation: jws,
  });
});

/** What every document prints of the attestation. */
function expectEvidence(text: string): void {
  const a = report.attestation as NonNullable<Report["attestation"]>;
  const flat = text.replace(/\s+/g, " ");
  const groups = groupedFingerprint(a.fingerprint);
  expect(flat).toContain(groups.slice(0, 39));
  expect(flat).toContain(groups.slice(40));
  expect(flat).toContain(a.kid);
  expect(flat).toContain("2026-11-23 09:00:00 UTC");
  expect(flat).toContain("2025-11-19; SHA-256 of the SDN Advanced XML (uncompressed)");
  expect(flat).toContain(a.lookupUrl);
  expect(flat).toContain("--keys https://screening.example.com/.well-known/jwks.json");
  expect(base64Runs(text)).toEqual([]);
}

async function expectVerifies(extracted: string): Promise<void> {
  expect(extracted).toBe(jws);
  const verified = await verifyAttestation(extracted, publicJwks([key]));
  expect(verified.kid).toBe(key.kid);
}

describe("the attestation in a PDF", () => {
  it("is attached as attestation.jws, printed as its evidence, and its QR code reads the URL", async () => {
    const pdf = join(dir, "evidence.pdf");
    writeFileSync(pdf, (await renderPdf(report)).bytes);
    expect(run("pdfdetach", ["-list", pdf])).toContain(`1: ${ATTESTATION_CARRIERS.fileName}`);
    const saved = join(dir, "detached.jws");
    run("pdfdetach", ["-save", "1", "-o", saved, pdf]);
    await expectVerifies(readFileSync(saved, "utf8"));
    const text = run("pdftotext", ["-layout", pdf, "-"]);
    expectEvidence(text);
    expect(text).not.toContain(jws.slice(0, 40));
    expect(run("pdffonts", [pdf])).toContain("DejaVuSansMono");
    expect(qrOnPage(pdf, 1)).toBe(report.attestation?.lookupUrl);
  });

  it("carries nothing without an attestation", async () => {
    const pdf = join(dir, "plain.pdf");
    writeFileSync(pdf, (await renderPdf({ ...report, attestation: null })).bytes);
    expect(run("pdfdetach", ["-list", pdf])).toContain("0 embedded files");
    expect(run("pdftotext", [pdf, "-"])).not.toContain("Screening attestation");
  });
});

describe("the attestation in a DOCX", () => {
  it("is the package part /attestation/attestation.jws, named by a root relationship", async () => {
    const docx = join(dir, "evidence.docx");
    writeFileSync(docx, (await renderDocx(report)).bytes);
    await expectVerifies(run("unzip", ["-p", docx, "attestation/attestation.jws"]));
    const rels = run("unzip", ["-p", docx, "_rels/.rels"]);
    expect(rels).toContain(
      `Type="${ATTESTATION_CARRIERS.docxRelationshipType}" Target="attestation/attestation.jws"`,
    );
    expect(run("unzip", ["-p", docx, "[[]Content_Types].xml"])).toContain(
      `<Override PartName="/attestation/attestation.jws" ContentType="application/jose"/>`,
    );
    const xml = run("unzip", ["-p", docx, "word/document.xml"]);
    expectEvidence(xml.replace(/<[^>]+>/g, " "));
  });

  it.skipIf(Boolean(officeMissingReason()))(
    "opens in LibreOffice with the evidence and a QR code that reads the URL",
    async () => {
      const pdf = join(dir, "docx-as.pdf");
      writeFileSync(
        pdf,
        await officeToPdf({ bytes: (await renderDocx(report)).bytes, kind: "docx" }),
      );
      expectEvidence(run("pdftotext", ["-layout", pdf, "-"]));
      const pages = Number(/Pages:\s+(\d+)/.exec(run("pdfinfo", [pdf]))?.[1]);
      expect(qrOnPage(pdf, pages)).toBe(report.attestation?.lookupUrl);
    },
    180_000,
  );
});

describe("the attestation in an XLSX", () => {
  it("is on a very hidden sheet, and the evidence sheet prints its fingerprint", async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from((await renderXlsx(report)).bytes) as unknown as ArrayBuffer);
    const hidden = wb.getWorksheet(ATTESTATION_CARRIERS.xlsxSheetName);
    expect(hidden?.state).toBe("veryHidden");
    // Every sheet on A4, the hidden one too.
    for (const ws of wb.worksheets) expect(ws.pageSetup.paperSize, ws.name).toBe(9);
    const pieces: string[] = [];
    hidden?.eachRow((row, n) => {
      if (n > 1) pieces.push(String(row.getCell(1).value));
    });
    await expectVerifies(pieces.join(""));
    const evidence = wb.getWorksheet("Screening attestation");
    expect(evidence?.state).toBe("visible");
    const cells: string[] = [];
    evidence?.eachRow((row) => {
      row.eachCell((cell) => {
        cells.push(String(cell.value));
      });
    });
    expectEvidence(cells.join("\n"));
    expect(evidence?.getRow(2).getCell(2).font?.name).toBe("Consolas");
    // One line a row, none of a fixed height (so none clipped), and none wrapped.
    evidence?.eachRow((row) => {
      const value = row.getCell(2).value;
      if (typeof value === "string") expect(value).not.toContain("\n");
      if (row.number < evidence.rowCount) expect(row.height ?? 15).toBeLessThanOrEqual(15);
    });
  });

  it("carries the QR code's picture on the evidence sheet (its drawing and media parts)", async () => {
    const xlsx = join(dir, "evidence.xlsx");
    writeFileSync(xlsx, (await renderXlsx(report)).bytes);
    const parts = run("unzip", ["-Z1", xlsx]).split("\n");
    expect(parts).toEqual(
      expect.arrayContaining(["xl/media/qr-code-1.png", "xl/drawings/drawing1.xml"]),
    );
    const types = run("unzip", ["-p", xlsx, "[[]Content_Types].xml"]);
    expect(types).toContain('<Default Extension="png" ContentType="image/png"/>');
    expect(types).toContain('PartName="/xl/drawings/drawing1.xml"');
  });

  it.skipIf(Boolean(officeMissingReason()))(
    "opens in LibreOffice with the evidence whole on its lines and a QR code that reads the URL",
    async () => {
      const pdf = join(dir, "xlsx-as.pdf");
      writeFileSync(
        pdf,
        await officeToPdf({ bytes: (await renderXlsx(report)).bytes, kind: "xlsx" }),
      );
      const text = run("pdftotext", ["-layout", pdf, "-"]);
      expectEvidence(text);
      // The URL on one printed line, not cut across two.
      const url = report.attestation?.lookupUrl ?? "";
      expect(text.split("\n").some((line) => line.includes(url))).toBe(true);
      const pages = Number(/Pages:\s+(\d+)/.exec(run("pdfinfo", [pdf]))?.[1]);
      expect(qrOnPage(pdf, pages)).toBe(url);
    },
    180_000,
  );
});
