import {
  columnKindsOf,
  columnLabelsOf,
  formatStatus,
  formatValue,
  type ReportChart,
  type ReportTable,
} from "@svc/report-model";

/**
 * A chart with its texts as the report model shows them: a chart drawn from a table (its series
 * and x axis named by column keys) takes that table's column labels for its legend and axes and
 * formats its categories with the x column's kind (`list_rate_x0.5` → "List rate x0.5"); names
 * and categories of any other chart that are enum words read as words (`formatStatus`).
 */
export function chartWithLabels(chart: ReportChart, tables: readonly ReportTable[]): ReportChart {
  const source = tables.find(
    (t) => chart.series.length > 0 && chart.series.every((s) => t.columns.includes(s.name)),
  );
  if (source === undefined) {
    return {
      ...chart,
      labels: chart.labels.map(formatStatus),
      series: chart.series.map((s) => ({ ...s, name: formatStatus(s.name) })),
      xLabel: chart.xLabel === null ? null : formatStatus(chart.xLabel),
      yLabel: chart.yLabel === null ? null : formatStatus(chart.yLabel),
    };
  }
  const labels = columnLabelsOf(source);
  const kinds = columnKindsOf(source);
  const labelOf = (key: string | null): string | null => {
    if (key === null) return null;
    const i = source.columns.indexOf(key);
    return i === -1 ? formatStatus(key) : (labels[i] ?? key);
  };
  const x = chart.xLabel === null ? -1 : source.columns.indexOf(chart.xLabel);
  const xKind = x === -1 ? null : (kinds[x] ?? "text");
  return {
    ...chart,
    labels: chart.labels.map((l) => (xKind === null ? formatStatus(l) : formatValue(l, xKind))),
    series: chart.series.map((s) => ({ ...s, name: labelOf(s.name) ?? s.name })),
    xLabel: labelOf(chart.xLabel),
    yLabel: labelOf(chart.yLabel),
  };
}
