import type { Scalar } from "./report.js";

const numberFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 6 });

/**
 * How a cell or metric value reads in a document (spreadsheets keep numbers as numbers).
 *
 * @deprecated Use `formatValue(value, kind)` (or `formatCell` / `formatMetric`), which shows a
 * value by its kind: probabilities as percentages, status words as words, counts with
 * separators. This one, kept as it was for existing callers, prints any number with up to six
 * decimals and strings as written.
 */
export function formatScalar(value: Scalar): string {
  if (value === null) return "";
  if (typeof value === "number")
    return Number.isFinite(value) ? numberFormat.format(value) : String(value);
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return value;
}
