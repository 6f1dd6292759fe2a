import {
  type Report,
  type ReportTable,
  SAMPLE_EDITION_BANNER,
  type Scalar,
} from "@svc/report-model";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { inlineArtifact, MIME_TYPES, type RenderedDocument } from "../artifact/artifact.js";
import { RenderError } from "../errors/render-error.js";
import {
  eddMemoReport,
  NON_LATIN_NAMES,
  onSampleEdition,
  onStaleList,
  reportWith,
  STALE_WARNING,
  screeningRows,
  tableReport,
  workbookReport,
} from "../test-support/sample-reports.js";
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, planColumns, textWidth } from "./columns.js";
import { renderXlsx, XLSX_ENGINE } from "./render-xlsx.js";
import { MAX_SHEET_NAME_LENGTH, SheetNamer, sanitizeSheetName } from "./sheet-names.js";

async function load(doc: RenderedDocument): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(doc.bytes) as unknown as ExcelJS.Buffer);
  return wb;
}

function sheet(wb: ExcelJS.Workbook, name: string): ExcelJS.Worksheet {
  const ws = wb.getWorksheet(name);
  if (ws === undefined) throw new Error(`no sheet ${name}: ${wb.worksheets.map((w) => w.name)}`);
  return ws;
}

function rowValues(ws: ExcelJS.Worksheet, n: number): unknown[] {
  const values = ws.getRow(n).values as unknown[];
  return values.slice(1);
}

function table(key: string, title: string, columns: string[], rows: Scalar[][]): ReportTable {
  return { key, title, columns, rows };
}

function report(partial: Partial<Report>): Report {
  return reportWith({ meta: { ...reportWith().meta, title: "Test workbook" }, ...partial });
}

/** Asserts the data-sheet conventions: styled frozen header, autofilter, widths. */
function expectDataSheet(ws: ExcelJS.Worksheet, headers: readonly string[]): void {
  expect(rowValues(ws, 1)).toEqual(headers);
  const view = ws.views[0];
  expect(view?.state).toBe("frozen");
  expect((view as { ySplit?: number } | undefined)?.ySplit).toBe(1);
  const last = String.fromCharCode(64 + headers.length);
  expect(ws.autoFilter).toBe(`A1:${last}1`);
  for (let c = 1; c <= headers.length; c++) {
    const cell = ws.getRow(1).getCell(c);
    expect(cell.font?.bold).toBe(true);
    expect(cell.font?.color?.argb).toBe("FFFFFFFF");
    expect(cell.fill).toMatchObject({ type: "pattern", pattern: "solid" });
    const width = ws.getColumn(c).width;
    expect(width).toBeGreaterThanOrEqual(MIN_COLUMN_WIDTH);
    expect(width).toBeLessThanOrEqual(MAX_COLUMN_WIDTH);
  }
}

