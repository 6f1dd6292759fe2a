import {
  formatMetric,
  formatStatus,
  metricKind,
  type Report,
  type ReportMetric,
  VALUE_KIND_TRAITS,
} from "@svc/report-model";
import { type DisplayTable, textCell } from "./display-table.js";

/** What the title block shows for a field the report does not give. */
export const NOT_GIVEN = "\u2014";

const given = (value: string | null, show: (v: string) => string = (v) => v): string =>
  value === null || value.trim() === "" ? NOT_GIVEN : show(value.trim());

/**
 * The title block under the title: the report's type (in words: `enhanced-due-diligence` →
 * "Enhanced due diligence"), author, date and version, a dash for what the report does not give.
 */
export function titleBlockTable(report: Report): DisplayTable {
  const { meta } = report;
  return {
    title: "Report",
    labels: ["Report type", "Author", "Date", "Version"],
    rows: [
      [
        textCell(given(meta.reportType, formatStatus)),
        textCell(given(meta.author)),
        textCell(given(meta.date)),
        textCell(given(meta.version)),
      ],
    ],
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
