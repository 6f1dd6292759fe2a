import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  type PDFObject,
  PDFString,
} from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  run,
  type StructNode,
  scratch,
  structText,
  structTree,
  walkStruct,
} from "../test-support/pdf-readback.js";
import { eddMemoReport, tableReport } from "../test-support/sample-reports.js";
import { renderPdf, TAGGED_MAX_CELLS } from "./render-pdf.js";

// Every PDF up to TAGGED_MAX_CELLS table cells is tagged (patches/@react-pdf__render@4.7.0.patch):
// headings, paragraphs, tables and figures with alternate text, in reading order, read back with
// poppler and pdf-lib; a larger data dump is written untagged.

const files = scratch("tagged-pdf-");
afterAll(files.remove);

/** The /Alt of every /Figure element of a PDF's structure tree (pdf-lib). */
async function figureAlts(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const root = doc.catalog.lookup(PDFName.of("StructTreeRoot"), PDFDict);
  const alts: string[] = [];
  const visit = (o: PDFObject | undefined): void => {
    const node = o === undefined ? undefined : doc.context.lookup(o);
    if (node instanceof PDFArray) {
      for (let i = 0; i < node.size(); i++) visit(node.get(i));
      return;
    }
    if (!(node instanceof PDFDict)) return;
    if (node.get(PDFName.of("S")) === PDFName.of("Figure")) {
      const alt = node.lookup(PDFName.of("Alt"));
      alts.push(alt instanceof PDFString || alt instanceof PDFHexString ? alt.decodeText() : "");
    }
    visit(node.get(PDFName.of("K")));
  };
  visit(root.get(PDFName.of("K")));
  return alts;
}

describe("renderPdf: a tagged PDF", () => {
  let memoBytes: Uint8Array;
  let memo: StructNode;
  let big: StructNode;
  let bigPath: string;

  beforeAll(async () => {
    memoBytes = (await renderPdf(eddMemoReport(100))).bytes;
    memo = structTree(files.save("memo.pdf", memoBytes));
    bigPath = files.save("big.pdf", (await renderPdf(tableReport(1000))).bytes);
    big = structTree(bigPath);
  });

  it("is marked tagged", () => {
    expect(run("pdfinfo", [bigPath])).toMatch(/^Tagged:\s+yes$/m);
  });

  it("up to TAGGED_MAX_CELLS table cells; a larger data dump is written untagged", async () => {
    const rows = TAGGED_MAX_CELLS / 5;
    const atLimit = files.save("at-limit.pdf", (await renderPdf(tableReport(rows))).bytes);
    const over = files.save("over.pdf", (await renderPdf(tableReport(rows + 1))).bytes);
    expect(run("pdfinfo", [atLimit])).toMatch(/^Tagged:\s+yes$/m);
    expect(run("pdfinfo", [over])).toMatch(/^Tagged:\s+no$/m);
  });

  it("gives each chart a Figure with alternate text: its title and its numbers", async () => {
    const alts = await figureAlts(memoBytes);
    expect(alts).toHaveLength(2);
    expect(alts[0]).toContain("Bar chart: Screening outcome by asset");
    expect(alts[0]).toContain("ETH 8");
    expect(alts[1]).toContain("Line chart: Expected hits by horizon (days)");
  });

  it("reads a 1,000-row table over its pages as one Table: its header row once, then every row", () => {
    const tables = [...walkStruct(big)].filter((n) => n.type === "Table");
    expect(tables).toHaveLength(1);
    const rows = (tables[0] as StructNode).children;
    expect(rows).toHaveLength(1001);
    expect(rows.every((r) => r.type === "TR")).toBe(true);
    expect(rows[0]?.children.every((c) => c.type === "TH")).toBe(true);
    expect(rows.slice(1).every((r) => r.children.every((c) => c.type === "TD"))).toBe(true);
    expect(structText(rows[1000] as StructNode)).toMatch(/^1,000/);
  });

  it("reads a right-to-left name in its cell (a cell react-pdf lays out over the canvas)", () => {
    const cells = [...walkStruct(memo)].filter((n) => n.type === "TD").map(structText);
    expect(cells.some((t) => /\p{Script=Arabic}/u.test(t))).toBe(true);
  });

  it("reads each paragraph's lines as one text, words apart", () => {
    const paragraphs = [...walkStruct(memo)].filter((n) => n.type === "P").map(structText);
    const summary = paragraphs.find((p) => p.includes("wallets match OFAC SDN")) ?? "";
    expect(summary).toContain("manual review is required before any movement of funds.");
    expect(summary).not.toMatch(/[a-z]{3}[A-Z]|\w{3}manual/);
  });
});
