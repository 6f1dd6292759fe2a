import {
  cellKind,
  columnLabelsOf,
  formatValue,
  type ReportTable,
  rowFindings,
  VALUE_KIND_TRAITS,
  type ValueKind,
} from "@svc/report-model";
import type ExcelJS from "exceljs";
import type { CellValue, CellValues } from "./cell-values.js";
import { ColumnMeasure, MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, shownWidth } from "./columns.js";
import { estimatedPages } from "./print-setup.js";
import { cellStyle, emptyCellStyle, HEADER_STYLE, PLAIN_STYLE, type Style } from "./styles.js";
import { lineCount, rowHeight } from "./wrap.js";

export interface DataSheetLayout {
  readonly headers: readonly string[];
  readonly widths: readonly number[];
  readonly wraps: readonly boolean[];
  /**
   * Columns whose left-aligned values are indented: the column before holds values aligned
   * right (a rank, an amount), which would otherwise print against them.
   */
  readonly indents: readonly boolean[];
  /** The sum of the widths, for the page's orientation. */
  readonly width: number;
}

/** Column headers: the table's labels, then "Column N" for rows wider than the header. */
function headersFor(t: ReportTable): string[] {
  const labels = columnLabelsOf(t);
  let n = labels.length;
  for (const row of t.rows) if (row.length > n) n = row.length;
  const headers = Array.from({ length: n }, (_, i) => {
    const label = labels[i];
    return label === undefined || label.trim() === "" ? `Column ${i + 1}` : label;
  });
  return headers.length === 0 ? ["(no columns)"] : headers;
}

const kindOf = (t: ReportTable, r: number, c: number): ValueKind =>
  c < t.columns.length ? cellKind(t, r, c) : "text";

/** The text a cell shows: a number as its kind formats it, anything else as it holds it. */
const shownText = (kind: ValueKind, cell: CellValue) =>
  typeof cell === "number" ? formatValue(cell, kind) : (cell ?? "");

/** Tables up to this many rows are laid out both ways (see `layDataSheet`). */
const COMPARED_ROWS = 500;

/** What an indent takes of a column's width, in Excel units. */
const INDENT_WIDTH = 2;

function layout(
  headers: readonly string[],
  measures: readonly ColumnMeasure[],
  proseWidth: number,
  indents: readonly boolean[],
): DataSheetLayout {
  const plans = measures.map((m) => m.plan(proseWidth));
  const widths = plans.map((p, c) => p.width + (indents[c] === true ? INDENT_WIDTH : 0));
  return {
    headers,
    widths,
    wraps: plans.map((p) => p.wrap),
    indents,
    width: widths.reduce((a, b) => a + b, 0),
  };
}

/** The printed height of a layout's rows, in points. */
function printedHeight(l: DataSheetLayout, prose: readonly (readonly string[])[]): number {
  const header = Math.max(...l.headers.map((h, c) => lineCount(h, l.widths[c] ?? 0, true)));
  let lines = header;
  const rows = prose[0]?.length ?? 0;
  for (let r = 0; r < rows; r++) {
    let tallest = 1;
    prose.forEach((texts, c) => {
      if (l.wraps[c] === true)
        tallest = Math.max(tallest, lineCount(texts[r] ?? "", l.widths[c] ?? 0));
    });
    lines += tallest;
  }
  return rowHeight(lines);
}

/**
 * Widths from the content (labels, values as shown), before the sheet is made. Prose wraps at
 * `MAX_COLUMN_WIDTH`; beside a wider column kept whole (a 95-character address) it may be as
 * wide, when its fewer, longer lines print on fewer pages at the scale the wide column sets
 * anyway (a table of up to `COMPARED_ROWS` rows is laid out both ways).
 */
