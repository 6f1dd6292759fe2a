import type { ReportTable } from "@svc/report-model";
import { formatScalar, groupingFrom, numericColumns } from "./format.js";
import { FILL, type Measurer } from "./measure.js";
import { CONTENT_WIDTH, SPACING, TYPE } from "./theme.js";

/** One laid-out row (or, for a row taller than a page, one page-sized piece of it). */
export interface TableRow {
  /** Cell texts, already broken into lines (one `<Text>` each). */
  readonly cells: readonly (readonly string[])[];
  /** Per cell, whether it needs the fallback font stack; null when no cell does. */
  readonly fallback: readonly boolean[] | null;
  readonly height: number;
  readonly zebra: boolean;
}

/** A table measured and broken into lines: ready to be cut into page-sized chunks. */
export interface TableModel {
  readonly title: readonly string[];
  readonly titleFallback: boolean;
  readonly titleHeight: number;
  /** Height of the "(continued)" caption on later pages. */
  readonly continuedHeight: number;
  readonly continuedTitle: readonly string[];
  readonly widths: readonly number[];
  readonly numeric: readonly boolean[];
  readonly dense: boolean;
  readonly header: TableRow;
  readonly rows: readonly TableRow[];
}

/** From this many columns on, a table is set in the dense type size. */
const DENSE_FROM = 8;
const MIN_COLUMN = 22;

/**
 * Formats every cell, picks column widths from the content (numbers never wrap, long addresses
 * wrap only when the table is too wide for them), breaks every cell into lines and computes each
 * row's exact height. Rows taller than `maxRowHeight` are split into several pieces.
 */
export function buildTableModel(
  table: ReportTable,
  measurer: Measurer,
  text: (s: string) => string,
  maxRowHeight: number,
): TableModel {
  const columnCount = Math.max(1, table.columns.length);
  const dense = columnCount >= DENSE_FROM;
  const type = dense ? TYPE.cellDense : TYPE.cell;
  const size = type.size;
  const pad = 2 * SPACING.cellPadX;
  const numeric = numericColumns(columnCount, table.rows);

  const headerTexts = Array.from({ length: columnCount }, (_, c) => text(table.columns[c] ?? ""));
  const grouping = numeric.map((n, c) =>
    n ? groupingFrom(table.columns[c] ?? "", table.rows, c) : Number.POSITIVE_INFINITY,
  );
  const cellTexts: string[][] = table.rows.map((row) =>
    Array.from({ length: columnCount }, (_, c) => text(formatScalar(row[c] ?? null, grouping[c]))),
  );

  const widths = columnWidths(headerTexts, cellTexts, numeric, measurer, size, pad);

  const headerLines = headerTexts.map((h, c) =>
    measurer.wrap(h, (widths[c] as number) - pad, size, true),
  );
  const headerHeight =
    Math.max(...headerLines.map((l) => l.length)) * type.line + 2 * SPACING.cellPadY;
  const header: TableRow = {
    cells: headerLines,
    fallback: fallbackFlags(headerTexts, measurer, true),
    height: headerHeight,
    zebra: false,
  };

  const rows: TableRow[] = [];
  const maxLines = Math.max(1, Math.floor((maxRowHeight - 2 * SPACING.cellPadY) / type.line));
  for (let r = 0; r < cellTexts.length; r++) {
    const cells = cellTexts[r] as string[];
    const lines = cells.map((cell, c) => measurer.wrap(cell, (widths[c] as number) - pad, size));
    const fallback = fallbackFlags(cells, measurer, false);
    const zebra = r % 2 === 1;
    let count = 0;
    for (const l of lines) count = Math.max(count, l.length);
    for (let from = 0; from < count; from += maxLines) {
      const to = Math.min(count, from + maxLines);
      rows.push({
        cells: from === 0 && to === count ? lines : lines.map((l) => l.slice(from, to)),
        fallback,
        height: (to - from) * type.line + 2 * SPACING.cellPadY + 0.5,
        zebra,
      });
    }
  }

  const title = text(table.title);
  const titleLines = measurer.wrap(title, CONTENT_WIDTH, TYPE.tableTitle.size, true);
  const continuedTitle = measurer.wrap(`${title} (continued)`, CONTENT_WIDTH, TYPE.tableTitle.size);
  return {
    title: titleLines,
    titleFallback: measurer.needsFallback(title, true) || measurer.needsFallback(title, false),
    titleHeight: titleLines.length * TYPE.tableTitle.line + SPACING.tableTitleGap,
    continuedTitle,
    continuedHeight: continuedTitle.length * TYPE.tableTitle.line + SPACING.tableTitleGap,
    widths,
    numeric,
    dense,
    header,
    rows,
  };
}