describe("renderXlsx: the EDD memo", () => {
  const input = eddMemoReport();
  let doc: RenderedDocument;
  let wb: ExcelJS.Workbook;
  beforeAll(async () => {
    doc = await renderXlsx(input);
    wb = await load(doc);
  });

  it("has Summary first, then one sheet per table, chart data and workbook sheets", () => {
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      "Summary",
      "Case metadata",
      "Screening results",
      "Required follow up",
      "Screening outcome by asset",
      "Expected hits by horizon (days)",
      "Screening export",
    ]);
  });

  it("writes the table headers and values with their types", () => {
    const ws = sheet(wb, "Screening results");
    expectDataSheet(ws, ["#", "address", "asset", "status", "entity", "exposure_usd"]);
    const rows = screeningRows(100);
    expect(ws.actualRowCount).toBe(101);
    for (const n of [0, 1, 7, 42, 99]) {
      expect(rowValues(ws, n + 2)).toEqual(rows[n]);
    }
    for (let r = 2; r <= 101; r++) {
      expect(typeof ws.getRow(r).getCell(1).value).toBe("number");
      expect(typeof ws.getRow(r).getCell(6).value).toBe("number");
      expect(typeof ws.getRow(r).getCell(2).value).toBe("string");
    }
    // Number formats once per column: identifiers plain, amounts with separators.
    expect(ws.getRow(2).getCell(1).numFmt).toBe("0");
    expect(ws.getRow(2).getCell(6).numFmt).toBe("#,##0");
    expect(ws.getColumn(6).numFmt).toBe("#,##0");
    // The long address column is wider than the short asset column.
    expect(ws.getColumn(2).width).toBeGreaterThan(ws.getColumn(3).width ?? 0);
  });

  it("keeps non-Latin names exactly", () => {
    const ws = sheet(wb, "Case metadata");
    expectDataSheet(ws, ["field", "value"]);
    expect(rowValues(ws, 2)).toEqual(["Subject", "Карасавиди Дмитрий"]);
    expect(rowValues(ws, 5)).toEqual(["Requested by", "خطیبی عقدا احمد"]);
    const results = sheet(wb, "Screening results");
    const entities = new Set<unknown>();
    for (let r = 2; r <= 101; r++) entities.add(results.getRow(r).getCell(5).value);
    for (const name of NON_LATIN_NAMES) expect(entities).toContain(name);
  });

  it("writes a chart data sheet per chart: labels plus one column per series", () => {
    const bar = sheet(wb, "Screening outcome by asset");
    expectDataSheet(bar, ["asset", "match", "clear"]);
    expect(rowValues(bar, 2)).toEqual(["ETH", 8, 60]);
    expect(rowValues(bar, 4)).toEqual(["USDT", 2, 5]);
    const line = sheet(wb, "Expected hits by horizon (days)");
    expectDataSheet(line, ["days", "p50", "p90"]);
    expect(rowValues(line, 2)).toEqual(["30", 0.4, 1]);
    expect(line.getRow(2).getCell(2).numFmt).toBe("#,##0.00");
    // Chart data sheets are the specified output for charts, not a degradation.
    expect(doc.degradations).toEqual([]);
    expect(doc.artifactSummary.degraded).toBe(false);
  });

  it("writes the workbook sheets", () => {
    const ws = sheet(wb, "Screening export");
    expectDataSheet(ws, ["address", "status"]);
    expect(ws.actualRowCount).toBe(101);
    expect(rowValues(ws, 2)).toEqual(["0x098B716B8Aaf21512996dC57EB0615e2383E2f96", "match"]);
  });

  it("writes the Summary: title block, properties, summary, metrics and sheet index", () => {
    const ws = sheet(wb, "Summary");
    expect(ws.getCell("A1").value).toBe(input.meta.title);
    expect(ws.getCell("A1").font?.bold).toBe(true);
    expect(ws.getCell("A2").value).toBe(input.meta.subtitle);
    const byLabel = new Map<unknown, unknown[]>();
    ws.eachRow((row) => {
      const values = (row.values as unknown[]).slice(1);
      byLabel.set(values[0], values.slice(1));
    });
    expect(byLabel.get("Report type")).toEqual(["enhanced-due-diligence"]);
    expect(byLabel.get("Author")).toEqual(["Compliance Desk"]);
    expect(byLabel.get("Date")).toEqual(["2026-11-22"]);
    expect(byLabel.get("Version")).toEqual(["1.0"]);
    expect(byLabel.get("Metric")).toEqual(["Value", "Unit"]);
    expect(byLabel.get("Total screened")).toEqual([100, "wallets"]);
    expect(byLabel.get("Manual review required")).toEqual([true]);
    expect(byLabel.get("Workflow status")).toEqual(["manual_review_required"]);
    const texts: unknown[] = [];
    ws.eachRow((row) => {
      texts.push(...(row.values as unknown[]));
    });
    for (const paragraph of input.summary) expect(texts).toContain(paragraph);
    expect(texts).toContain("Executive summary");
    expect(texts).toContain("Headline metrics");
    for (const w of wb.worksheets.slice(1)) expect(texts).toContain(w.name);
  });

  it("sets the workbook properties", () => {
    expect(wb.title).toBe(input.meta.title);
    expect(wb.creator).toBe("Compliance Desk");
    expect(wb.subject).toBe(input.meta.subtitle);
    expect(wb.category).toBe("enhanced-due-diligence");
    expect(wb.created?.toISOString()).toBe("2026-11-22T00:00:00.000Z");
  });

  it("describes the document", () => {
    const artifact = inlineArtifact(doc);
    expect(doc.fileName.endsWith(".xlsx")).toBe(true);
    expect(doc.mimeType).toBe(MIME_TYPES.xlsx);
    expect(doc.mimeType).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(artifact.type).toBe("xlsx");
    expect(artifact.sizeBytes).toBe(doc.bytes.byteLength);
    expect(doc.artifactSummary.engine).toBe(XLSX_ENGINE);
    expect(doc.artifactSummary.engine).toBe("exceljs 4.4.0");
    // base64 round trip
    const decoded = Buffer.from(artifact.contentBase64, "base64");
    expect(decoded.equals(Buffer.from(doc.bytes))).toBe(true);
    // A zip file.
    expect([...doc.bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  });
});

