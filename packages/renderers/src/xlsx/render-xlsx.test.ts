import {
  excelNumberFormat,
  type Report,
  type ReportTable,
  SAMPLE_EDITION_BANNER,
  type Scalar,
} from "@svc/report-model";
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { beforeAll, describe, expect, it } from "vitest";
import { inlineArtifact, MIME_TYPES, type RenderedDocument } from "../artifact/artifact.js";
import { XLSX_ENGINE } from "../engines.js";
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
import { ColumnMeasure, MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, textWidth } from "./columns.js";
import { flattenJsonText } from "./flatten-result.js";
import { renderXlsx } from "./render-xlsx.js";
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

/** Asserts the print setup of every sheet: fitted to the page's width, footer. */
function expectPrintSetup(ws: ExcelJS.Worksheet): void {
  expect(ws.pageSetup.fitToPage, ws.name).toBe(true);
  expect(ws.pageSetup.fitToWidth, ws.name).toBe(1);
  expect(ws.pageSetup.fitToHeight, ws.name).toBe(0);
  expect(ws.headerFooter?.oddFooter, ws.name).toContain("&P");
}

/** Asserts the data-sheet conventions: styled frozen header, autofilter, widths, print setup. */
function expectDataSheet(ws: ExcelJS.Worksheet, headers: readonly string[]): void {
  expect(rowValues(ws, 1)).toEqual(headers);
  expectPrintSetup(ws);
  // The header row prints on every page.
  expect(ws.pageSetup.printTitlesRow).toBe("1:1");
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
  }
}

/** The Summary's rows by their label (column A): the rest of each row. */
function summaryRows(ws: ExcelJS.Worksheet): Map<unknown, unknown[]> {
  const byLabel = new Map<unknown, unknown[]>();
  ws.eachRow((row) => {
    const values = (row.values as unknown[]).slice(1);
    byLabel.set(values[0], values.slice(1));
  });
  return byLabel;
}

/** Every value of a sheet. */
function texts(ws: ExcelJS.Worksheet): unknown[] {
  const all: unknown[] = [];
  ws.eachRow((row) => {
    all.push(...(row.values as unknown[]).slice(1));
  });
  return all;
}

