import { columnKindsOf } from "../kinds/table-kinds.js";
import { isValueKind, type ValueKind } from "../kinds/value-kind.js";
import type {
  ChartSeries,
  ChartType,
  Degradation,
  ReportChart,
  ReportTable,
} from "../model/report.js";

const TYPES: Readonly<Record<string, ChartType>> = {
  bar: "bar",
  column: "bar",
  histogram: "bar",
  line: "line",
  area: "line",
};
const SUPPORTED_CHART_TYPES = ["bar", "line"] as const;

const asString = (v: unknown): string | undefined =>
  typeof v === "string" && v.trim() !== "" ? v : undefined;
const asNumber = (v: unknown): number | null =>
  typeof v === "number" && Number.isFinite(v)
    ? v
    : typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))
      ? Number(v)
      : null;
const asList = (v: unknown): unknown[] | undefined => (Array.isArray(v) ? v : undefined);

function inlineSeries(
  hint: Record<string, unknown>,
): { labels: string[]; series: ChartSeries[] } | undefined {
  const labels = asList(hint.labels) ?? asList(hint.x_values) ?? asList(hint.categories);
  const series = asList(hint.series);
  const values = asList(hint.values) ?? asList(hint.data);
  if (labels === undefined) return undefined;
  if (series !== undefined) {
    return {
      labels: labels.map(String),
      series: series.map((s, i) => {
        const obj = (typeof s === "object" && s !== null ? s : {}) as Record<string, unknown>;
        return {
          name: asString(obj.name) ?? `Series ${i + 1}`,
          values: (asList(obj.values) ?? asList(obj.data) ?? []).map(asNumber),
        };
      }),
    };
  }
  if (values !== undefined)
    return {
      labels: labels.map(String),
      series: [{ name: asString(hint.y_label) ?? "value", values: values.map(asNumber) }],
    };
  return undefined;
}

function tableSeries(
  hint: Record<string, unknown>,
  tables: readonly ReportTable[],
):
  | {
      labels: string[];
      series: ChartSeries[];
      xLabel: string;
      yLabel: string | null;
      yKind: ValueKind | undefined;
    }
  | string {
  const tableKey = asString(hint.table) ?? asString(hint.source_table);
  if (tableKey === undefined)
    return "no data: give labels and series, or a table with x and y columns";
  const table = tables.find((t) => t.key === tableKey);
  if (table === undefined) return `no table named "${tableKey}"`;
  const x = asString(hint.x) ?? asString(hint.x_column) ?? table.columns[0];
  const ys = (
    asList(hint.y) ??
    asList(hint.y_columns) ?? [hint.y ?? hint.y_column ?? table.columns[1]]
  ).filter((y): y is string => typeof y === "string");
  const xi = x === undefined ? -1 : table.columns.indexOf(x);
  if (xi === -1) return `table "${tableKey}" has no column "${x}"`;
  const missing = ys.filter((y) => !table.columns.includes(y));
  if (ys.length === 0 || missing.length > 0)
    return `table "${tableKey}" has no column ${missing.map((m) => `"${m}"`).join(", ") || "for y"}`;
  return {
    labels: table.rows.map((r) => String(r[xi] ?? "")),
    series: ys.map((y) => {
      const yi = table.columns.indexOf(y);
      return { name: y, values: table.rows.map((r) => asNumber(r[yi])) };
    }),
    xLabel: x as string,
    yLabel: ys.length === 1 ? (ys[0] as string) : null,
    yKind: sharedKind(ys.map((y) => columnKindsOf(table)[table.columns.indexOf(y)])),
  };
}

/** The kind every y column has, when they share one. */
function sharedKind(kinds: readonly (ValueKind | undefined)[]): ValueKind | undefined {
  const [first] = kinds;
  return first !== undefined && kinds.every((k) => k === first) ? first : undefined;
}

/** A chart hint as a drawable chart, or a degradation saying why it cannot be drawn as asked. */
export function normalizeChartHint(
  hint: Record<string, unknown>,
  index: number,
  tables: readonly ReportTable[],
  degradations: Degradation[],
): ReportChart | undefined {
  const path = `chart_hints[${index}]`;
  const requested = asString(hint.type) ?? asString(hint.chart) ?? asString(hint.kind) ?? "bar";
  let type = TYPES[requested.toLowerCase()];
  const inline = inlineSeries(hint);
  const fromTable = inline === undefined ? tableSeries(hint, tables) : undefined;
  if (typeof fromTable === "string") {
    degradations.push({ path, reason: `${fromTable}; the chart was left out` });
    return undefined;
  }
  const data = inline ?? (fromTable as Exclude<typeof fromTable, string | undefined>);
  if (data.series.every((s) => s.values.every((v) => v === null))) {
    degradations.push({ path, reason: "no numeric values to plot; the chart was left out" });
    return undefined;
  }
  if (type === undefined) {
    degradations.push({
      path: `${path}.type`,
      reason: `chart type "${requested}" is not supported (${SUPPORTED_CHART_TYPES.join(", ")}); drawn as a bar chart`,
    });
    type = "bar";
  }
  return {
    type,
    title: asString(hint.title) ?? `Chart ${index + 1}`,
    labels: data.labels,
    series: data.series,
    xLabel: asString(hint.x_label) ?? (fromTable === undefined ? null : fromTable.xLabel),
    yLabel: asString(hint.y_label) ?? (fromTable === undefined ? null : fromTable.yLabel),
    ...yKindOf(hint.y_kind, fromTable?.yKind, path, degradations),
    source: path,
  };
}

/** The hint's `y_kind` when it names a kind (else a degradation), or the drawn column's. */
function yKindOf(
  given: unknown,
  fromTable: ValueKind | undefined,
  path: string,
  degradations: Degradation[],
): { yKind?: ValueKind } {
  if (given !== undefined) {
    if (isValueKind(given)) return { yKind: given };
    degradations.push({ path: `${path}.y_kind`, reason: "not a value kind; drawn as numbers" });
  }
  return fromTable === undefined ? {} : { yKind: fromTable };
}
