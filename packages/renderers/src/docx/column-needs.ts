import type { DisplayCell, DisplayTable } from "./display-table.js";
import { monoWidth, proseWidth, widestWord } from "./measure.js";
import { LANDSCAPE_TEXT_WIDTH, TABLE_TEXT_PT } from "./styles.js";

/** Left and right cell margins (80 twips each) and a little room for the rounding of fonts. */
export const CELL_PAD = 2 * 80 + 40;
/** A word longer than this (a path, say) may break rather than widen its column. */
const WORD_CAP = 3_000;
/**
 * What is measured of a long text: enough to know it wants all the width there is (a column of
 * rationales), without measuring whole paragraphs.
 */
const PROSE_CAP = 2 * LANDSCAPE_TEXT_WIDTH;
/** A header up to this wide is kept on one line where the page has room for it. */
const HEADER_LINE_CAP = 2_300;
/** Rows of wrapping text read to size a column (spread evenly over the table). */
const SAMPLE_ROWS = 400;

/** What a column needs: twips for its header and its values, characters for its code. */
export interface ColumnNeeds {
  /** The widest word of the header (bold), and the whole header on one line. */
  readonly headerMin: number;
  readonly headerWhole: number;
  /** The widest value that is never broken (numbers, dates, ids), not in the code font. */
  readonly wholeMin: number;
  /** The widest word of the wrapping values (capped). */
  readonly wordMin: number;
  /** The widest value on one line (capped). */
  readonly natural: number;
  /** The longest value in the code font, in characters (0: none). */
  readonly monoChars: number;
  /** Every value is a number (right-aligned). */
  readonly right: boolean;
}

/** The widest line of `text` at the table's text size, capped. */
export function lineWidth(text: string): number {
  const widest = text.includes("\n")
    ? Math.max(...text.split("\n").map((line) => proseWidth(line, TABLE_TEXT_PT)))
    : proseWidth(text, TABLE_TEXT_PT);
  return Math.min(PROSE_CAP, widest);
}

function columnNeeds(
  label: string,
  cellAt: (r: number) => DisplayCell | undefined,
  n: number,
): ColumnNeeds {
  let wholeMin = 0;
  let wordMin = 0;
  let natural = 0;
  let monoChars = 0;
  let numbers = 0;
  let others = 0;
  const step = Math.max(1, Math.floor(n / SAMPLE_ROWS));
  for (let r = 0; r < n; r++) {
    const cell = cellAt(r);
    if (cell === undefined || cell.text === "") continue;
    const { traits, text } = cell;
    if (traits.align === "right") numbers++;
    else others++;
    if (traits.monospace) {
      monoChars = Math.max(monoChars, text.length);
    } else if (traits.keepWhole) {
      const w = lineWidth(text);
      wholeMin = Math.max(wholeMin, w);
      natural = Math.max(natural, w);
    } else {
      if (r % step !== 0) continue;
      wordMin = Math.max(wordMin, Math.min(WORD_CAP, widestWord(text, TABLE_TEXT_PT)));
      natural = Math.max(natural, lineWidth(text));
    }
  }
  return {
    headerMin: widestWord(label, TABLE_TEXT_PT, true) + CELL_PAD,
    headerWhole: proseWidth(label, TABLE_TEXT_PT, true) + CELL_PAD,
    wholeMin,
    wordMin,
    natural,
    monoChars,
    right: numbers > 0 && others === 0,
  };
}

/** What each column of `table` needs. */
export function needsOf(table: DisplayTable): ColumnNeeds[] {
  const n = table.rows.length;
  return table.labels.map((label, c) => columnNeeds(label, (r) => table.rows[r]?.[c], n));
}

/**
 * The least width of a column: its widest word (headers never break inside a word), its widest
 * value kept whole, its code at `monoPt`; with `headerLine`, its header on one line (when short).
 */
export const minOf = (c: ColumnNeeds, monoPt: number, headerLine: boolean): number =>
  Math.max(
    headerLine ? Math.max(c.headerMin, Math.min(c.headerWhole, HEADER_LINE_CAP)) : c.headerMin,
    c.wholeMin + CELL_PAD,
    c.wordMin + CELL_PAD,
    c.monoChars > 0 ? monoWidth(c.monoChars, monoPt) + CELL_PAD : 0,
  );

/** The width a column's values would take with none wrapped. */
export const valuesNaturalOf = (c: ColumnNeeds, monoPt: number): number =>
  Math.max(minOf(c, monoPt, false), c.natural + CELL_PAD);

/** The width a column would take with nothing wrapped, its header included. */
export const naturalOf = (c: ColumnNeeds, monoPt: number): number =>
  Math.max(valuesNaturalOf(c, monoPt), c.headerWhole);

export function sum(values: readonly number[]): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}

/**
 * Gives `extra` twips to columns towards their `target` widths: the columns that lack least
 * first, whole, while the rest lasts; then what is left to the others in proportion to what
 * they lack. Returns what is left over.
 */
function grow(widths: number[], target: readonly number[], extra: number): number {
  const lacking = widths
    .map((w, i) => [Math.max(0, (target[i] as number) - w), i] as const)
    .filter(([lack]) => lack > 0)
    .sort((a, b) => a[0] - b[0]);
  let left = extra;
  let k = 0;
  for (; k < lacking.length; k++) {
    const [lack, i] = lacking[k] as readonly [number, number];
    if (lack > left) break;
    widths[i] = (widths[i] as number) + lack;
    left -= lack;
  }
  const rest = lacking.slice(k);
  const totalLack = sum(rest.map(([lack]) => lack));
  if (totalLack === 0) return left;
  const share = left;
  for (const [lack, i] of rest) {
    const give = Math.floor((share * lack) / totalLack);
    widths[i] = (widths[i] as number) + give;
    left -= give;
  }
  return left;
}

/**
 * Widths for columns across `available` twips, or undefined when their `min` widths do not fit.
 * From their minimums, the columns grow (`grow`) first until their values are on one line
 * (`values`), then until their headers are (`natural`), so that as few cells as can be wrap;
 * what is left then widens every column in proportion, so that tables fill the page's width.
 */
export function fitWidths(
  min: readonly number[],
  values: readonly number[],
  natural: readonly number[],
  available: number,
): number[] | undefined {
  if (min.length === 0 || sum(min) > available) return undefined;
  const widths = [...min];
  let extra = available - sum(min);
  extra = grow(widths, values, extra);
  extra = grow(widths, natural, extra);
  if (extra > 0) {
    // Nothing wraps any more: the table fills the page, every column widened alike.
    const weight = sum(widths);
    for (let i = 0; i < widths.length; i++) {
      widths[i] = (widths[i] as number) + Math.floor((extra * (widths[i] as number)) / weight);
    }
  }
  // What rounding left goes to the widest column.
  const widest = widths.indexOf(Math.max(...widths));
  widths[widest] = (widths[widest] as number) + available - sum(widths);
  return widths;
}
