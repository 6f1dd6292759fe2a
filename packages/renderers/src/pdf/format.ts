import type { Scalar } from "@svc/report-model";

const NEEDS_CLEANING = /[\r\t\u2028\u2029]/;

/** Line breaks to "\n", tabs to a space: the only whitespace the PDF layout handles. */
export function cleanText(text: string): string {
  if (!NEEDS_CLEANING.test(text)) return text;
  return text.replace(/\r\n?|[\u2028\u2029]/g, "\n").replace(/\t/g, " ");
}

/**
 * A cell or metric value as printed. Numbers keep every digit they have (no rounding); their
 * integer part is grouped with commas from `groupFrom` up (10,000 by default, so counts, years
 * and row numbers stay bare). Booleans read "Yes"/"No"; a missing value is an em dash.
 */
export function formatScalar(value: Scalar, groupFrom = 10_000): string {
  if (value === null) return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") return formatNumber(value, groupFrom);
  return cleanText(value);
}

export function formatNumber(n: number, groupFrom = 10_000): string {
  const s = String(n);
  if (!Number.isFinite(n) || Math.abs(n) < groupFrom || s.includes("e")) return s;
  const negative = s.startsWith("-");
  const [int = "", frac] = (negative ? s.slice(1) : s).split(".");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}${grouped}${frac === undefined ? "" : `.${frac}`}`;
}

/** `enhanced-due-diligence` → `Enhanced due diligence`. */
export function humanize(key: string): string {
  const words = key.replace(/[-_]+/g, " ").trim();
  return words === "" ? key : words.charAt(0).toUpperCase() + words.slice(1);
}

const IDENTIFIER = /^(#|no\.?|n|id|.*[_ ]id|year|rank|index|row|seq(uence)?)$/i;

/**
 * Where a numeric column starts grouping thousands: from 1,000 when the column holds amounts
 * (a fraction, or a value of 10,000 or more), so "7,919" and "15,838" line up alike; never in an
 * identifier-like column ("#", "id", "year"…).
 */
export function groupingFrom(
  header: string,
  rows: readonly (readonly Scalar[])[],
  c: number,
): number {
  if (IDENTIFIER.test(header.trim())) return Number.POSITIVE_INFINITY;
  for (const row of rows) {
    const v = row[c];
    if (typeof v === "number" && (!Number.isInteger(v) || Math.abs(v) >= 10_000)) return 1_000;
  }
  return Number.POSITIVE_INFINITY;
}

/** A column is numeric (right-aligned) when every non-empty value in it is a number. */
export function numericColumns(
  columnCount: number,
  rows: readonly (readonly Scalar[])[],
): boolean[] {
  const numeric = Array.from({ length: columnCount }, () => true);
  const seen = Array.from({ length: columnCount }, () => false);
  for (const row of rows) {
    for (let c = 0; c < columnCount; c++) {
      const v = row[c];
      if (v === null || v === undefined) continue;
      seen[c] = true;
      if (typeof v !== "number") numeric[c] = false;
    }
  }
  return numeric.map((n, c) => n && seen[c] === true);
}
