import type { RowFinding } from "@svc/report-model";
import {
  BorderStyle,
  type ITableCellBorders,
  type Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  VerticalMergeType,
  WidthType,
} from "docx";
import type { DisplayCell, DisplayTable } from "./display-table.js";
import {
  FINDING_FILLS,
  HEADER_SHADING,
  RULE_COLOR,
  STYLE,
  TABLE_BORDERS,
  TABLE_CODE_PT,
} from "./styles.js";
import { type Overflow, type TableLayout, tableLines } from "./table-layout.js";
import { codeParagraph, styledParagraph } from "./text.js";

const CELL_MARGINS = Object.freeze({ top: 20, bottom: 20, left: 80, right: 80 });

/**
 * A table of at most this many printed lines is kept whole on one page (its title with it): it
 * moves to the next page rather than leave a row or two behind. A longer one keeps its header
 * with its first records and its last two records together, so no page holds a lone row.
 */
const KEEP_WHOLE_LINES = 16;
const KEEP_FIRST_RECORDS = 2;

/** The line that starts a record with full-width rows: a firmer rule than between its rows. */
const RECORD_RULE = Object.freeze({ style: BorderStyle.SINGLE, size: 6, color: RULE_COLOR });
/** No line: between the two rows of one record, which read as one. */
const NO_RULE = Object.freeze({ style: BorderStyle.NIL, size: 0, color: "auto" });

/** Which records keep with the next one (see `KEEP_WHOLE_LINES`). */
function keptRecords(table: DisplayTable, layout: TableLayout): boolean[] {
  const n = table.rows.length;
  // Every record takes a line at least: a long table is not measured.
  const total = n > KEEP_WHOLE_LINES ? n : tableLines(table, layout);
  return table.rows.map(
    (_, r) => r < n - 1 && (total <= KEEP_WHOLE_LINES || r < KEEP_FIRST_RECORDS || r === n - 2),
  );
}

/** The tint of a row showing a finding (`FINDING_FILLS`), or none. */
const shadingOf = (finding: RowFinding | undefined) =>
  finding === undefined
    ? undefined
    : { type: ShadingType.CLEAR, color: "auto", fill: FINDING_FILLS[finding] };

function cellParagraph(
  cell: DisplayCell | undefined,
  right: boolean,
  monoPt: number,
  keepNext: boolean,
  finding?: RowFinding,
): Paragraph {
  const text = cell?.text ?? "";
  // An exact match's row reads bold.
  const strong = finding === "match";
  if (cell !== undefined && text !== "" && cell.traits.monospace) {
    const style = strong ? STYLE.tableCodeMatch : STYLE.tableCode;
    return codeParagraph(style, text, monoPt, TABLE_CODE_PT, keepNext);
  }
  const style = right
    ? strong
      ? STYLE.tableNumberMatch
      : STYLE.tableNumber
    : strong
      ? STYLE.tableTextMatch
      : STYLE.tableText;
  return styledParagraph(style, text, { keepLeft: true, keepNext });
}

function headerCell(label: string, right: boolean, columnSpan?: number): TableCell {
  return new TableCell({
    shading: HEADER_SHADING,
    columnSpan,
    children: [styledParagraph(right ? STYLE.tableHeaderNumber : STYLE.tableHeader, label)],
  });
}

/** The header rows: one per full-width column, then the grid's; all repeat on every page. */
function headerRows(table: DisplayTable, layout: TableLayout): TableRow[] {
  const span = layout.grid.length;
  const rows = layout.spanned.map(
    (c) =>
      new TableRow({
        tableHeader: true,
        cantSplit: true,
        children: [headerCell(table.labels[c] ?? "", false, span)],
      }),
  );
  rows.push(
    new TableRow({
      tableHeader: true,
      cantSplit: true,
      children: layout.grid.map((c) => headerCell(table.labels[c] ?? "", layout.right[c] === true)),
    }),
  );
  return rows;
}

function gridCell(
  row: readonly DisplayCell[],
  c: number,
  layout: TableLayout,
  keepNext: boolean,
  borders?: ITableCellBorders,
  finding?: RowFinding,
) {
  return new TableCell({
    borders,
    shading: shadingOf(finding),
    children: [cellParagraph(row[c], layout.right[c] === true, layout.monoPt, keepNext, finding)],
  });
}

/**
 * A record whose code value is too long for its column: the value in a row of its own, from its
 * column to the right edge, beside the record's first cells (merged down over both rows); the
 * rest of the record in the row below.
 */