function fallbackFlags(
  texts: readonly string[],
  measurer: Measurer,
  bold: boolean,
): boolean[] | null {
  let flags: boolean[] | null = null;
  for (let c = 0; c < texts.length; c++) {
    if (measurer.needsFallback(texts[c] as string, bold)) {
      flags ??= texts.map(() => false);
      flags[c] = true;
    }
  }
  return flags;
}

/**
 * Auto table layout. Natural width = widest line of a column (header in bold). When the natural
 * widths fit, the spare width is shared out in proportion. Otherwise each column gets its
 * longest unbreakable word (numbers are never broken), except that the widest such words (long
 * addresses) are capped at a common level so the rest still fit (water-filling); what is left
 * is shared in proportion to how much more each column wants.
 */
function columnWidths(
  header: readonly string[],
  cells: readonly (readonly string[])[],
  numeric: readonly boolean[],
  measurer: Measurer,
  size: number,
  pad: number,
): number[] {
  const n = header.length;
  const total = CONTENT_WIDTH - 1; // the table's outer side borders
  const natural = header.map((h) => widestLine(h, measurer, size, true));
  for (const row of cells) {
    for (let c = 0; c < n; c++) {
      const w = widestLine(row[c] as string, measurer, size, false);
      if (w > (natural[c] as number)) natural[c] = w;
    }
  }
  const want = natural.map((w) => Math.max(MIN_COLUMN, w / FILL + pad + 1));
  const sumWant = want.reduce((a, b) => a + b, 0);
  if (sumWant <= total) {
    const spare = total - sumWant;
    return want.map((w) => w + (spare * w) / sumWant);
  }
  // Every column's longest unbreakable piece: words of a cell, and of a header also the pieces
  // between "_"/"-" (a header may break after them). Numbers are never broken.
  const min = header.map((h, c) =>
    numeric[c] === true
      ? (want[c] as number)
      : longestWord(h, measurer, size, true, HEADER_BREAKS) / FILL + pad + 1,
  );
  for (const row of cells) {
    for (let c = 0; c < n; c++) {
      if (numeric[c] === true) continue;
      const w = longestWord(row[c] as string, measurer, size, false, WORD_BREAKS) / FILL + pad + 1;
      if (w > (min[c] as number)) min[c] = w;
    }
  }
  for (let c = 0; c < n; c++) min[c] = Math.max(MIN_COLUMN, min[c] as number);
  const floor = waterLevel(min, total);
  // Columns whose longest token is above the water level (addresses) are capped at it and wrap;
  // the others keep their longest word whole.
  const base = min.map((w) => Math.min(w, floor));
  const sumBase = base.reduce((a, b) => a + b, 0);
  if (sumBase >= total - 0.01) return base.map((w) => (w * total) / sumBase);
  const desire = want.map((w, c) => Math.max(0, w - (base[c] as number)));
  const sumDesire = desire.reduce((a, b) => a + b, 0);
  const spare = total - sumBase;
  return base.map(
    (w, c) => w + (sumDesire === 0 ? spare / n : ((desire[c] as number) * spare) / sumDesire),
  );
}

/**
 * The cap T with Σ min(wᵢ, T) = total (water-filling from the top), or +∞ when the widths fit
 * as they are. Never below an even share of the width, so no column is starved.
 */
function waterLevel(widths: readonly number[], total: number): number {
  if (widths.reduce((a, b) => a + b, 0) <= total) return Number.POSITIVE_INFINITY;
  const sorted = [...widths].sort((a, b) => a - b);
  let below = 0;
  for (let i = 0; i < sorted.length; i++) {
    const rest = sorted.length - i;
    const level = (total - below) / rest;
    if (level <= (sorted[i] as number)) return Math.max(level, total / sorted.length);
    below += sorted[i] as number;
  }
  return Number.POSITIVE_INFINITY;
}

const WORD_BREAKS = /\s+/;
const HEADER_BREAKS = /\s+|(?<=[_\-/])/;

function widestLine(text: string, measurer: Measurer, size: number, bold: boolean): number {
  if (!text.includes("\n")) return measurer.width(text, size, bold);
  let max = 0;
  for (const line of text.split("\n")) max = Math.max(max, measurer.width(line, size, bold));
  return max;
}

function longestWord(
  text: string,
  measurer: Measurer,
  size: number,
  bold: boolean,
  breaks: RegExp,
): number {
  let max = 0;
  for (const word of text.split(breaks)) max = Math.max(max, measurer.width(word, size, bold));
  return max;
}