describe("renderXlsx: the EDD memo", () => {
  const input = eddMemoReport();
  let doc: RenderedDocument;
  let wb: ExcelJS.Workbook;
  beforeAll(async () => {
    doc = await renderXlsx(input);
    wb = await load(doc);
  });

  it("has Summary first (small tables as its sections), then the data, chart and workbook sheets", () => {
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      "Summary",
      "Screening results",
      "Screening outcome by asset",
      "Expected hits by horizon (days)",
      "Appendix A — Screening export",
    ]);
  });

  it("prints every sheet fitted to the page's width, landscape when wide", () => {
    for (const ws of wb.worksheets) expectPrintSetup(ws);
    expect(sheet(wb, "Summary").pageSetup.orientation).toBe("portrait");
    expect(sheet(wb, "Summary").pageSetup.printTitlesRow).toBeUndefined();
    expect(sheet(wb, "Appendix A — Screening export").pageSetup.orientation).toBe("portrait");
  });

  it("writes the model's labels and values: numbers stay numbers in their kind's format", () => {
    const ws = sheet(wb, "Screening results");
    expectDataSheet(ws, ["#", "Address", "Asset", "Status", "Entity", "Exposure USD"]);
    const rows = screeningRows(100);
    expect(ws.actualRowCount).toBe(101);
    for (const n of [0, 1, 7, 42, 99]) {
      const [i, address, asset, status, entity, usd] = rows[n] as Scalar[];
      // Status words read as words.
      const word = status === "match" ? "Match" : "Clear";
      expect(rowValues(ws, n + 2)).toEqual([i, address, asset, word, entity, usd]);
    }
    for (let r = 2; r <= 101; r++) {
      expect(typeof ws.getRow(r).getCell(1).value).toBe("number");
      expect(typeof ws.getRow(r).getCell(6).value).toBe("number");
      expect(typeof ws.getRow(r).getCell(2).value).toBe("string");
    }
    // Number formats from the kinds: counts with separators, money in dollars, addresses as text.
    expect(ws.getRow(2).getCell(1).numFmt).toBe("#,##0");
    expect(ws.getRow(2).getCell(6).numFmt).toBe('"$"#,##0.00');
    expect(ws.getRow(2).getCell(2).numFmt).toBe("@");
  });

  it("sets addresses in a monospace face, in a column as wide as the longest", () => {
    const ws = sheet(wb, "Screening results");
    for (const r of [2, 3, 50, 101]) {
      expect(ws.getRow(r).getCell(2).font).toMatchObject({ name: "Consolas" });
      expect(ws.getRow(r).getCell(2).alignment?.wrapText).toBeFalsy();
    }
    expect(ws.getRow(2).getCell(5).font?.name).not.toBe("Consolas");
    // 42 characters of Consolas 10 (8 px each, 7 px a width unit) and the cell's padding.
    expect(ws.getColumn(2).width).toBeGreaterThanOrEqual(Math.ceil((42 * 8) / 7));
    expect(ws.getColumn(2).width).toBeGreaterThan(ws.getColumn(3).width ?? 0);
  });

  it("keeps non-Latin names exactly", () => {
    const rows = summaryRows(sheet(wb, "Summary"));
    expect(rows.get("Subject")).toEqual(["Карасавиди Дмитрий"]);
    expect(rows.get("Requested by")).toEqual(["خطیبی عقدا احمد"]);
    const results = sheet(wb, "Screening results");
    const entities = new Set<unknown>();
    for (let r = 2; r <= 101; r++) entities.add(results.getRow(r).getCell(5).value);
    for (const name of NON_LATIN_NAMES) expect(entities).toContain(name);
  });

  it("writes a chart data sheet per chart: labels plus one column per series", () => {
    const bar = sheet(wb, "Screening outcome by asset");
    expectDataSheet(bar, ["Asset", "Match", "Clear"]);
    expect(rowValues(bar, 2)).toEqual(["ETH", 8, 60]);
    expect(rowValues(bar, 4)).toEqual(["USDT", 2, 5]);
    const line = sheet(wb, "Expected hits by horizon (days)");
    expectDataSheet(line, ["Days", "P50", "P90"]);
    expect(rowValues(line, 2)).toEqual(["30", 0.4, 1]);
    expect(typeof line.getRow(2).getCell(2).value).toBe("number");
    // Chart data sheets are the specified output for charts, not a degradation.
    expect(doc.degradations).toEqual([]);
    expect(doc.artifactSummary.degraded).toBe(false);
  });

  it("writes the workbook sheets", () => {
    const ws = sheet(wb, "Appendix A — Screening export");
    expectDataSheet(ws, ["Address", "Status"]);
    expect(ws.actualRowCount).toBe(101);
    expect(rowValues(ws, 2)).toEqual(["0x098B716B8Aaf21512996dC57EB0615e2383E2f96", "Match"]);
  });

  it("writes the Summary: title block, properties, summary, metrics, sections and sheet index", () => {
    const ws = sheet(wb, "Summary");
    expect(ws.getCell("A1").value).toBe(input.meta.title);
    expect(ws.getCell("A1").font?.bold).toBe(true);
    expect(ws.getCell("A2").value).toBe(input.meta.subtitle);
    const byLabel = summaryRows(ws);
    // The report's type in words, as the other formats show it.
    expect(byLabel.get("Report type")).toEqual(["Enhanced due diligence"]);
    expect(byLabel.get("Prepared by")).toEqual(["Compliance Desk"]);
    expect(byLabel.get("Date")).toEqual(["2026-11-22"]);
    expect(byLabel.get("Version")).toEqual(["1.0"]);
    // Metrics: numbers stay numbers (the unit beside them), status words and Yes/No as words.
    expect(byLabel.get("Total screened")).toEqual([100, "wallets"]);
    expect(byLabel.get("Manual review required")).toEqual(["Yes"]);
    expect(byLabel.get("Workflow status")).toEqual(["Manual review required"]);
    const all = texts(ws);
    for (const paragraph of input.summary) expect(all).toContain(paragraph);
    for (const heading of ["Executive summary", "Headline metrics", "Case metadata"]) {
      expect(all).toContain(heading);
    }
    // A list is the section's paragraphs.
    expect(all).toContain("Required follow up");
    expect(all).toContain(
      "File a blocked-property report with OFAC within 10 business days of a true match.",
    );
    for (const w of wb.worksheets.slice(1)) expect(all).toContain(w.name);
  });

  it("fits the Summary's label column to its longest label", () => {
    const ws = sheet(wb, "Summary");
    let longest = 0;
    ws.eachRow((row) => {
      const label = row.getCell(1).value;
      if (typeof label === "string" && row.getCell(1).font?.bold && row.getCell(2).value !== null) {
        longest = Math.max(longest, textWidth(label));
      }
    });
    expect(longest).toBeGreaterThanOrEqual("Manual review required".length);
    // Bold labels are a tenth wider than the body's characters.
    expect(ws.getColumn(1).width).toBeGreaterThanOrEqual(Math.ceil(longest * 1.1));
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
  it("stores numbers as numbers in their kind's format, Yes/No and status words as words, nulls empty", async () => {
    const doc = await renderXlsx(
      report({
        // Workbook rows are always sheets of their own, whatever their size.
        workbook: [
          table(
            "mixed",
            "Mixed",
            ["id", "amount_usd", "flag", "note", "ratio", "screening_status"],
            [
              [1, 1234.5, true, "x", 0.125, "manual_review_required"],
              [2, null, false, null, -3, "clear"],
              [3, -7, null, "0042", 1e-3, null],
            ],
          ),
        ],
      }),
    );
    const ws = sheet(await load(doc), "Appendix A — Mixed");
    expectDataSheet(ws, ["ID", "Amount USD", "Flag", "Note", "Ratio", "Screening status"]);
    expect(rowValues(ws, 2)).toEqual([1, 1234.5, "Yes", "x", 0.125, "Manual review required"]);
    expect(typeof ws.getCell("B2").value).toBe("number");
    expect(ws.getCell("C3").value).toBe("No");
    expect(ws.getCell("B3").value).toBeNull();
    expect(ws.getCell("D3").value).toBeNull();
    expect(ws.getCell("C4").value).toBeNull();
    // Numeric-looking text stays text.
    expect(ws.getCell("D4").value).toBe("0042");
    expect(ws.getCell("A2").numFmt).toBe(excelNumberFormat("identifier"));
    expect(ws.getCell("B2").numFmt).toBe(excelNumberFormat("money"));
    expect(ws.getCell("B2").alignment?.horizontal).toBe("right");
    expect(doc.degradations).toEqual([]);
  });

  it("leaves non-finite numbers empty and cuts over-long text, reporting both", async () => {
    const long = "x".repeat(40_000);
    const doc = await renderXlsx(
      report({
        workbook: [
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
    const ws = sheet(await load(doc), "Appendix A — Odd");
    expect(ws.getCell("A2").value).toBeNull();
    expect(ws.getCell("A3").value).toBeNull();
    expect(String(ws.getCell("B2").value).length).toBe(32_767);
    expect(doc.degradations.map((d) => d.path)).toEqual(["workbook.odd", "workbook.odd"]);
    expect(doc.artifactSummary.degraded).toBe(true);
    // Over-long prose wraps in a column of the widest prose width.
    expect(ws.getColumn(2).width).toBe(MAX_COLUMN_WIDTH + 2);
    expect(ws.getCell("B3").alignment?.wrapText).toBe(true);
  });

  it("pads headers for ragged rows and handles empty tables", async () => {
    const doc = await renderXlsx(
      report({
        workbook: [
          table("ragged", "Ragged", ["a"], [[1, 2, 3]]),
          table("empty", "Empty", ["only"], []),
          table("none", "None", [], []),
        ],
      }),
    );
    const wb = await load(doc);
    expectDataSheet(sheet(wb, "Appendix A — Ragged"), ["A", "Column 2", "Column 3"]);
    expect(rowValues(sheet(wb, "Appendix A — Ragged"), 2)).toEqual([1, 2, 3]);
    expectDataSheet(sheet(wb, "Appendix B — Empty"), ["Only"]);
    expect(sheet(wb, "Appendix B — Empty").actualRowCount).toBe(1);
    expectDataSheet(sheet(wb, "Appendix C — None"), ["(no columns)"]);
  });
});

describe("renderXlsx: what the Summary holds, and what is not repeated", () => {
  const result = JSON.stringify({
    expected_hits: 8.074136064944806,
    objective: "minimize_residual_risk",
    interval: { low: 0.9998079639438954, high: 1 },
    tickers: ["ETH", "XBT"],
  });
  const caught = table(
    "caught_hits",
    "Caught hits",
    ["order", "expected_caught_hits", "p90_caught_hits"],
    [
      ["optimized", 4.025, 4],
      ["current order", 1.024, 1],
    ],
  );
  const input = report({
    metrics: [{ label: "Expected hits", value: 8.074, unit: null }],
    tables: [
      caught,
      { ...caught, key: "caught_again", title: "Caught hits within the budget" },
      table("result", "Result", ["field", "value"], [["summary", result]]),
      table("wide", "Wide", ["a", "b", "c", "d", "e", "f"], [[1, 2, 3, 4, 5, 6]]),
      table(
        "long",
        "Long",
        ["address", "status"],
        screeningRows(13).map((r) => [r[1] ?? null, r[3] ?? null]),
      ),
    ],
    charts: [
      {
        type: "bar",
        title: "Caught hits chart",
        labels: ["optimized", "current order"],
        series: [{ name: "expected_caught_hits", values: [4.025, 1.024] }],
        xLabel: "order",
        yLabel: null,
        source: "chart_hints[0]",
      },
    ],
  });
  let wb: ExcelJS.Workbook;
  beforeAll(async () => {
    wb = await load(await renderXlsx(input));
  });

  it("makes small tables sections of the Summary and larger ones sheets", () => {
    expect(wb.worksheets.map((w) => w.name)).toEqual(["Summary", "Long"]);
    const all = texts(sheet(wb, "Summary"));
    // A small grid keeps its header row; a single row reads as label/value rows.
    expect(all).toEqual(expect.arrayContaining(["Caught hits", "Order", "P90 caught hits"]));
    expect(summaryRows(sheet(wb, "Summary")).get("F")).toEqual([6]);
  });

  it("writes an identical table and a chart whose data a table holds once, saying where", () => {
    const rows = summaryRows(sheet(wb, "Summary"));
    expect(rows.get("Caught hits within the budget")?.[0]).toMatch(/the same as .*Caught hits/);
    expect(rows.get("Caught hits chart")?.[0]).toMatch(/^Chart data: in .*Caught hits/);
    const all = texts(sheet(wb, "Summary"));
    expect(all.filter((v) => v === "optimized")).toHaveLength(1);
  });

  it("shows a structured result as labelled rows, never as JSON text, leaving out what is said", () => {
    const ws = sheet(wb, "Summary");
    for (const v of texts(ws)) {
      if (typeof v === "string") expect(v.startsWith("{")).toBe(false);
    }
    const rows = summaryRows(ws);
    // Said by the headline metric "Expected hits" (8.074): not repeated.
    expect(rows.has("Expected hits")).toBe(true);
    expect([...rows.keys()].filter((k) => k === "Expected hits")).toHaveLength(1);
    expect(rows.get("Objective")).toEqual(["Minimize residual risk"]);
    expect(rows.get("Interval low")).toEqual([0.9998079639438954]);
    expect(rows.get("Tickers")).toEqual(["ETH, XBT"]);
  });

  it("flattens JSON text to labelled leaves with their kinds", () => {
    expect(flattenJsonText("not json")).toBeUndefined();
    expect(flattenJsonText("{broken")).toBeUndefined();
    expect(flattenJsonText('{"a_b":{"target_probability":0.5}}')).toEqual([
      { label: "A b target probability", value: 0.5, kind: "probability" },
    ]);
  });
});

describe("renderXlsx: sheet names", () => {
  it("makes long, clashing and invalid titles unique and valid", async () => {
    const long = "Per wallet exposure by counterparty and asset class";
    const doc = await renderXlsx(
      report({
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
        // Workbook rows are sheets whatever their size; charts come before them.
        workbook: [
          table("summary", "Summary", ["a"], [[1]]),
          table("t1", long, ["a"], [[11]]),
          table("t2", long, ["a"], [[2]]),
          table("t3", "Bad: [chars] * ? / \\ here", ["a"], [[3]]),
          table("t4", "'quoted'", ["a"], [[4]]),
          table("t5", "history", ["a"], [[5]]),
          table("t6", "", ["a"], [[6]]),
          table("t7", "SUMMARY", ["a"], [[7]]),
          table("summary", "Summary", ["a"], [[8]]),
        ],
      }),
    );
    const wb = await load(doc);
    const names = wb.worksheets.map((w) => w.name);
    // Workbook sheets are the report's appendices, lettered in order.
    expect(names).toEqual([
      "Summary",
      "Per wallet exposure by counterp",
      "Appendix A — Summary",
      "Appendix B — Per wallet exposur",
      "Appendix C — Per wallet exposur",
      "Appendix D — Bad chars here",
      "Appendix E — 'quoted",
      "Appendix F — history",
      "Appendix G — t6",
      "Appendix H — SUMMARY",
      "Appendix I — Summary",
    ]);
    // The names clash once cut to Excel's 31 characters: the namer tells them apart.
    const namer = new SheetNamer();
    expect(
      ["Summary", long, "Summary", long, long, "Bad: [chars] * ? / \\ here"]
        .concat(["'quoted'", "history", "", "SUMMARY", "Summary"])
        .map((raw, i) => namer.take(raw, `t${i}`)),
    ).toEqual([
      "Summary",
      "Per wallet exposure by counterp",
      "Summary (2)",
      "Per wallet exposure by coun (2)",
      "Per wallet exposure by coun (3)",
      "Bad chars here",
      "quoted",
      "history (sheet)",
      "t8",
      "SUMMARY (3)",
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
    expect(sheet(wb, "Appendix A — Summary").getCell("A2").value).toBe(1);
    expect(sheet(wb, "Appendix I — Summary").getCell("A2").value).toBe(8);
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
  it("writes legacy section tables: small ones as Summary sections, larger ones as sheets", async () => {
    const findings = screeningRows(20).map((r) => [r[1] ?? null, r[0] ?? null]);
    const doc = await renderXlsx(
      report({
        variant: "B",
        sections: [
          { heading: "Intro", paragraphs: ["p"], bullets: [], table: null },
          {
            heading: "Findings",
            paragraphs: [],
            bullets: [],
            table: table("findings", "Findings", ["wallet", "hits"], findings),
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
    expect(wb.worksheets.map((w) => w.name)).toEqual(["Summary", "Findings"]);
    expectDataSheet(sheet(wb, "Findings"), ["Wallet", "Hits"]);
    expect(rowValues(sheet(wb, "Findings"), 2)).toEqual(findings[0]);
    const all = texts(sheet(wb, "Summary"));
    expect(all).toContain("Untitled table section");
    expect(all).toContain("v");
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
    expectDataSheet(ws, ["#", "Entity", "Value 2", "Value 3", "Value 4"]);
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
      "Address",
      "Asset",
      "Status",
      "Entity",
      "Exposure USD",
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

describe("column widths", () => {
  it("sizes columns from content (CJK counts double): prose wraps, what is kept whole does not", () => {
    expect(textWidth("abc")).toBe(3);
    expect(textWidth("颜晓兵")).toBe(6);
    expect(textWidth("first line\nsecond, much longer line")).toBe(10);
    const id = new ColumnMeasure("ID");
    id.add(2, "identifier");
    expect(id.plan()).toEqual({ width: MIN_COLUMN_WIDTH, wrap: false });
    const prose = new ColumnMeasure("Rationale");
    prose.add(500, "text");
    expect(prose.plan()).toEqual({ width: MAX_COLUMN_WIDTH + 2, wrap: true });
    expect(prose.plan(110)).toEqual({ width: 112, wrap: true });
    const address = new ColumnMeasure("Address");
    address.add(110, "address");
    expect(address.plan()).toEqual({ width: 112, wrap: false });
    // A label longer than its values wraps at its words.
    const flag = new ColumnMeasure("Manual review recommended");
    flag.add(3, "boolean");
    expect(flag.plan().width).toBeLessThan("Manual review recommended".length);
    const nine = new ColumnMeasure("abcdef");
    nine.add(7, "text");
    expect(nine.plan().width).not.toBe(9); // exceljs would drop it from <cols>
  });
});

describe("renderXlsx: fit to file (issue 29)", () => {
  const input = eddMemoReport(30);
  let doc: RenderedDocument;
  let wb: ExcelJS.Workbook;
  beforeAll(async () => {
    doc = await renderXlsx(
      report({
        ...input,
        tables: [
          ...input.tables,
          table(
            "batch",
            "Batch results",
            ["position", "address", "status", "near_match"],
            [
              [1, "0x098B716B8Aaf21512996dC57EB0615e2383E2f96", "match", ""],
              [2, "0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe", "clear", ""],
              [3, "0x098b716b8aaf21512996dc57eb0615e2383e2f97", "clear", "Lazarus Group"],
              ...Array.from({ length: 12 }, (_, i): Scalar[] => [
                4 + i,
                `0x${"ab".repeat(20)}`,
                "clear",
                "",
              ]),
            ],
          ),
        ],
      }),
    );
    wb = await load(doc);
  });

  it("names the face of every font of the workbook's styles, so none prints in a serif", async () => {
    const zip = await JSZip.loadAsync(doc.bytes);
    const styles = (await zip.file("xl/styles.xml")?.async("string")) ?? "";
    const fonts = [...styles.matchAll(/<font>(.*?)<\/font>/gs)].map((m) => m[1] ?? "");
    expect(fonts.length).toBeGreaterThan(3);
    for (const font of fonts) expect(font, font).toMatch(/<name val="(Calibri|Consolas)"\/>/);
  });

  it("prints every sheet on A4, as the PDFs are", () => {
    for (const ws of wb.worksheets) expect(ws.pageSetup.paperSize, ws.name).toBe(9);
  });

  it("tints and bolds a match's row, tints a near match's paler, across the row", () => {
    const ws = sheet(wb, "Batch results");
    const fill = (r: number, c: number) =>
      (ws.getRow(r).getCell(c).fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb;
    expect([1, 2, 3, 4].map((c) => fill(2, c))).toEqual(Array(4).fill("FFF8D7DA"));
    expect(ws.getRow(2).getCell(2).font?.bold).toBe(true);
    expect(ws.getRow(2).getCell(2).font?.name).toBe("Consolas");
    expect([1, 2, 3, 4].map((c) => fill(3, c))).toEqual(Array(4).fill(undefined));
    expect([1, 2, 3, 4].map((c) => fill(4, c))).toEqual(Array(4).fill("FFFFF3CD"));
    expect(ws.getRow(4).getCell(2).font?.bold).not.toBe(true);
    // The Summary's screening grid is the sheet's own: the EDD memo's results table.
    const results = sheet(wb, "Screening results");
    expect(results.getRow(2).getCell(4).value).toBe("Match");
    expect(results.getRow(2).getCell(4).font?.bold).toBe(true);
  });

  it("indents what follows a right-aligned column, so a rank never prints against an address", () => {
    const ws = sheet(wb, "Batch results");
    expect(ws.getRow(2).getCell(1).alignment?.horizontal).toBe("right");
    expect(ws.getRow(2).getCell(2).alignment?.indent).toBe(1);
    expect(ws.getRow(2).getCell(3).alignment?.indent).toBeUndefined();
    const results = sheet(wb, "Screening results");
    // "#", address, asset, status, entity, exposure: the address is indented off the "#".
    expect(results.getRow(2).getCell(2).alignment?.indent).toBe(1);
  });
});
