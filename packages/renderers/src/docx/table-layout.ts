import {
  CELL_PAD,
  type ColumnNeeds,
  fitWidths,
  lineWidth,
  minOf,
  naturalOf,
  needsOf,
  sum,
  valuesNaturalOf,
} from "./column-needs.js";
import type { DisplayTable } from "./display-table.js";
import { monoSizeFitting, monoWidth, proseWidth } from "./measure.js";
import {
  LANDSCAPE_TEXT_WIDTH,
  PORTRAIT_TEXT_WIDTH,
  TABLE_CODE_PT,
  TABLE_TEXT_PT,
} from "./styles.js";

/**
 * How a table sits on its page: columns sized from their content (a header never breaks inside
 * a word), addresses and digests whole on one line in the code font. The ways it may be laid out:
 *
 * - every column side by side, the code font at 8 pt, else 7.5 or 7 pt;
 * - a code column sized for most of its values, and each value too long for it (a Monero or a
 *   bech32 address among Ethereum ones) in a row of its own above the rest of its record,
 *   spanning from its column to the table's right edge (`overflow`);
 * - the longest code columns each in a full-width row above each record (`spanned`), the rest
 *   as above.
 *
 * Of those that fit a portrait page, the one that prints in the fewest lines; only when none
 * does, a landscape page (a section break, so a new page), and for tables too wide for any of
 * that, a landscape page whose columns share the width. A field/value table gives its label
 * column the width every field/value table of the document has and its value column the rest; a
 * code value too long for the value column is shown in a full-width cell under its label
 * (`spanRows`).
 */
export interface TableLayout {
  readonly landscape: boolean;
  /** The columns side by side in each record's main row, in order. */
  readonly grid: readonly number[];
  /** The columns shown each in a full-width row above each record's main row. */
  readonly spanned: readonly number[];
  /** A grid column whose values in `rows` each have a row of their own (see above). */
  readonly overflow: Overflow | null;
  /** The width of each grid column in twips, adding up to the text width of the page. */
  readonly widths: readonly number[];
  /** The size of the code font in the grid, and in the full-width rows, in points. */
  readonly monoPt: number;
  readonly spanMonoPt: number;
  /** By column: right-aligned (every value a number), header too. */
  readonly right: readonly boolean[];
  /** Rows of a field/value table shown as one full-width cell: the label over its value. */
  readonly spanRows: ReadonlySet<number>;
}

export interface Overflow {
  readonly column: number;
  readonly rows: ReadonlySet<number>;
  /** The code size of those values. */
  readonly monoPt: number;
}

/** Code-font sizes for a column of addresses, largest first; rows of their own may go smaller. */
const MONO_PT = [TABLE_CODE_PT, 7.5, 7] as const;
const SPAN_MONO_PT = [TABLE_CODE_PT, 7.5, 7, 6.5, 6] as const;
const SMALLEST_MONO_PT = MONO_PT[MONO_PT.length - 1] as number;
/** The label column of field/value tables: at least 1.25 in, at most 40% of a portrait page. */
const FIELD_MIN = 1_800;
const FIELD_MAX = Math.floor(PORTRAIT_TEXT_WIDTH * 0.4);
/** Rows read to compare layouts (spread evenly over the table). */
const SAMPLE_RECORDS = 200;

/** The width of the page's text, portrait or landscape. */
const textWidth = (landscape: boolean): number =>
  landscape ? LANDSCAPE_TEXT_WIDTH : PORTRAIT_TEXT_WIDTH;

interface Fitted {
  readonly widths: number[];
  readonly monoPt: number;
}

/**
 * `columns` side by side across `available` twips, at each code size, with short headers on one
 * line and wrapped between words: every way that fits, the most preferred first.
 */
function grids(
  needs: readonly ColumnNeeds[],
  columns: readonly number[],
  available: number,
): Fitted[] {
  const picked = columns.map((c) => needs[c] as ColumnNeeds);
  const sizes = picked.some((c) => c.monoChars > 0) ? MONO_PT : MONO_PT.slice(0, 1);
  const fits: Fitted[] = [];
  for (const monoPt of sizes) {
    for (const headerLine of [true, false]) {
      const widths = fitWidths(
        picked.map((c) => minOf(c, monoPt, headerLine)),
        picked.map((c) => valuesNaturalOf(c, monoPt)),
        picked.map((c) => naturalOf(c, monoPt)),
        available,
      );
      if (widths !== undefined) fits.push({ widths, monoPt });
    }
  }
  return fits;
}

/** The lengths of the code values of `column`, by row (0 where there is none). */
const codeLengths = (table: DisplayTable, column: number): number[] =>
  table.rows.map((row) => {
    const cell = row[column];
    return cell?.traits.monospace === true ? cell.text.length : 0;
  });