function overflowRows(
  row: readonly DisplayCell[],
  layout: TableLayout,
  overflow: Overflow,
  keepNext: boolean,
  finding?: RowFinding,
): TableRow[] {
  const shading = shadingOf(finding);
  const at = layout.grid.indexOf(overflow.column);
  const before = layout.grid.slice(0, at);
  const after = layout.grid.slice(at + 1);
  // Under the record's full-width rows, if it has any, no rule.
  const top = layout.spanned.length > 0 ? NO_RULE : undefined;
  const first = new TableRow({
    cantSplit: true,
    children: [
      ...before.map(
        (c) =>
          new TableCell({
            verticalMerge: VerticalMergeType.RESTART,
            borders: { top },
            shading,
            children: [
              cellParagraph(row[c], layout.right[c] === true, layout.monoPt, true, finding),
            ],
          }),
      ),
      new TableCell({
        columnSpan: layout.grid.length - at,
        borders: { top, bottom: NO_RULE },
        shading,
        children: [cellParagraph(row[overflow.column], false, overflow.monoPt, true, finding)],
      }),
    ],
  });
  const second = new TableRow({
    cantSplit: true,
    children: [
      ...before.map(
        () =>
          new TableCell({
            verticalMerge: VerticalMergeType.CONTINUE,
            shading,
            children: [styledParagraph(STYLE.tableText, "", { keepNext })],
          }),
      ),
      new TableCell({
        borders: { top: NO_RULE },
        shading,
        children: [styledParagraph(STYLE.tableText, "", { keepNext })],
      }),
      ...after.map((c) => gridCell(row, c, layout, keepNext, { top: NO_RULE }, finding)),
    ],
  });
  return [first, second];
}

/** One record: its full-width rows (kept with the main row), then its main row. */
function recordRows(
  row: readonly DisplayCell[],
  r: number,
  layout: TableLayout,
  keepNext: boolean,
  finding?: RowFinding,
): TableRow[] {
  const span = layout.grid.length;
  const shading = shadingOf(finding);
  if (layout.spanRows.has(r)) {
    // A field/value row whose value needs the page's width: the label over the value.
    return [
      new TableRow({
        cantSplit: true,
        children: [
          new TableCell({
            columnSpan: span,
            shading,
            children: [
              styledParagraph(STYLE.tableText, row[0]?.text ?? "", {
                keepLeft: true,
                keepNext: true,
              }),
              cellParagraph(row[1], false, layout.spanMonoPt, keepNext, finding),
            ],
          }),
        ],
      }),
    ];
  }
  const rows = layout.spanned.map(
    (c, i) =>
      new TableRow({
        cantSplit: true,
        children: [
          new TableCell({
            columnSpan: span,
            // A record's rows read as one: a rule above its first, none between them.
            borders: { top: i === 0 ? RECORD_RULE : NO_RULE, bottom: NO_RULE },
            shading,
            children: [cellParagraph(row[c], false, layout.spanMonoPt, true, finding)],
          }),
        ],
      }),
  );
  const { overflow } = layout;
  if (overflow?.rows.has(r)) {
    rows.push(...overflowRows(row, layout, overflow, keepNext, finding));
    return rows;
  }
  const below = layout.spanned.length > 0 ? { top: NO_RULE } : undefined;
  rows.push(
    new TableRow({
      cantSplit: true,
      children: layout.grid.map((c) => gridCell(row, c, layout, keepNext, below, finding)),
    }),
  );
  return rows;
}

/**
 * A bordered table with a shaded, bold header row that repeats on every page (`w:tblHeader`),
 * laid out as `layout` says; a row showing an exact match tinted and bold, a near match's
 * tinted paler (`DisplayTable.findings`). Rows never break across pages; a short table stays on one page, a
 * long one keeps its header with its first records and ends on two records at least.
 */
export function buildTable(table: DisplayTable, layout: TableLayout): Table {
  const rows = headerRows(table, layout);
  if (table.rows.length === 0) {
    rows.push(
      new TableRow({
        cantSplit: true,
        children: [
          new TableCell({
            columnSpan: layout.grid.length,
            children: [styledParagraph(STYLE.tableText, "No rows.")],
          }),
        ],
      }),
    );
  }
  const kept = keptRecords(table, layout);
  table.rows.forEach((row, r) => {
    rows.push(...recordRows(row, r, layout, kept[r] === true, table.findings?.[r]));
  });
  const width = layout.widths.reduce((a, b) => a + b, 0);
  return new Table({
    rows,
    columnWidths: [...layout.widths],
    width: { size: width, type: WidthType.DXA },
    layout: TableLayoutType.FIXED,
    borders: TABLE_BORDERS,
    margins: CELL_MARGINS,
  });
}