describe("renderXlsx: cell types", () => {
  it("stores numbers as numbers, booleans as booleans and nulls as empty cells", async () => {
    const doc = await renderXlsx(
      report({
        tables: [
          table(
            "mixed",
            "Mixed",
            ["id", "amount", "flag", "note", "ratio"],
            [
              [1, 1234.5, true, "x", 0.125],
              [2, null, false, null, -3],
              [3, -7, null, "0042", 1e-3],
            ],
          ),
        ],
      }),
    );
    const ws = sheet(await load(doc), "Mixed");
    expectDataSheet(ws, ["id", "amount", "flag", "note", "ratio"]);
    expect(rowValues(ws, 2)).toEqual([1, 1234.5, true, "x", 0.125]);
    expect(ws.getCell("B2").value).toBe(1234.5);
    expect(typeof ws.getCell("B2").value).toBe("number");
    expect(ws.getCell("C2").value).toBe(true);
    expect(ws.getCell("C3").value).toBe(false);
    expect(typeof ws.getCell("C3").value).toBe("boolean");
    expect(ws.getCell("B3").value).toBeNull();
    expect(ws.getCell("D3").value).toBeNull();
    expect(ws.getCell("C4").value).toBeNull();
    // Numeric-looking text stays text.
    expect(ws.getCell("D4").value).toBe("0042");
    expect(ws.getCell("B2").numFmt).toBe("#,##0.00");
    expect(ws.getCell("E2").numFmt).toBe("#,##0.00#"); // 2 decimals, up to 3
    expect(ws.getCell("A2").numFmt).toBe("0");
    expect(doc.degradations).toEqual([]);
  });

  it("leaves non-finite numbers empty and cuts over-long text, reporting both", async () => {
    const long = "x".repeat(40_000);
    const doc = await renderXlsx(
      report({
        tables: [
          table(
            "odd",
            "Odd",
            ["a", "b"],
            [
              [Number.NaN, long],
              [Number.POSITIVE_INFINITY, "ok"],
            ],
          ),
        ],
      }),
    );
    const ws = sheet(await load(doc), "Odd");
    expect(ws.getCell("A2").value).toBeNull();
    expect(ws.getCell("A3").value).toBeNull();
    expect(String(ws.getCell("B2").value).length).toBe(32_767);
    expect(doc.degradations.map((d) => d.path)).toEqual(["tables.odd", "tables.odd"]);
    expect(doc.artifactSummary.degraded).toBe(true);
    // Over-long text is clamped in width.
    expect(ws.getColumn(2).width).toBe(MAX_COLUMN_WIDTH);
  });

  it("pads headers for ragged rows and handles empty tables", async () => {
    const doc = await renderXlsx(
      report({
        tables: [
          table("ragged", "Ragged", ["a"], [[1, 2, 3]]),
          table("empty", "Empty", ["only"], []),
          table("none", "None", [], []),
        ],
      }),
    );
    const wb = await load(doc);
    expectDataSheet(sheet(wb, "Ragged"), ["a", "column_2", "column_3"]);
    expect(rowValues(sheet(wb, "Ragged"), 2)).toEqual([1, 2, 3]);
    expectDataSheet(sheet(wb, "Empty"), ["only"]);
    expect(sheet(wb, "Empty").actualRowCount).toBe(1);
    expectDataSheet(sheet(wb, "None"), ["(no columns)"]);
  });
});

