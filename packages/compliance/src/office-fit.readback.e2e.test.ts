import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateSigningKey } from "@svc/attestations";
import { officeMissingReason, officeToPdf } from "@svc/test-support/office";
import { pdfPages } from "@svc/test-support/pdf-text";
import { beforeAll, describe, expect, it } from "vitest";
import { attesterFor, authorizationPayment } from "./attestation/attest.js";
import { xlsxWorkbook } from "./operations/documents/test-support/read-workbook.js";
import { base64Runs } from "./test-support/attached-attestation.js";
import { documentSet, realEditionDeps, type SetDocument } from "./test-support/document-set.mjs";

/**
 * Issue 29, "documents fit to file": the DOCX and XLSX as LibreOffice prints them, made on the
 * real 2025-11-19 edition (the review queue, the batch screen and the EDD memo), read back with
 * `pdftotext -layout` and `pdffonts`:
 *
 * - no rank prints against an address ("1123WBUD…") and no amount against a word
 *   ("$1,800,000.00Yes"): each screened wallet stands apart from what is before it;
 * - no text falls back to a serif (a font the file leaves unnamed): every face printed is the
 *   body's (Carlito, for Calibri) or the monospace one (DejaVu Sans Mono);
 * - no printed cell is clipped by its row's height: every word of every visible sheet's text
 *   prints, and no page holds base64 (the JWS rides a very hidden sheet);
 * - a Word document leaves no page but its last nearly empty, and its page 1 says its title
 *   block in the order the PDF does.
 *
 * The documents are made with the packages' builds (@svc/compliance, @svc/renderers): rebuild
 * after changing their source. Where LibreOffice is missing these are skipped, saying why (CI
 * installs it).
 */

const NO_OFFICE = officeMissingReason();
if (NO_OFFICE !== undefined && process.env.CI === "true") {
  throw new Error(`CI must run the DOCX and XLSX read-back: ${NO_OFFICE}`);
}
const WHY = NO_OFFICE === undefined ? "" : ` (skipped: ${NO_OFFICE})`;
const PRINT_TIMEOUT_MS = 180_000;

const DOCUMENTS = /^(queue-report\.xlsx|batch-report\.(xlsx|docx|pdf)|edd-memo\.(docx|pdf))$/;

let documents: SetDocument[] = [];
const printed = new Map<string, Promise<Buffer>>();

beforeAll(async () => {
  const key = await generateSigningKey();
  const attest = attesterFor({
    key,
    baseUrl: "https://screening.example.com",
    payment: authorizationPayment({
      network: "eip155:84532",
      asset: "0x036cbd53842c5426634e7929541ec2318f3dcf7e",
      payer: "0x7e5f4552091a69125d5dfcb7b8c2659029395bdf",
      nonce: `0x${"5a".repeat(32)}`,
    }),
  });
  documents = await documentSet(await realEditionDeps(), { attest, only: DOCUMENTS });
  // One conversion after another: the machine's cores are shared.
  let queue: Promise<unknown> = Promise.resolve();
  for (const d of documents) {
    if (d.format === "pdf") {
      printed.set(d.name, Promise.resolve(d.bytes));
      continue;
    }
    const pdf = queue.then(() =>
      NO_OFFICE === undefined
        ? officeToPdf({ bytes: d.bytes, kind: d.format === "docx" ? "docx" : "xlsx" })
        : Promise.reject(new Error(NO_OFFICE)),
    );
    queue = pdf.catch(() => undefined);
    pdf.catch(() => undefined);
    printed.set(d.name, pdf);
  }
}, PRINT_TIMEOUT_MS);

const documentNamed = (name: string): SetDocument => {
  const found = documents.find((d) => d.name === name);
  if (found === undefined) throw new Error(`the document set has no ${name}`);
  return found;
};

async function printedPdf(name: string): Promise<Buffer> {
  const pdf = await printed.get(name);
  if (pdf === undefined) throw new Error(`${name} was not printed`);
  return pdf;
}

