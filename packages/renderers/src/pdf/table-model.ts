import {
  cellKind,
  columnKindsOf,
  columnLabelsOf,
  formatCell,
  type ReportTable,
  type RowFinding,
  rowFindings,
  rowKindsOf,
  VALUE_KIND_TRAITS,
} from "@svc/report-model";
import { FILL, type Measurer } from "./measure.js";
import { monoCovers, monoWidth } from "./mono-font.js";
import { CONTENT_WIDTH, SPACING, TYPE } from "./theme.js";
import { keepWholeTokens } from "./whole-tokens.js";

/** How one cell is set when it is not the table's ordinary type: monospace, or smaller to fit. */
export interface CellStyle {
  readonly mono: boolean;
  readonly size: number;
}

/**
 * A value lifted out of the grid onto a line of its own across the whole table (an address too
 * wide to share a row with the other columns): one line, never broken.
 */
export interface SpanLine {
  readonly text: string;
  readonly style: CellStyle;
  readonly fallback: boolean;
}

/** One laid-out row (or, for a row taller than a page, one page-sized piece of it). */
export interface TableRow {
  /** Lifted values, each on a full-width line above the grid cells (see `TableModel.lifted`). */
  readonly spans: readonly SpanLine[];
  /**
   * Per span, the grid column it was lifted from (its grid cell is left empty), or -1 for a
   * column not in the grid (a band): where a screen reader meets it among the row's cells.
   */
  readonly spanColumns: readonly number[];
  /** Grid cell texts, already broken into lines (one `<Text>` each). */
  readonly cells: readonly (readonly string[])[];
  /** Per grid cell, whether it needs the fallback font stack; null when no cell does. */
  readonly fallback: readonly boolean[] | null;
  /** Per grid cell, its style when not the table's ordinary type; null when every cell is. */
  readonly styles: readonly (CellStyle | null)[] | null;
  readonly height: number;
  readonly zebra: boolean;
  /**
   * What the row shows (`rowFindings`): an exact `match` (strong tint, a solid bar at its left
   * edge, bold type) or a `near-match` (lighter tint, a thin bar); null for every other row.
   */
  readonly finding: RowFinding | null;
}

/** A table measured and broken into lines: ready to be cut into page-sized chunks. */
export interface TableModel {
  readonly title: readonly string[];
  /**
   * The title's level among the document's headings: 2 (a part of the report, like the
   * summary), or 3 (a table under a section's own heading). Absent: 2.
   */
  readonly titleLevel?: 2 | 3;
  readonly titleFallback: boolean;
  readonly titleHeight: number;
  /** Height of the "(continued)" caption on later pages. */
  readonly continuedHeight: number;
  readonly continuedTitle: readonly string[];
  /** Widths of the grid's columns (the table's columns less the lifted ones). */
  readonly widths: readonly number[];
  /** Per grid column: right-aligned (numbers). */
  readonly numeric: readonly boolean[];
  readonly dense: boolean;
  /**
   * How many values each row lifts onto full-width lines above its grid cells (0: an ordinary
   * grid): an address column that would leave the other columns no room is set this way.
   */
  readonly lifted: number;
  readonly header: TableRow;
  readonly rows: readonly TableRow[];
}

/** Options a document sets for all its tables, so tables of a kind look alike. */
export interface TableOptions {
  /** The width of a field/value table's field column (the same in every such table). */
  readonly fieldWidth: number;
}

/** From this many columns on, a table is set in the dense type size. */
const DENSE_FROM = 8;
const MIN_COLUMN = 22;
/** Values kept whole are set smaller, down to this share of the type size, before they wrap. */
const MIN_SHRINK = 0.7;
/** A band layout is chosen over a grid that fits when it saves at least this share of height. */
const BAND_GAIN = 0.85;