describe("renderXlsx: sheet names", () => {
  it("makes long, clashing and invalid titles unique and valid", async () => {
    const long = "Per wallet exposure by counterparty and asset class";
    const doc = await renderXlsx(
      report({
        tables: [
          table("summary", "Summary", ["a"], [[1]]),
          table("t1", long, ["a"], [[1]]),
          table("t2", long, ["a"], [[2]]),
          table("t3", "Bad: [chars] * ? / \\ here", ["a"], [[3]]),
          table("t4", "'quoted'", ["a"], [[4]]),
          table("t5", "history", ["a"], [[5]]),
          table("t6", "", ["a"], [[6]]),
          table("t7", "SUMMARY", ["a"], [[7]]),
        ],
        charts: [
          {
            type: "bar",
            title: long,
            labels: ["x"],
            series: [{ name: "s", values: [1] }],
            xLabel: null,
            yLabel: null,
            source: "chart_hints[0]",
          },
        ],
        workbook: [table("summary", "Summary", ["a"], [[8]])],
      }),
    );
    const wb = await load(doc);
    const names = wb.worksheets.map((w) => w.name);
    expect(names).toEqual([
      "Summary",
      "Summary (2)",
      "Per wallet exposure by counterp",
      "Per wallet exposure by coun (2)",
      "Bad chars here",
      "quoted",
      "history (sheet)",
      "t6",
      "SUMMARY (3)",
      "Per wallet exposure by coun (3)",
      "Summary (4)",
    ]);
    const lower = names.map((n) => n.toLowerCase());
    expect(new Set(lower).size).toBe(names.length);
    for (const n of names) {
      expect(n.length).toBeLessThanOrEqual(MAX_SHEET_NAME_LENGTH);
      expect(n).not.toMatch(/[[\]:*?/\\]/);
      expect(n.startsWith("'")).toBe(false);
      expect(n.endsWith("'")).toBe(false);
    }
    // Data is on the right sheets.
    expect(sheet(wb, "Summary (2)").getCell("A2").value).toBe(1);
    expect(sheet(wb, "Summary (4)").getCell("A2").value).toBe(8);
  });

  it("sanitizes names without splitting characters", () => {
    expect(sanitizeSheetName("")).toBe("Sheet");
    expect(sanitizeSheetName("   ", "Fallback")).toBe("Fallback");
    expect(sanitizeSheetName("a/b\\c?d*e[f]g:h")).toBe("a b c d e f g h");
    const emoji = `${"x".repeat(30)}😀`;
    expect(sanitizeSheetName(emoji)).toBe("x".repeat(30));
    const namer = new SheetNamer();
    expect(namer.take("颜 晓兵")).toBe("颜 晓兵");
    expect(namer.take("颜 晓兵")).toBe("颜 晓兵 (2)");
  });
});

describe("renderXlsx: variants and limits", () => {
  it("writes legacy section tables", async () => {
    const doc = await renderXlsx(
      report({
        variant: "B",
        sections: [
          { heading: "Intro", paragraphs: ["p"], bullets: [], table: null },
          {
            heading: "Findings",
            paragraphs: [],
            bullets: [],
            table: table("findings", "Findings", ["wallet", "hits"], [["0xabc", 3]]),
          },
          {
            heading: "Untitled table section",
            paragraphs: [],
            bullets: [],
            table: table("", "", ["k"], [["v"]]),
          },
        ],
      }),
    );
    const wb = await load(doc);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      "Summary",
      "Findings",
      "Untitled table section",
    ]);
    expectDataSheet(sheet(wb, "Findings"), ["wallet", "hits"]);
    expect(rowValues(sheet(wb, "Findings"), 2)).toEqual(["0xabc", 3]);
  });

  it("writes a report with no tables at all", async () => {
    const doc = await renderXlsx(report({}));
    const wb = await load(doc);
    expect(wb.worksheets.map((w) => w.name)).toEqual(["Summary"]);
    expect(wb.creator).toBe("");
    expect(sheet(wb, "Summary").getCell("A1").value).toBe("Test workbook");
  });

  it("renders non-Latin names in a big table", async () => {
    const doc = await renderXlsx(tableReport(600));
    const ws = sheet(await load(doc), "Rows");
    expectDataSheet(ws, ["#", "entity", "value_2", "value_3", "value_4"]);
    for (let r = 0; r < 600; r += 37) {
      expect(ws.getRow(r + 2).getCell(2).value).toBe(NON_LATIN_NAMES[r % NON_LATIN_NAMES.length]);
      expect(ws.getRow(r + 2).getCell(1).value).toBe(r + 1);
    }
  });

  it("renders 3 sheets × 10,000 rows", async () => {
    const doc = await renderXlsx(workbookReport(3, 10_000));
    const wb = await load(doc);
    expect(wb.worksheets.map((w) => w.name)).toEqual(["Summary", "Sheet 1", "Sheet 2", "Sheet 3"]);
    for (const name of ["Sheet 1", "Sheet 2", "Sheet 3"]) {
      const ws = sheet(wb, name);
      expect(ws.actualRowCount).toBe(10_001);
      expect(ws.getRow(10_001).getCell(1).value).toBe(10_000);
      expect(ws.autoFilter).toBe("A1:E1");
    }
  });

  it("refuses an oversized report with REPORT_TOO_LARGE", async () => {
    const big = tableReport(200_000);
    await expect(renderXlsx(big)).rejects.toBeInstanceOf(RenderError);
    await expect(renderXlsx(big)).rejects.toMatchObject({ code: "REPORT_TOO_LARGE" });
  });
});

