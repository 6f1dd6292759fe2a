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
  // A probability is stored as in the report (0.476) and shown as a percentage; exact 0 is
  // "0%", a tiny non-zero one "< 0.1%".
  probability: '[=0]0%;[<0.001]"< 0.1%";0.0%',
  ratio: '#,##0.0#"×"',
  money: '"$"#,##0.00',
  date: "yyyy-mm-dd",
  datetime: "yyyy-mm-dd hh:mm",
  boolean: "General",
  url: "@",
};

export const excelNumberFormat = (kind: ValueKind): string => EXCEL_NUMBER_FORMATS[kind];

/**
 * What a spreadsheet cell holds for a value of a kind: numbers stay numbers (shown with
 * `excelNumberFormat(kind)`), and everything else is the text a document shows (status words
 * as words, Yes/No, instants in UTC).
 */
export const spreadsheetValue = (value: Scalar, kind: ValueKind): string | number | null =>
  value === null ? null : typeof value === "number" ? value : formatValue(value, kind);
