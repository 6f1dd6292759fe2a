import { inferValueKind } from "../kinds/infer-value-kind.js";
import { cellKind } from "../kinds/table-kinds.js";
import type { ValueKind } from "../kinds/value-kind.js";
import type { ReportMetric, ReportTable } from "../model/report.js";
import { formatValue } from "./format-value.js";

/** A table cell as a document shows it: `formatValue` of its value with `cellKind`. */
export const formatCell = (table: ReportTable, row: number, column: number): string =>
  formatValue(table.rows[row]?.[column] ?? null, cellKind(table, row, column));

/** A metric's kind: as carried, else inferred from its label, value and unit. */
export const metricKind = (metric: ReportMetric): ValueKind =>
  metric.kind ?? inferValueKind(metric.label, metric.value, metric.unit);

/** Units a kind's formatted value already says ("48%", "$0.25", "12.3×"): not repeated. */
const SAID: Partial<Record<ValueKind, ReadonlySet<string>>> = {
  percent: new Set(["%", "percent", "pct"]),
  probability: new Set(["%", "percent", "pct"]),
  money: new Set(["$", "usd"]),
  ratio: new Set(["×", "x", "times"]),
};

/**
 * A metric's value as a document shows it, with its unit: "7.61%" (percent, unit `%` not
 * repeated), "1,024 wallets", "Manual review required", "Yes".
 */
export function formatMetric(metric: ReportMetric): string {
  const kind = metricKind(metric);
  const text = formatValue(metric.value, kind);
  const unit = metric.unit?.trim() ?? "";
  if (unit === "" || text === "" || SAID[kind]?.has(unit.toLowerCase())) return text;
  return unit === "%" ? `${text}%` : `${text} ${unit}`;
}
