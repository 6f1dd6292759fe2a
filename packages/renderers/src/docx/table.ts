import { formatScalar, type ReportTable, type Scalar } from "@svc/report-model";
import { Paragraph, Table, TableCell, TableLayoutType, TableRow, WidthType } from "docx";
import { HEADER_SHADING, STYLE, TABLE_BORDERS } from "./styles.js";
import { styledParagraph, textUnits } from "./text.js";

/** Twips of one width unit of `textUnits` at 9 pt (an average Calibri character). */
const TWIPS_PER_UNIT = 95;
/** Left + right cell padding, and what a cell needs besides its text. */
const CELL_PADDING = 2 * 80 + 20;
/** Cells longer than this many units wrap rather than widen their column. */
const MAX_UNITS = 48;
const MIN_UNITS = 3;
/** Rows read to size the columns (spread evenly over the table). */
const SAMPLE_ROWS = 400;
/**
 * Most columns one table shows; wider tables are split into parts that repeat the first column.
 * Word refuses tables of more than 63 columns, and 14 is what a landscape page can still read.
 */
export const MAX_COLUMNS = 14;

const CELL_MARGINS = Object.freeze({ top: 30, bottom: 30, left: 80, right: 80 });

export interface TableLayout {
  /** Column widths in twips, adding up to the table's width. */
  readonly widths: readonly number[];
  /** Columns whose every value is a number: right-aligned, header too. */
  readonly numeric: readonly boolean[];
}

/** The natural width of each column in twips (header and a sample of its cells, capped). */
export function naturalWidths(table: ReportTable): number[] {
  const { columns, rows } = table;
  const units = columns.map((c) => Math.min(MAX_UNITS, Math.max(MIN_UNITS, textUnits(c) * 1.05)));
  const step = Math.max(1, Math.floor(rows.length / SAMPLE_ROWS));
  for (let r = 0; r < rows.length; r += step) {
    const row = rows[r] as readonly Scalar[];
    for (let c = 0; c < units.length; c++) {
      const value = row[c] ?? null;
      if (value === null) continue;
      const u = textUnits(typeof value === "string" ? value : formatScalar(value));
      if (u > (units[c] as number)) units[c] = Math.min(MAX_UNITS, u);
    }
  }
  return units.map((u) => Math.ceil(u * TWIPS_PER_UNIT) + CELL_PADDING);
}

/**
 * Fits natural widths to `available` twips. With `fill`, a table narrower than the page is widened
 * in proportion; a wider one gives its narrow columns their natural width and shares what is left
 * evenly among the wide ones (their text wraps).
 */
export function fitWidths(natural: readonly number[], available: number, fill: boolean): number[] {
  const total = natural.reduce((a, b) => a + b, 0);
  if (total <= available) {
    if (!fill) return [...natural];
    const scaled = natural.map((w) => Math.floor((w * available) / total));
    return settle(scaled, available);
  }
  const order = natural.map((w, i) => [w, i] as const).sort((a, b) => a[0] - b[0]);
  const widths = new Array<number>(natural.length).fill(0);
  let remaining = available;
  let left = natural.length;
  for (const [w, i] of order) {
    const share = Math.floor(remaining / left);
    const width = Math.min(w, share);
    widths[i] = width;
    remaining -= width;
    left--;
  }
  return settle(widths, available);
}

function settle(widths: number[], available: number): number[] {
  const diff = available - widths.reduce((a, b) => a + b, 0);
  const last = widths.length - 1;
  if (last >= 0) widths[last] = (widths[last] as number) + diff;
  return widths;
}

export function numericColumns(table: ReportTable): boolean[] {
  return table.columns.map((_, c) => {
    let any = false;
    for (const row of table.rows) {
      const v = row[c] ?? null;
      if (v === null) continue;
      if (typeof v !== "number") return false;
      any = true;
    }
    return any;
  });
}

/** Splits a table wider than `MAX_COLUMNS` into parts that each repeat the first column. */
export function splitColumns(table: ReportTable): ReportTable[] {
  const n = table.columns.length;
  if (n <= MAX_COLUMNS) return [table];
  const parts: ReportTable[] = [];
  const per = MAX_COLUMNS - 1;
  for (let start = 1; start < n; start += per) {
    const end = Math.min(n, start + per);
    const pick = [0, ...Array.from({ length: end - start }, (_, i) => start + i)];
    parts.push({
      key: table.key,
      title: `${table.title} (columns ${start === 1 ? 1 : start + 1}\u2013${end} of ${n})`,
      columns: pick.map((c) => table.columns[c] ?? ""),
      rows: table.rows.map((row) => pick.map((c) => row[c] ?? null)),
    });
  }
  return parts;
}

function valueCell(value: Scalar): TableCell {
  if (value === null)
    return new TableCell({ children: [new Paragraph({ style: STYLE.tableText })] });
  if (typeof value === "number") {
    return new TableCell({
      children: [new Paragraph({ style: STYLE.tableNumber, text: formatScalar(value) })],
    });
  }
  return new TableCell({
    children: [styledParagraph(STYLE.tableText, formatScalar(value), { keepLeft: true })],
  });
}

/**
 * A bordered table with a shaded, bold header row that repeats on every page (`w:tblHeader`).
 * Borders, cell margins and the fixed layout are set once on the table; cells carry only their
 * paragraph, whose style says how it looks.
 */
export function buildTable(table: ReportTable, layout: TableLayout): Table {
  const { widths, numeric } = layout;
  const columnCount = table.columns.length;
  const header = new TableRow({
    tableHeader: true,
    cantSplit: true,
    children: table.columns.map(
      (name, c) =>
        new TableCell({
          shading: HEADER_SHADING,
          children: [
            styledParagraph(numeric[c] ? STYLE.tableHeaderNumber : STYLE.tableHeader, name),
          ],
        }),
    ),
  });
  const rows: TableRow[] = [header];
  if (table.rows.length === 0) {
    rows.push(
      new TableRow({
        children: [
          new TableCell({
            columnSpan: columnCount,
            children: [styledParagraph(STYLE.tableText, "No rows.")],
          }),
        ],
      }),
    );
  }
  for (const row of table.rows) {
    const cells = new Array<TableCell>(columnCount);
    for (let c = 0; c < columnCount; c++) cells[c] = valueCell(row[c] ?? null);
    rows.push(new TableRow({ children: cells }));
  }
  const width = widths.reduce((a, b) => a + b, 0);
  return new Table({
    rows,
    columnWidths: [...widths],
    width: { size: width, type: WidthType.DXA },
    layout: TableLayoutType.FIXED,
    borders: TABLE_BORDERS,
    margins: CELL_MARGINS,
  });
}
