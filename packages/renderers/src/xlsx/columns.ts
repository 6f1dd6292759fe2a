import { VALUE_KIND_TRAITS, type ValueKind } from "@svc/report-model";
import { isWideCodePoint } from "../fonts/east-asian-width.js";

/** Column widths (Excel character units) are clamped to this range… */
export const MIN_COLUMN_WIDTH = 8;
/** …prose wraps past it… */
export const MAX_COLUMN_WIDTH = 60;
/** …and what is kept whole (an address, a digest) is never cut below Excel's own limit. */
const MAX_WHOLE_WIDTH = 255;

const EXCELJS_DEFAULT_WIDTH = 9;

/** Longest text Excel keeps in one cell. */
export const MAX_CELL_TEXT = 32_767;

/**
 * A character of the monospace face (Consolas 10 pt; LibreOffice's stand-in, DejaVu Sans Mono,
 * is 0.602 em: 8 px) in Excel's width unit (the body font's digit, 7 px).
 */
export const MONO_CHAR = 8 / 7;
/** General shows a number with at most this many characters. */
const GENERAL_DIGITS = 11;

/** Display width of a string in Excel character units (CJK counts double); capped at `cap`. */
export function textWidth(text: string, cap = MAX_COLUMN_WIDTH): number {
  // Only the first line counts (wrapped text does not widen the column).
  const nl = text.indexOf("\n");
  const line = nl === -1 ? text : text.slice(0, nl);
  if (line.length > cap * 2) return cap;
  let w = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      w += 2;
      i++;
    } else {
      w += c >= 0x1100 && isWideCodePoint(c) ? 2 : 1;
    }
    if (w >= cap) return cap;
  }
  return w;
}

/** The longest word of a bold label: the narrowest a wrapped header can be. */
function longestWord(label: string): number {
  let w = 0;
  for (const word of label.split(/\s+/)) w = Math.max(w, Math.ceil(textWidth(word) * 1.05 + 1));
  return w;
}

/** How wide one shown value is, in Excel units, as the cell shows it. */
export function shownWidth(text: string, kind: ValueKind, value: unknown): number {
  if (typeof value === "number" && kind === "number") {
    return Math.min(GENERAL_DIGITS, String(value).length);
  }
  const traits = VALUE_KIND_TRAITS[kind];
  if (traits.monospace) return Math.ceil(textWidth(text, MAX_WHOLE_WIDTH) * MONO_CHAR);
  return textWidth(text, traits.keepWhole ? MAX_WHOLE_WIDTH : MAX_COLUMN_WIDTH * 2);
}

/** Tallies one column's values, then says its width and whether it wraps. */
export class ColumnMeasure {
  #whole = 0;
  #prose = 0;
  constructor(private readonly label: string) {}

  /** The width of what this column keeps whole. */
  get whole(): number {
    return this.#whole;
  }

  /** Records a shown value (`shownWidth`) of a kind. */
  add(width: number, kind: ValueKind): void {
    if (VALUE_KIND_TRAITS[kind].keepWhole) {
      if (width > this.#whole) this.#whole = width;
    } else if (width > this.#prose) this.#prose = width;
  }

  /**
   * The column's width: what is kept whole gets the width it needs, prose up to
   * `proseWidth` (wrapping past it), the header its label on one line when the values are as
   * wide, else wrapped at its words; plus room for the filter button.
   */
  plan(proseWidth = MAX_COLUMN_WIDTH): { width: number; wrap: boolean } {
    const values = Math.max(this.#whole, Math.min(this.#prose, proseWidth));
    const label = Math.ceil(textWidth(this.label) * 1.05 + 1);
    const header = label <= values + 2 ? label : Math.max(longestWord(this.label), values);
    const width = Math.min(
      MAX_WHOLE_WIDTH,
      Math.max(MIN_COLUMN_WIDTH, Math.ceil(Math.max(values, header) + 2)),
    );
    // exceljs leaves a column of exactly its default width (9) out of <cols>, and Excel then
    // shows its own default (8.43): 9 becomes 10.
    return {
      width: width === EXCELJS_DEFAULT_WIDTH ? 10 : width,
      wrap: this.#prose > proseWidth,
    };
  }
}