/** What the layout knows of each cell: its text, how it is set and its width on one line. */
interface CellInfo {
  readonly text: string;
  readonly mono: boolean;
  readonly keepWhole: boolean;
  /** Width of the widest line, at the type size. */
  readonly width: number;
  /** Widest piece that must stay on one line: the whole value, or its longest address. */
  readonly hard: number;
  /** Its longest word. */
  readonly word: number;
}

/** A field/value table (two columns, the second `value`): its field column has a set width. */
function isFieldValue(table: ReportTable): boolean {
  return rowKindsOf(table) !== undefined;
}

/**
 * Formats every cell from the report model (`formatCell`, headers from `columnLabelsOf`), picks
 * column widths from the content and breaks every cell into lines, computing each row's exact
 * height. Values of a kind kept whole (`VALUE_KIND_TRAITS`: addresses, hashes, ids, numbers)
 * are never broken: they get the width they need, else a smaller size; an address column that
 * would leave the other columns no room is lifted onto a full-width line of each row. Rows
 * taller than `maxRowHeight` are split into several pieces.
 */
export function buildTableModel(
  table: ReportTable,
  measurer: Measurer,
  text: (s: string) => string,
  maxRowHeight: number,
  options: TableOptions,
): TableModel {
  const columnCount = Math.max(1, table.columns.length);
  let dense = columnCount >= DENSE_FROM;
  let type: { readonly size: number; readonly line: number } = dense ? TYPE.cellDense : TYPE.cell;
  let size = type.size;
  const pad = 2 * SPACING.cellPadX + 1;
  const kinds = columnKindsOf(table);
  const labels = columnLabelsOf(table);
  const fieldValue = isFieldValue(table) && columnCount === 2;

  const headerTexts = Array.from({ length: columnCount }, (_, c) => text(labels[c] ?? ""));
  let headerInfo = headerTexts.map((h) => headerMeasure(h, measurer, size));
  const texts = table.rows.map((_, r) =>
    Array.from({ length: columnCount }, (_, c) => text(formatCell(table, r, c))),
  );
  // Rows showing a match are set in bold: measured, wrapped and drawn so.
  const findings = rowFindings(table);
  const boldRow = (r: number): boolean => findings[r] === "match";
  const measureCells = (at: number): CellInfo[][] =>
    texts.map((row, r) =>
      row.map((t, c) => cellInfo(t, cellKind(table, r, c), measurer, at, boldRow(r))),
    );
  let cells = measureCells(size);

  const columns = Array.from({ length: columnCount }, (_, c) => c);
  const right = columns.map((c) => VALUE_KIND_TRAITS[kinds[c] ?? "text"].align === "right");
  const liftable = columns.filter((c) => {
    const traits = VALUE_KIND_TRAITS[kinds[c] ?? "text"];
    return traits.monospace && traits.keepWhole && !fieldValue;
  });

  // `cap`: values of a liftable column wider than it go on lines of their own, not in the grid.
  const measure = (grid: readonly number[], width: number, cap: number): ColumnMeasure[] =>
    grid.map((c) => {
      const capped = liftable.includes(c);
      let widest = 0;
      let hard = Math.max(headerInfo[c]?.word ?? 0, 0);
      let soft = hard;
      for (const row of cells) {
        const cell = row[c] as CellInfo;
        if (capped && cell.hard > cap) continue;
        if (cell.width > widest) widest = cell.width;
        if (cell.hard > hard) hard = cell.hard;
        if (cell.word > soft) soft = cell.word;
      }
      const natural = Math.max(widest, headerInfo[c]?.width ?? 0);
      const n = Math.max(MIN_COLUMN, natural / FILL + pad);
      const h = Math.min(width, Math.max(MIN_COLUMN, hard / FILL + pad));
      const cellNatural = Math.max(h, widest / FILL + pad);
      const kind = kinds[c] ?? "text";
      const prose = !VALUE_KIND_TRAITS[kind].keepWhole && kind !== "boolean";
      const head = Math.min(n, Math.max(h, (headerInfo[c]?.twoLines ?? 0) / FILL + pad + 0.01));
      return {
        natural: n,
        cellNatural,
        hard: h,
        soft: Math.max(h, soft / FILL + pad),
        prose,
        head,
      };
    });

  const total = CONTENT_WIDTH - 1; // the table's outer side borders
  let layout: Layout;
  const choose = (): Layout & { score: number } => {
    const option = (grid: readonly number[], cap: number): Layout & { score: number } => {
      const measures = measure(grid, total, cap);
      const widths = grid.length === 0 ? [] : fitColumns(measures, total);
      const fits = measures.every((m, i) => (widths[i] as number) >= m.hard - 0.01);
      const lines = estimateLines(cells, grid, widths, pad, liftable, cap);
      return { grid, widths, cap, score: fits ? lines : Number.POSITIVE_INFINITY };
    };
    const inline = option(columns, Number.POSITIVE_INFINITY);
    if (liftable.length === 0) return inline;
    {
      // The whole column on lines of its own (a band), or the column kept for the values that
      // fit it and the wider ones lifted: whichever takes the fewest lines, the grid as it is
      // unless another saves a good share of the height.
      const band = option(
        columns.filter((c) => !liftable.includes(c)),
        Number.NEGATIVE_INFINITY,
      );
      const caps = [
        ...new Set(liftable.flatMap((c) => cells.map((row) => (row[c] as CellInfo).hard))),
      ];
      let best = band;
      for (const cap of caps) {
        const o = option(columns, cap);
        if (o.score < best.score) best = o;
      }
      if (best.score < inline.score * BAND_GAIN || inline.score === Number.POSITIVE_INFINITY) {
        return best.score === Number.POSITIVE_INFINITY ? inline : best;
      }
      return inline;
    }
  };
  if (fieldValue) {
    const field = Math.min(options.fieldWidth, total - MIN_COLUMN);
    layout = { grid: columns, widths: [field, total - field], cap: Number.POSITIVE_INFINITY };
  } else {
    const chosen = choose();
    layout = chosen;
    if (!dense && cells.some((row) => liftedCount(row, chosen) > 0)) {
      // A grid that needs lines of their own for its addresses at the ordinary size is set in
      // the dense size when that saves a good share of its height (wide tables of short values).
      const regular = { cells, headerInfo, height: chosen.score * type.line };
      dense = true;
      type = TYPE.cellDense;
      size = type.size;
      cells = measureCells(size);
      headerInfo = headerTexts.map((h) => headerMeasure(h, measurer, size));
      const small = choose();
      if (small.score * type.line < regular.height * BAND_GAIN) {
        layout = small;
      } else {
        dense = false;
        type = TYPE.cell;
        size = type.size;
        ({ cells, headerInfo } = regular);
      }
    }
  }
  const { grid, widths, cap } = layout;
  const lifted = columns.filter((c) => !grid.includes(c));
  const liftedFrom = (row: readonly CellInfo[]) =>
    liftable.filter((c) => !grid.includes(c) || (row[c] as CellInfo).hard > cap);
  const spanWidth = total - pad;

  const styled = (cell: CellInfo, width: number): CellStyle | null => {
    const inner = width - pad;
    const scale = cell.hard > inner * FILL ? (inner * FILL) / cell.hard : 1;
    if (!cell.mono && scale >= 1) return null;
    return { mono: cell.mono, size: size * Math.max(MIN_SHRINK, Math.min(1, scale)) };
  };
  const wrapCell = (
    cell: CellInfo,
    width: number,
    style: CellStyle | null,
    bold: boolean,
  ): string[] => {
    const s = style?.size ?? size;
    if (cell.keepWhole && !cell.text.includes("\n")) {
      const w =
        style?.mono === true ? monoWidth(measurer.mono, cell.text, s) : cell.width * (s / size);
      if (w <= (width - pad) * FILL) return [cell.text];
    }
    if (style?.mono === true) return measurer.wrapMono(cell.text, width - pad, s);
    return measurer.wrap(cell.text, width - pad, s, bold, true);
  };

  const headerLines = grid.map((c, i) =>
    measurer.wrap(headerTexts[c] as string, (widths[i] as number) - pad, size, true),
  );
  const headerSpans: SpanLine[] = lifted.map((c) => ({
    text: headerTexts[c] as string,
    style: { mono: false, size },
    fallback: measurer.needsFallback(headerTexts[c] as string, true),
  }));
  const header: TableRow = {
    spans: headerSpans,
    spanColumns: headerSpans.map(() => -1),
    cells: headerLines,
    fallback: fallbackFlags(
      grid.map((c) => headerTexts[c] as string),
      measurer,
      true,
    ),
    styles: null,
    height:
      (lifted.length + Math.max(1, ...headerLines.map((l) => l.length))) * type.line +
      2 * SPACING.cellPadY,
    zebra: false,
    finding: null,
  };

  const rows: TableRow[] = [];
  const maxLines = Math.max(
    1,
    Math.floor((maxRowHeight - 2 * SPACING.cellPadY) / type.line) - liftable.length,
  );
  for (let r = 0; r < cells.length; r++) {
    const row = cells[r] as CellInfo[];
    const spans: SpanLine[] = liftedFrom(row).map((c) => {
      const cell = row[c] as CellInfo;
      const style = styled(cell, spanWidth + pad) ?? { mono: false, size };
      return { text: cell.text, style, fallback: !cell.mono && measurer.needsFallback(cell.text) };
    });
    const away = new Set(spans.length === 0 ? [] : liftedFrom(row));
    const cellStyles = grid.map((c, i) =>
      away.has(c) ? null : styled(row[c] as CellInfo, widths[i] as number),
    );
    const bold = boldRow(r);
    const lines = grid.map((c, i) =>
      away.has(c)
        ? [""]
        : wrapCell(row[c] as CellInfo, widths[i] as number, cellStyles[i] ?? null, bold),
    );
    const fallback = fallbackFlags(
      grid.map((c) => (row[c] as CellInfo).text),
      measurer,
      bold,
      grid.map((c) => (row[c] as CellInfo).mono),
    );
    const styles = cellStyles.some((s) => s !== null) ? cellStyles : null;
    const zebra = r % 2 === 1;
    let count = 0;
    for (const l of lines) count = Math.max(count, l.length);
    for (let from = 0; from < count; from += maxLines) {
      const to = Math.min(count, from + maxLines);
      const first = from === 0;
      rows.push({
        spans: first ? spans : [],
        spanColumns: first ? liftedFrom(row).map((c) => grid.indexOf(c)) : [],
        cells: first && to === count ? lines : lines.map((l) => l.slice(from, to)),
        fallback,
        styles,
        height: ((first ? spans.length : 0) + (to - from)) * type.line + 2 * SPACING.cellPadY + 0.5,
        zebra,
        finding: findings[r] ?? null,
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
    numeric: grid.map((c) => right[c] === true),
    dense,
    lifted: lifted.length,
    header,
    rows,
  };
}

/**
 * The width of the field column of every field/value table in a report: its longest field name
 * on one line (bold headers and regular fields alike), within a quarter and two fifths of the
 * page, so the field/value tables of a document share one layout.
 */
export function fieldColumnWidth(
  tables: readonly ReportTable[],
  measurer: Measurer,
  text: (s: string) => string,
): number {
  const pad = 2 * SPACING.cellPadX + 1;
  let widest = 0;
  for (const t of tables) {
    if (!isFieldValue(t)) continue;
    const size = TYPE.cell.size;
    widest = Math.max(widest, measurer.width(text(columnLabelsOf(t)[0] ?? ""), size, true));
    for (let r = 0; r < t.rows.length; r++) {
      widest = Math.max(widest, widestLine(text(formatCell(t, r, 0)), measurer, size, false, true));
    }
  }
  const total = CONTENT_WIDTH - 1;
  return Math.min(total * 0.4, Math.max(total * 0.25, widest / FILL + pad));
}

function cellInfo(text: string, kind: string, m: Measurer, size: number, bold = false): CellInfo {
  const traits =
    VALUE_KIND_TRAITS[kind as keyof typeof VALUE_KIND_TRAITS] ?? VALUE_KIND_TRAITS.text;
  const mono = traits.monospace && text !== "" && monoCovers(m.mono, text);
  if (mono) {
    const width = monoWidth(m.mono, text, size);
    return { text, mono, keepWhole: true, width, hard: width, word: width };
  }
  // Addresses and digests in a cell's text are set in the monospace face (see `paintRow`).
  const width = widestLine(text, m, size, bold, true);
  if (traits.keepWhole) return { text, mono, keepWhole: true, width, hard: width, word: width };
  let hard = 0;
  for (const token of keepWholeTokens(text)) {
    hard = Math.max(hard, m.width(token, size, bold, true));
  }
  const word = width === hard ? width : longestWord(text, m, size, bold, true);
  return { text, mono, keepWhole: false, width, hard, word: Math.max(word, hard) };
}

interface ColumnMeasure {
  /** Width of the widest line, header or cell, on one line. */
  readonly natural: number;
  /** Width of the widest cell on one line: what the column wants before its header does. */
  readonly cellNatural: number;
  /** Width below which something kept whole would not fit. */
  readonly hard: number;
  /** Width of the longest word. */
  readonly soft: number;
  /** Prose (text, status words): where spare width goes. */
  readonly prose: boolean;
  /** Width at which its header takes at most two lines ("P(≥ 1 new hit)"). */
  readonly head: number;
}

/**
 * Auto table layout. When the natural widths fit, the spare width goes to the columns of prose
 * (in proportion to their width); numbers and values kept whole keep what they need. Otherwise
 * every column gets what must stay whole, then its longest word up to a common level
 * (water-filling), and what is left is shared in proportion to how much more each wants.
 */
function fitColumns(cols: readonly ColumnMeasure[], total: number): number[] {
  const natural = cols.map((c) => c.natural);
  const sumNatural = natural.reduce((a, b) => a + b, 0);
  if (sumNatural <= total) {
    const spare = total - sumNatural;
    const prose = cols.map((c) => (c.prose ? c.natural : 0));
    const sumProse = prose.reduce((a, b) => a + b, 0);
    const share = sumProse > 0 ? prose : natural;
    const sumShare = sumProse > 0 ? sumProse : sumNatural;
    return natural.map((w, c) => w + (spare * (share[c] as number)) / sumShare);
  }
  const hard = cols.map((c) => c.hard);
  const sumHard = hard.reduce((a, b) => a + b, 0);
  if (sumHard >= total) return hard.map((w) => (w * total) / sumHard);
  const level = waterLevel(
    cols.map((c) => c.soft),
    hard,
    total,
  );
  const base = cols.map((c) => Math.max(c.hard, Math.min(c.soft, level)));
  const sumBase = base.reduce((a, b) => a + b, 0);
  let spare = Math.max(0, total - sumBase);
  // What is left goes first to headers that would take more than two lines, then to cells that
  // would wrap, then to headers that would.
  const widths = [...base];
  for (const want of [cols.map((c) => c.head), cols.map((c) => c.cellNatural), natural]) {
    const desire = want.map((w, c) => Math.max(0, w - (widths[c] as number)));
    const sumDesire = desire.reduce((a, b) => a + b, 0);
    if (sumDesire === 0) continue;
    const given = Math.min(spare, sumDesire);
    desire.forEach((d, c) => {
      widths[c] = (widths[c] as number) + (d * given) / sumDesire;
    });
    spare -= given;
  }
  return widths.map((w) => w + spare / cols.length);
}

/**
 * The level T with Σ max(hardᵢ, min(softᵢ, T)) = total (longest words capped from the top), or
 * +∞ when every longest word fits.
 */
function waterLevel(soft: readonly number[], hard: readonly number[], total: number): number {
  const sum = (t: number) =>
    soft.reduce((a, s, i) => a + Math.max(hard[i] as number, Math.min(s, t)), 0);
  if (sum(Number.POSITIVE_INFINITY) <= total) return Number.POSITIVE_INFINITY;
  let lo = 0;
  let hi = Math.max(...soft);
  for (let k = 0; k < 40; k++) {
    const mid = (lo + hi) / 2;
    if (sum(mid) > total) hi = mid;
    else lo = mid;
  }
  return lo;
}

/** A choice of grid: its columns, their widths, and how wide a liftable value may be in it. */
interface Layout {
  readonly grid: readonly number[];
  readonly widths: readonly number[];
  readonly cap: number;
}

/** How many of a row's values a layout lifts onto lines of their own. */
function liftedCount(row: readonly CellInfo[], layout: Layout): number {
  let n = 0;
  for (let c = 0; c < row.length; c++) {
    const cell = row[c] as CellInfo;
    if (!cell.mono) continue;
    if (!layout.grid.includes(c) || cell.hard > layout.cap) n++;
  }
  return n;
}

/** Lines a layout would take, estimated from one-line widths (for choosing between layouts). */
function estimateLines(
  cells: readonly (readonly CellInfo[])[],
  grid: readonly number[],
  widths: readonly number[],
  pad: number,
  liftable: readonly number[],
  cap: number,
): number {
  let lines = 0;
  for (const row of cells) {
    let most = 1;
    let spans = 0;
    for (const c of liftable) {
      if (!grid.includes(c) || (row[c] as CellInfo).hard > cap) spans++;
    }
    grid.forEach((c, i) => {
      const cell = row[c] as CellInfo;
      if (liftable.includes(c) && cell.hard > cap) return;
      const inner = ((widths[i] as number) - pad) * FILL;
      // Values kept whole take one line (set smaller if need be); prose a little more than its
      // width divides into, for the words that do not fill a line.
      const n = cell.keepWhole || inner <= 0 ? 1 : Math.ceil((cell.width * 1.05) / inner);
      if (n > most) most = n;
    });
    lines += most + spans + 0.7; // the row's padding, in lines
  }
  return lines;
}

function fallbackFlags(
  texts: readonly string[],
  measurer: Measurer,
  bold: boolean,
  mono?: readonly boolean[],
): boolean[] | null {
  let flags: boolean[] | null = null;
  for (let c = 0; c < texts.length; c++) {
    if (mono?.[c] === true) continue;
    if (measurer.needsFallback(texts[c] as string, bold)) {
      flags ??= texts.map(() => false);
      flags[c] = true;
    }
  }
  return flags;
}

/** A header's widths: on one line, its longest word, and the narrowest it takes on two lines. */
function headerMeasure(
  h: string,
  measurer: Measurer,
  size: number,
): { readonly width: number; readonly word: number; readonly twoLines: number } {
  const width = widestLine(h, measurer, size, true);
  const word = longestWord(h, measurer, size, true);
  const words = h.split(/\s+/).filter((w) => w !== "");
  let twoLines = width;
  for (let k = 1; k < words.length; k++) {
    const first = measurer.width(words.slice(0, k).join(" "), size, true);
    const second = measurer.width(words.slice(k).join(" "), size, true);
    twoLines = Math.min(twoLines, Math.max(first, second));
  }
  return { width, word, twoLines };
}

function widestLine(
  text: string,
  measurer: Measurer,
  size: number,
  bold: boolean,
  monoValues = false,
): number {
  if (!text.includes("\n")) return measurer.width(text, size, bold, monoValues);
  let max = 0;
  for (const line of text.split("\n")) {
    max = Math.max(max, measurer.width(line, size, bold, monoValues));
  }
  return max;
}

function longestWord(
  text: string,
  measurer: Measurer,
  size: number,
  bold: boolean,
  monoValues = false,
): number {
  let max = 0;
  for (const word of text.split(/\s+/)) {
    max = Math.max(max, measurer.width(word, size, bold, monoValues));
  }
  return max;
}
