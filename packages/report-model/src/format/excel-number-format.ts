import type { ValueKind } from "../kinds/value-kind.js";
import type { Scalar } from "../model/report.js";
import { formatValue } from "./format-value.js";

/**
 * The spreadsheet number format (Excel and LibreOffice codes) matching `formatValue` for a
 * kind: spreadsheets keep numbers as numbers, so a reader can compute with them, and show
 * them as documents do.
 */
export const EXCEL_NUMBER_FORMATS: Readonly<Record<ValueKind, string>> = {
  text: "General",
  status: "General",
  address: "@",
  hash: "@",
  identifier: "0",
  count: "#,##0",
  number: "General",
  percent: '#,##0.0#"%"',
  // A probability is stored as in the report (0.48) and shown as a percentage; exact 0 is
  // "0%", a tiny non-zero one "< 0.01%" (with its value, `probabilityFormat` shows two
  // significant digits, as documents do).
  probability: '[=0]0%;[<0.0001]"< 0.01%";0.0#%',
  ratio: '#,##0.0#"×"',
  money: '"$"#,##0.00',
  date: "yyyy-mm-dd",
  datetime: 'yyyy-mm-dd hh:mm:ss "UTC"',
  boolean: "General",
  url: "@",
};

/**
 * The number format of a cell of a kind. A `number` depends on its size, as `formatNumber` shows
 * it: integers with separators, at most two decimals from 1,000, a few significant digits below,
 * an exponent below 0.0001 (so a spreadsheet never shows a float's tail like 8.00626969017019).
 */
export function excelNumberFormat(kind: ValueKind, value?: number): string {
  if (kind === "probability" && value !== undefined) return probabilityFormat(value);
  if (kind !== "number" || value === undefined || !Number.isFinite(value)) {
    return EXCEL_NUMBER_FORMATS[kind];
  }
  const a = Math.abs(value);
  if (Number.isInteger(value)) return "#,##0";
  if (a >= 1000) return "#,##0.00";
  if (a >= 1) return "#,##0.0##";
  if (a >= 1e-4) return "0.0####";
  return "0.00E+00";
}

/**
 * A probability's format by its size, as `formatProbability` shows it: two significant digits
 * ("48%", "6.9%", "0.23%"), "< 0.01%" below one in ten thousand, "> 99%" for what would round to
 * 100% without being certain, "0%" and "100%" only for 0 and 1.
 */
function probabilityFormat(p: number): string {
  if (p === 0 || p === 1) return "0%";
  if (!(p > 0 && p < 1)) return EXCEL_NUMBER_FORMATS.probability;
  if (p < 1e-4) return '"< 0.01%"';
  if (p >= 0.995) return '"> 99%"';
  if (p >= 0.1) return "0%";
  if (p >= 0.01) return "0.0%";
  if (p >= 0.001) return "0.00%";
  return "0.000%";
}

/**
 * What a spreadsheet cell holds for a value of a kind: numbers stay numbers (shown with
 * `excelNumberFormat(kind)`), and everything else is the text a document shows (status words
 * as words, Yes/No, instants in UTC).
 */
export const spreadsheetValue = (value: Scalar, kind: ValueKind): string | number | null =>
  value === null ? null : typeof value === "number" ? value : formatValue(value, kind);
