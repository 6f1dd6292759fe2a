import {
  formatMetric,
  formatStatus,
  metricKind,
  type Report,
  type ReportMetric,
  VALUE_KIND_TRAITS,
} from "@svc/report-model";
import { provenanceText } from "../provenance/provenance-text.js";
import { type DisplayTable, textCell } from "./display-table.js";

const known = (value: string | null): value is string => value !== null && value.trim() !== "";

/**
 * The title block under the title, in the PDF's order: author ("Prepared by", or the caller's
 * word for a caller's content: `provenanceText`), date, version and the report's type (in words:
 * `enhanced-due-diligence` → "Enhanced due diligence"), each only when the report gives it (a
 * dash would say nothing), or null when it gives none.
 */
export function titleBlockTable(report: Report): DisplayTable | null {
  const { meta } = report;
  const fields = (
    [
      [provenanceText(meta).authorLabel, meta.author, (v: string) => v],
      ["Date", meta.date, (v: string) => v],
      ["Version", meta.version, (v: string) => v],
      ["Report type", meta.reportType, formatStatus],
    ] as const
  ).flatMap(([label, value, show]) => (known(value) ? [[label, show(value.trim())] as const] : []));
  if (fields.length === 0) return null;
  return {
    title: "Report",
    labels: fields.map(([label]) => label),
    rows: [fields.map(([, text]) => textCell(text))],
    fieldValue: false,
  };
}

/** The headline metrics as a field/value table: each label, and its value as the model formats it. */
export function metricsTable(metrics: readonly ReportMetric[]): DisplayTable {
  return {
    title: "Headline metrics",
    labels: ["Metric", "Value"],
    rows: metrics.map((m) => [
      textCell(m.label),
      { text: formatMetric(m), traits: VALUE_KIND_TRAITS[metricKind(m)] },
    ]),
    fieldValue: true,
  };
}