/** The fonts of a PDF, as `pdffonts` names them (subset prefix dropped). */
function pdfFonts(pdf: Buffer): string[] {
  const dir = mkdtempSync(join(tmpdir(), "svc-fonts-"));
  try {
    const file = join(dir, "document.pdf");
    writeFileSync(file, pdf);
    return execFileSync("pdffonts", [file], { encoding: "utf8" })
      .split("\n")
      .slice(2)
      .map((line) => line.split(/\s+/)[0] ?? "")
      .filter((name) => name !== "")
      .map((name) => name.replace(/^[A-Z]{6}\+/, ""));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Where printed text runs together: a screened wallet with a letter, digit or sign right before
 * it ("1123WBUD…", "$5.00bc1q…"), or an amount with a letter right after it ("$1,800,000.00Yes").
 */
function runOns(pages: readonly string[], addresses: readonly string[]): string[] {
  const found: string[] = [];
  const lines = pages.flatMap((page) => page.split("\n"));
  for (const line of lines) {
    for (const address of addresses) {
      for (let at = line.indexOf(address); at >= 0; at = line.indexOf(address, at + 1)) {
        const before = line.slice(0, at);
        if (/[\p{L}\p{N}$%.]$/u.test(before)) found.push(`${before.slice(-12)}${address}`);
      }
    }
    // A word, not an abbreviation's letter ("$2.5M", "$12.5k").
    for (const m of line.matchAll(/\$[\d,]+(?:\.\d+)?\p{L}{2,}/gu)) found.push(m[0]);
  }
  return found;
}

describe("the read-back's own rules", () => {
  it("finds a rank against an address and an amount against a word, nothing else", () => {
    const page = [
      "  1123WBUDmSJv4GctdVEz6Qq6z8nXSKrJ4KX   Match",
      "  2 0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe  $1,800,000.00Yes",
      "  3 0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe  $1,800,000.00 Yes",
    ].join("\n");
    expect(
      runOns(
        [page],
        ["123WBUDmSJv4GctdVEz6Qq6z8nXSKrJ4KX", "0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe"],
      ),
    ).toEqual(["  1123WBUDmSJv4GctdVEz6Qq6z8nXSKrJ4KX", "$1,800,000.00Yes"]);
  });
});

describe("the workbooks as LibreOffice prints them", () => {
  for (const name of ["queue-report.xlsx", "batch-report.xlsx"]) {
    const run = NO_OFFICE === undefined ? it : it.skip;
    run(
      `${name}: no rank runs into an address, no amount into a word${WHY}`,
      async () => {
        const pages = pdfPages(await printedPdf(name), { layout: true });
        expect(runOns(pages, documentNamed(name).addresses)).toEqual([]);
      },
      PRINT_TIMEOUT_MS,
    );
    run(
      `${name}: every word of every visible sheet prints (no cell clipped), and no base64${WHY}`,
      async () => {
        const d = documentNamed(name);
        const text = pdfPages(await printedPdf(name)).join("\n");
        const printedWords = new Set(text.split(/\s+/));
        const workbook = (await xlsxWorkbook(d.bytes.toString("base64"))) as Awaited<
          ReturnType<typeof xlsxWorkbook>
        > & { worksheets: readonly { state?: string }[] };
        const missing: string[] = [];
        let checked = 0;
        for (const sheet of workbook.worksheets) {
          if ((sheet as { state?: string }).state !== "visible") continue;
          for (let n = 1; n <= sheet.rowCount; n++) {
            for (const value of sheet.getRow(n).values) {
              if (typeof value !== "string") continue;
              for (const word of value.split(/\s+/)) {
                if (word === "") continue;
                checked++;
                if (!printedWords.has(word)) missing.push(`${sheet.name}!${n}: ${word}`);
              }
            }
          }
        }
        expect(checked).toBeGreaterThan(500);
        expect(missing).toEqual([]);
        expect(base64Runs(text, d.addresses)).toEqual([]);
      },
      PRINT_TIMEOUT_MS,
    );
    run(
      `${name}: every face printed is named by the file: no serif fallback${WHY}`,
      async () => {
        const fonts = pdfFonts(await printedPdf(name));
        expect(fonts.length).toBeGreaterThan(0);
        for (const font of fonts) expect(font).toMatch(/^(Carlito|DejaVuSansMono)(-|$)/);
      },
      PRINT_TIMEOUT_MS,
    );
  }
});

/** Lines of a page that print something (the running header and footer count too). */
const printedLines = (page: string): number =>
  page.split("\n").filter((line) => line.trim() !== "").length;

/**
 * A page is nearly empty with fewer printed lines than this: its running header and footer
 * (three lines) and a heading or two, what a forced page break leaves behind.
 */
const NEARLY_EMPTY = 10;

describe("the Word documents as LibreOffice prints them", () => {
  for (const name of ["edd-memo.docx", "batch-report.docx"]) {
    const run = NO_OFFICE === undefined ? it : it.skip;
    run(
      `${name}: no page but the last is nearly empty${WHY}`,
      async () => {
        const pages = pdfPages(await printedPdf(name), { layout: true });
        const counts = pages.map(printedLines);
        expect(
          counts.slice(0, -1).filter((n) => n < NEARLY_EMPTY),
          `printed lines by page: ${counts.join(", ")}`,
        ).toEqual([]);
      },
      PRINT_TIMEOUT_MS,
    );
    run(
      `${name}: every face printed is named by the file: no serif fallback${WHY}`,
      async () => {
        for (const font of pdfFonts(await printedPdf(name))) {
          expect(font).toMatch(/^(Carlito|DejaVuSans|DejaVuSansMono|LiberationSans)(-|$)/);
        }
      },
      PRINT_TIMEOUT_MS,
    );
    run(
      `${name}: page 1 says its title block in the PDF's order${WHY}`,
      async () => {
        const pdfName = name.replace(/\.docx$/, ".pdf");
        const title = documentNamed(name).title;
        const docx = titleBlockOrder(pdfPages(await printedPdf(name))[0] ?? "");
        const pdf = titleBlockOrder(pdfPages(await printedPdf(pdfName))[0] ?? "");
        expect(docx.length, `${title}: ${docx.join(" | ")}`).toBeGreaterThanOrEqual(4);
        expect(docx).toEqual(pdf);
      },
      PRINT_TIMEOUT_MS,
    );
  }
});

/**
 * The parts of page 1's title block in the order they print: the title, the subtitle, each boxed
 * line (a mismatching attestation, when it was screened) and each property
 * label, found by their first words (labels in any case: the PDF prints them in capitals).
 */
function titleBlockOrder(page: string): string[] {
  const lines = page.split("\n").map((line) => line.trim());
  const anchors: [string, RegExp][] = [
    ["title", /^(EDD - Northwind OTC onboarding|OFAC Batch Wallet Screening Report)$/],
    ["subtitle", /^Subject: /],
    ["alert", /^The attached attestation\b/],
    // What is vouched for is not compared: the PDF boxes it on page 1 as well as in its footer,
    // the DOCX says it in the footer of every page.
    ["when", /^Screened \d{4}-\d{2}-\d{2} /],
    ["author", /^(prepared by|author \(unverified\))$/i],
    ["date", /^date$/i],
    ["version", /^version$/i],
    ["type", /^report type$/i],
    ["summary", /^Executive summary$/],
  ];
  return anchors
    .map(([name, pattern]) => ({ name, at: lines.findIndex((line) => pattern.test(line)) }))
    .filter((a) => a.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((a) => a.name);
}