/**
 * `columns` side by side with `column` sized for its values up to some length, those longer each
 * in a row of their own from the column to the right edge: every way that fits.
 */
function overflows(
  table: DisplayTable,
  needs: readonly ColumnNeeds[],
  columns: readonly number[],
  column: number,
  available: number,
): { fitted: Fitted; overflow: Overflow }[] {
  const at = columns.indexOf(column);
  if (at < 0 || at === columns.length - 1) return [];
  const lengths = codeLengths(table, column);
  const longest = Math.max(...lengths);
  const shorter = [...new Set(lengths)].filter((n) => n > 0 && n < longest).sort((a, b) => b - a);
  const found: { fitted: Fitted; overflow: Overflow }[] = [];
  for (const fit of shorter) {
    const trimmed = needs.map((c, i) => (i === column ? { ...c, monoChars: fit } : c));
    for (const fitted of grids(trimmed, columns, available)) {
      const room = sum(fitted.widths.slice(at)) - CELL_PAD;
      const monoPt = monoSizeFitting(longest, room, SPAN_MONO_PT);
      if (monoPt === undefined) continue;
      const rows = new Set<number>();
      lengths.forEach((n, r) => {
        if (n > fit) rows.add(r);
      });
      found.push({ fitted, overflow: { column, rows, monoPt } });
    }
  }
  return found;
}

function make(
  parts: Pick<TableLayout, "landscape" | "grid" | "right"> & Partial<TableLayout>,
  fitted: Fitted,
): TableLayout {
  return {
    spanned: [],
    overflow: null,
    spanMonoPt: TABLE_CODE_PT,
    spanRows: new Set(),
    ...parts,
    widths: fitted.widths,
    monoPt: fitted.monoPt,
  };
}

/** Every layout of `table` that fits a page of the orientation, the most preferred first. */
function candidates(
  table: DisplayTable,
  needs: readonly ColumnNeeds[],
  landscape: boolean,
): TableLayout[] {
  const available = textWidth(landscape);
  const all = needs.map((_, c) => c);
  const right = needs.map((c) => c.right);
  // The code columns, the longest first: the first to get rows of their own.
  const code = all
    .filter((c) => (needs[c] as ColumnNeeds).monoChars > 0)
    .sort((a, b) => (needs[b] as ColumnNeeds).monoChars - (needs[a] as ColumnNeeds).monoChars);
  const found: TableLayout[] = [];
  for (let k = 0; k <= code.length && k < all.length; k++) {
    const spanned = code.slice(0, k);
    const grid = all.filter((c) => !spanned.includes(c));
    let spanMonoPt: number = TABLE_CODE_PT;
    if (k > 0) {
      const longest = (needs[spanned[0] as number] as ColumnNeeds).monoChars;
      const fits = monoSizeFitting(longest, available - CELL_PAD, SPAN_MONO_PT);
      if (fits === undefined) break;
      spanMonoPt = fits;
    }
    for (const fitted of grids(needs, grid, available)) {
      found.push(make({ landscape, grid, right, spanned, spanMonoPt }, fitted));
    }
    const next = code[k];
    if (next === undefined) continue;
    for (const o of overflows(table, needs, grid, next, available)) {
      found.push(
        make({ landscape, grid, right, spanned, spanMonoPt, overflow: o.overflow }, o.fitted),
      );
    }
  }
  return found;
}

/**
 * The layout of a table that is not a field/value table (see `TableLayout`): of the layouts that
 * fit a portrait page (else a landscape one), the one that prints in the fewest lines, the most
 * preferred of those that tie.
 */
export function gridLayout(
  table: DisplayTable,
  options: { readonly portraitOnly?: boolean } = {},
): TableLayout {
  const needs = needsOf(table);
  const sample = sampleOf(table);
  for (const landscape of options.portraitOnly === true ? [false] : [false, true]) {
    let best: TableLayout | undefined;
    let bestLines = Number.POSITIVE_INFINITY;
    for (const candidate of candidates(table, needs, landscape)) {
      const lines = printedLines(table, sample, candidate);
      if (lines < bestLines) {
        best = candidate;
        bestLines = lines;
      }
    }
    if (best !== undefined) return best;
  }
  // Too wide for any of that: the columns share a landscape page in proportion to their needs.
  const landscape = options.portraitOnly !== true;
  const available = textWidth(landscape);
  const natural = needs.map((c) => naturalOf(c, SMALLEST_MONO_PT));
  const scale = available / sum(natural);
  const widths = natural.map((w) => Math.max(CELL_PAD + 100, Math.floor(w * scale)));
  widths[widths.length - 1] = (widths.at(-1) as number) + available - sum(widths);
  return make(
    { landscape, grid: needs.map((_, c) => c), right: needs.map((c) => c.right) },
    { widths, monoPt: SMALLEST_MONO_PT },
  );
}

