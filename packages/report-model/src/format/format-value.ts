import type { ValueKind } from "../kinds/value-kind.js";
import type { Scalar } from "../model/report.js";
import {
  formatCount,
  formatMoney,
  formatNumber,
  formatPercentUnits,
  formatProbability,
  formatRatio,
} from "./format-number.js";
import { formatStatus } from "./format-status.js";
import { formatTimestamp } from "./format-timestamp.js";

function formatNumberAs(n: number, kind: ValueKind): string {
  switch (kind) {
    case "count":
      return formatCount(n);
    case "percent":
      return formatPercentUnits(n);
    case "probability":
      return formatProbability(n);
    case "ratio":
      return formatRatio(n);
    case "money":
      return formatMoney(n);
    // Ids and digits written by code are shown as written: no separators.
    case "identifier":
    case "address":
    case "hash":
    case "url":
      return String(n);
    default:
      return formatNumber(n);
  }
}

/**
 * The one display formatter of the report model: how a value of a kind reads in a document
 * (PDF, DOCX). Spreadsheets keep numbers as numbers with `excelNumberFormat(kind)`. A value
 * that does not fit its kind (text in a count column) is shown as what it is: null is empty,
 * a boolean Yes/No, a number by its kind or as a number, a string as written.
 */
export function formatValue(value: Scalar, kind: ValueKind): string {
  if (value === null) return "";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") return formatNumberAs(value, kind);
  if (kind === "status") return formatStatus(value);
  if (kind === "datetime") return formatTimestamp(value);
  return value;
}