describe("renderXlsx: a report built on the sample edition", () => {
  it("says SAMPLE EDITION — NOT THE OFAC LIST in the Summary's first row and every print header", async () => {
    const input = onSampleEdition(eddMemoReport());
    const wb = await load(await renderXlsx(input));
    const ws = sheet(wb, "Summary");
    expect(ws.getCell("A1").value).toBe("SAMPLE EDITION — NOT THE OFAC LIST");
    expect(ws.getCell("A1").value).toBe(SAMPLE_EDITION_BANNER);
    expect(ws.getCell("A1").font?.bold).toBe(true);
    expect(ws.getCell("A1").fill).toMatchObject({ fgColor: { argb: "FFB91C1C" } });
    // The title block follows it, as it would without the flag.
    expect(ws.getCell("A2").value).toBe(input.meta.title);
    expect(ws.getCell("A3").value).toBe(input.meta.subtitle);
    expect(wb.worksheets.length).toBeGreaterThan(1);
    for (const w of wb.worksheets) {
      expect(w.headerFooter?.oddHeader, w.name).toContain(SAMPLE_EDITION_BANNER);
    }
    // Data sheets keep their header row first.
    expect(rowValues(sheet(wb, "Screening results"), 1)).toEqual([
      "#",
      "address",
      "asset",
      "status",
      "entity",
      "exposure_usd",
    ]);
  });

  it("has none of it without the flag", async () => {
    const input = eddMemoReport();
    const wb = await load(await renderXlsx(input));
    expect(sheet(wb, "Summary").getCell("A1").value).toBe(input.meta.title);
    for (const w of wb.worksheets) {
      expect(w.headerFooter?.oddHeader ?? "", w.name).not.toContain("SAMPLE EDITION");
      w.eachRow((row) => {
        for (const v of (row.values as unknown[]).slice(1)) {
          if (typeof v === "string") expect(v).not.toContain("NOT THE OFAC LIST");
        }
      });
    }
  });
});

describe("renderXlsx: a report built on a stale list", () => {
  it("puts the warning in the Summary's row right after the title", async () => {
    const input = onStaleList(eddMemoReport());
    const ws = sheet(await load(await renderXlsx(input)), "Summary");
    expect(ws.getCell("A1").value).toBe(input.meta.title);
    expect(ws.getCell("A2").value).toBe(STALE_WARNING);
    expect(ws.getCell("A2").font?.bold).toBe(true);
    expect(ws.getCell("A2").font?.color).toMatchObject({ argb: "FFB91C1C" });
    expect(ws.getCell("A2").isMerged).toBe(true);
    expect(ws.getCell("A3").value).toBe(input.meta.subtitle);
  });

  it("comes after the sample-edition row when both apply", async () => {
    const input = onStaleList(onSampleEdition(eddMemoReport()));
    const ws = sheet(await load(await renderXlsx(input)), "Summary");
    expect(rowValues(ws, 1)[0]).toBe(SAMPLE_EDITION_BANNER);
    expect(ws.getCell("A2").value).toBe(input.meta.title);
    expect(ws.getCell("A3").value).toBe(STALE_WARNING);
  });
});

describe("planColumns", () => {
  it("sizes columns from content (CJK counts double) within bounds", () => {
    expect(textWidth("abc")).toBe(3);
    expect(textWidth("颜晓兵")).toBe(6);
    expect(textWidth("first line\nsecond, much longer line")).toBe(10);
    const plans = planColumns(
      ["id", "name", "amount", "wide"],
      [
        [1, "颜 晓兵", 1_234_567.25, "y".repeat(500)],
        [2, "ab", 3, null],
      ],
    );
    expect(plans.map((p) => p.numFmt)).toEqual(["0", null, "#,##0.00", null]);
    expect(plans[0]?.width).toBe(MIN_COLUMN_WIDTH);
    expect(plans[2]?.width).toBeGreaterThanOrEqual("1,234,567.25".length);
    expect(plans[3]?.width).toBe(MAX_COLUMN_WIDTH);
    for (const p of plans) expect(p.width).not.toBe(9); // exceljs would drop it from <cols>
  });
});