export function layDataSheet(t: ReportTable, cells: CellValues): DataSheetLayout {
  const headers = headersFor(t);
  const measures = headers.map((h) => new ColumnMeasure(h));
  const compare = t.rows.length <= COMPARED_ROWS;
  const prose: string[][] = headers.map(() => []);
  const right = headers.map(() => false);
  t.rows.forEach((row, r) => {
    for (let c = 0; c < headers.length; c++) {
      const v = row[c];
      const kind = v === null || v === undefined ? "text" : kindOf(t, r, c);
      const cell = v === null || v === undefined ? undefined : cells.value(v, kind);
      if (compare) (prose[c] as string[])[r] = typeof cell === "string" ? cell : "";
      if (cell === undefined) continue;
      if (VALUE_KIND_TRAITS[kind].align === "right") right[c] = true;
      measures[c]?.add(shownWidth(shownText(kind, cell), kind, cell), kind);
    }
  });
  const indents = headers.map((_, c) => c > 0 && right[c - 1] === true);
  const narrow = layout(headers, measures, MAX_COLUMN_WIDTH, indents);
  const widestWhole = Math.max(0, ...measures.map((m) => m.whole));
  if (!compare || widestWhole <= MAX_COLUMN_WIDTH || !narrow.wraps.includes(true)) return narrow;
  const wide = layout(headers, measures, widestWhole, indents);
  return estimatedPages(wide.width, printedHeight(wide, prose)) <
    estimatedPages(narrow.width, printedHeight(narrow, prose))
    ? wide
    : narrow;
}

/**
 * exceljs gives every row a fresh `style` object, which defeats its style-id cache (keyed by
 * object identity) and costs a style serialization per row; rows here carry no style of their
 * own, so they all share one empty object. (`Row.style` exists at run time but is not typed.)
 */
function shareRowStyle(row: ExcelJS.Row): void {
  (row as unknown as { style: Style }).style = PLAIN_STYLE;
}

/**
 * Fills a data sheet: the header row (bold white on dark, wrapped, frozen by the sheet's view,
 * repeated on every printed page), an autofilter over it, and one row per table row, each
 * value as its kind shows it (`spreadsheetValue`, `excelNumberFormat`, monospace addresses),
 * a row showing a match tinted and bold, a near match paler (`rowFindings`).
 */
export function writeDataSheet(
  ws: ExcelJS.Worksheet,
  t: ReportTable,
  layout: DataSheetLayout,
  cells: CellValues,
): void {
  const { headers, widths, wraps, indents } = layout;
  const findings = rowFindings(t);
  const n = headers.length;
  ws.columns = widths.map((width) => ({ width }));
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: n } };

  const header = ws.addRow([...headers]);
  shareRowStyle(header);
  header.height = rowHeight(
    Math.max(...headers.map((h, c) => lineCount(h, widths[c] ?? MIN_COLUMN_WIDTH, true))),
  );
  for (let c = 1; c <= n; c++) {
    const cell = header.findCell(c);
    if (cell !== undefined) cell.style = HEADER_STYLE;
  }
  header.commit();

  // One scratch array for every row (exceljs copies the values into its cells).
  const scratch: CellValue[] = new Array<CellValue>(n);
  const styles: Style[] = new Array<Style>(n);
  t.rows.forEach((source, r) => {
    const finding = findings[r];
    for (let c = 0; c < n; c++) {
      const v = source[c];
      if (v === null || v === undefined) {
        scratch[c] = undefined;
        continue;
      }
      const kind = kindOf(t, r, c);
      scratch[c] = cells.value(v, kind);
      styles[c] = cellStyle(kind, wraps[c] === true, undefined, scratch[c], {
        indent: indents[c] === true,
        finding,
      });
    }
    const row = ws.addRow(scratch);
    shareRowStyle(row);
    // Wrapped prose: the row is as tall as its tallest cell.
    let lines = 1;
    for (let c = 0; c < n; c++) {
      const cell = scratch[c];
      if (wraps[c] === true && typeof cell === "string") {
        lines = Math.max(lines, lineCount(cell, widths[c] ?? MIN_COLUMN_WIDTH));
      }
    }
    if (lines > 1) row.height = rowHeight(lines);
    for (let c = 0; c < n; c++) {
      if (scratch[c] !== undefined) {
        const cell = row.findCell(c + 1);
        if (cell !== undefined) cell.style = styles[c] as Style;
      } else if (finding !== undefined) {
        // A highlighted row is tinted across, its empty cells too.
        row.getCell(c + 1).style = emptyCellStyle(finding);
      }
    }
    row.commit();
  });
}