/**
 * The width of the label column of every field/value table of a document (and of the headline
 * metrics): the widest of their labels on one line, within `FIELD_MIN`…`FIELD_MAX`.
 */
export function fieldColumnWidth(tables: readonly DisplayTable[]): number {
  let widest = 0;
  for (const table of tables) {
    widest = Math.max(widest, proseWidth(table.labels[0] ?? "", TABLE_TEXT_PT, true));
    for (const row of table.rows) {
      const text = row[0]?.text ?? "";
      if (text !== "") widest = Math.max(widest, lineWidth(text));
    }
  }
  return Math.min(FIELD_MAX, Math.max(FIELD_MIN, widest + CELL_PAD));
}

/** The layout of a field/value table: the document's label width, the value column the rest. */
export function fieldValueLayout(table: DisplayTable, fieldWidth: number): TableLayout {
  const available = PORTRAIT_TEXT_WIDTH;
  const valueWidth = available - fieldWidth;
  const fits = (n: number, size: number) => monoWidth(n, size) + CELL_PAD <= valueWidth;
  const lengths = codeLengths(table, 1);
  // One code size for the column: the largest at which every value that can fit does.
  const inColumn = lengths.filter((n) => n > 0 && fits(n, SMALLEST_MONO_PT));
  const monoPt = MONO_PT.find((size) => inColumn.every((n) => fits(n, size))) ?? SMALLEST_MONO_PT;
  const spanRows = new Set<number>();
  let spanMonoPt: number = TABLE_CODE_PT;
  lengths.forEach((n, r) => {
    if (n === 0 || fits(n, monoPt)) return;
    spanRows.add(r);
    const size = monoSizeFitting(n, available - CELL_PAD, SPAN_MONO_PT);
    spanMonoPt = Math.min(spanMonoPt, size ?? (SPAN_MONO_PT.at(-1) as number));
  });
  return make(
    { landscape: false, grid: [0, 1], right: [false, false], spanMonoPt, spanRows },
    { widths: [fieldWidth, valueWidth], monoPt },
  );
}

/** A sample of the records: each cell's width at the table's size, or its length in code. */
interface Sample {
  readonly rows: readonly number[];
  /** By sampled record, by column: twips of text, or minus the characters of code. */
  readonly cells: readonly (readonly number[])[];
  /** How many records each sampled one stands for. */
  readonly scale: number;
}

function sampleOf(table: DisplayTable, limit = SAMPLE_RECORDS): Sample {
  const n = table.rows.length;
  const step = Math.max(1, Math.floor(n / limit));
  const rows: number[] = [];
  for (let r = 0; r < n; r += step) rows.push(r);
  const cells = rows.map((r) =>
    (table.rows[r] ?? []).map((cell) => {
      if (cell.text === "") return 0;
      if (cell.traits.monospace) return -cell.text.length;
      return proseWidth(cell.text.replace(/\n/g, " "), TABLE_TEXT_PT);
    }),
  );
  return { rows, cells, scale: rows.length === 0 ? 1 : n / rows.length };
}

/** Lines of a cell of `width` (twips, or minus code characters) in a column `column` twips wide. */
function cellLines(width: number, column: number, monoPt: number): number {
  const room = Math.max(1, column - CELL_PAD);
  const w = width < 0 ? monoWidth(-width, monoPt) : width;
  if (w <= room) return 1;
  // Wrapping between words leaves the ends of lines short: a tenth more than the bare width.
  return Math.ceil((w * 1.1) / room);
}

/** The lines of each sampled record under `layout`, its rows of their own included. */
function sampledRecordLines(sample: Sample, layout: TableLayout): number[] {
  return sample.cells.map((cells, s) => {
    const r = sample.rows[s] as number;
    if (layout.spanRows.has(r)) return 2;
    let lines = 0;
    layout.grid.forEach((c, i) => {
      lines = Math.max(lines, cellLines(cells[c] ?? 0, layout.widths[i] as number, layout.monoPt));
    });
    return lines + layout.spanned.length + (layout.overflow?.rows.has(r) === true ? 1 : 0);
  });
}

/** The lines `layout` prints `table` in, estimated from the sample, its header rows included. */
function printedLines(table: DisplayTable, sample: Sample, layout: TableLayout): number {
  let header = 0;
  layout.grid.forEach((c, i) => {
    const label = proseWidth(table.labels[c] ?? "", TABLE_TEXT_PT, true);
    header = Math.max(header, cellLines(label, layout.widths[i] as number, layout.monoPt));
  });
  const body = sum(sampledRecordLines(sample, layout));
  return header + layout.spanned.length + body * sample.scale;
}

/** The printed lines of the records of `table` under `layout` (every record measured). */
export function tableLines(table: DisplayTable, layout: TableLayout): number {
  return sum(sampledRecordLines(sampleOf(table, Number.POSITIVE_INFINITY), layout));
}
