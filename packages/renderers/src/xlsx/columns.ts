import type { Scalar } from "@svc/report-model";
import { isWideCodePoint } from "../fonts/east-asian-width.js";

/** Column widths (Excel character units) are clamped to this range. */
export const MIN_COLUMN_WIDTH = 8;
export const MAX_COLUMN_WIDTH = 60;

const EXCELJS_DEFAULT_WIDTH = 9;

/** Longest text Excel keeps in one cell. */
export const MAX_CELL_TEXT = 32_767;

export interface ColumnPlan {
  /** Width in Excel character units, within [MIN_COLUMN_WIDTH, MAX_COLUMN_WIDTH]. */
  readonly width: number;
  /** Number format for the column's numbers; null for text or mixed columns ("General"). */
  readonly numFmt: string | null;
}

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

/** Decimal places of a number as JavaScript prints it (at most 6). */
function decimals(v: number): number {
  if (Number.isInteger(v)) return 0;
  const s = String(v);
  const e = s.indexOf("e-");
  if (e !== -1) return 6;
  const dot = s.indexOf(".");
  return dot === -1 ? 0 : Math.min(6, s.length - dot - 1);
}

/** Identifier-like integer columns get no thousands separator. */
const PLAIN_INTEGER_COLUMN = /^(#|no\.?|n|id|.*[_ ]id|index|idx|rank|year|row)$/i;

function formatFor(header: string, maxDecimals: number): string {
  if (maxDecimals === 0) return PLAIN_INTEGER_COLUMN.test(header.trim()) ? "0" : "#,##0";
  if (maxDecimals <= 2) return "#,##0.00";
  return `#,##0.00${"#".repeat(maxDecimals - 2)}`;
}

/**
 * Widths and number formats from a single pass over the column's values: width from the
 * longest displayed value (header + 2 for the filter button), a number format when every
 * non-empty value is a number.
 */
export function planColumns(
  headers: readonly string[],
  rows: readonly (readonly Scalar[])[],
): ColumnPlan[] {
  return headers.map((header, c) => {
    let width = textWidth(header) + 2;
    let numbers = 0;
    let others = 0;
    let maxDecimals = 0;
    let maxMagnitude = 0;
    for (const row of rows) {
      const v = row[c];
      if (v === null || v === undefined) continue;
      if (typeof v === "number") {
        if (!Number.isFinite(v)) continue;
        numbers++;
        const abs = v < 0 ? -v : v;
        if (abs > maxMagnitude) maxMagnitude = abs;
        if (!Number.isInteger(v)) {
          const d = decimals(v);
          if (d > maxDecimals) maxDecimals = d;
        }
      } else {
        others++;
        const w = typeof v === "string" ? textWidth(v) : 5;
        if (w > width) width = w;
      }
    }
    const numeric = numbers > 0 && others === 0;
    const fmt = numeric ? formatFor(header, maxDecimals) : null;
    if (numbers > 0) {
      // Digits, thousands separators, sign and decimals of the largest magnitude.
      const digits = Math.max(1, Math.floor(Math.log10(Math.max(1, maxMagnitude))) + 1);
      const separators = fmt?.startsWith("#,##0") ? Math.floor((digits - 1) / 3) : 0;
      width = Math.max(
        width,
        digits + separators + 1 + (maxDecimals > 0 ? Math.max(2, maxDecimals) + 1 : 0),
      );
    }
    const clamped = Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, Math.ceil(width + 1)));
    // exceljs leaves a column of exactly its default width (9) out of <cols>, and Excel then
    // shows its own default (8.43): 9 becomes 10.
    return { width: clamped === EXCELJS_DEFAULT_WIDTH ? 10 : clamped, numFmt: fmt };
  });
}
