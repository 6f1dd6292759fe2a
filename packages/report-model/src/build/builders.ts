import type { ValueKind } from "../kinds/value-kind.js";
import type { SignOffInput } from "../schema/sign-off-schema.js";
import type { ReportModelInput, WireRow, WireScalar } from "../schema/wire-schemas.js";

/**
 * Small helpers that workflows use to assemble a shared report model (variant A): what they
 * return is the wire form, ready for a document route or `parseReport`.
 */

export type MetricInput = {
  readonly label: string;
  readonly value: WireScalar;
  readonly unit?: string;
  /** What the value is; inferred from the unit, label and value when absent. */
  readonly kind?: ValueKind;
};

/** A headline metric; `kind` says what the value is when inference would not (a lift: `ratio`). */
export const metric = (
  label: string,
  value: WireScalar,
  unit?: string,
  kind?: ValueKind,
): MetricInput => ({
  label,
  value,
  ...(unit === undefined ? {} : { unit }),
  ...(kind === undefined ? {} : { kind }),
});

export type TableInput = {
  readonly columns: string[];
  readonly rows: Record<string, WireScalar>[];
  readonly column_labels?: Record<string, string>;
  readonly column_kinds?: Record<string, ValueKind>;
};

/** Header text and value kinds by column key, beyond what is humanized and inferred. */
export interface ColumnDisplay {
  readonly labels?: Readonly<Record<string, string>>;
  readonly kinds?: Readonly<Record<string, ValueKind>>;
}

/** A table from records; columns default to the keys in first-seen order. */
export function tableFromRecords(
  records: readonly Record<string, WireScalar>[],
  columns?: readonly string[],
  display: ColumnDisplay = {},
): TableInput {
  const cols =
    columns === undefined ? [...new Set(records.flatMap((r) => Object.keys(r)))] : [...columns];
  return {
    columns: cols,
    rows: records.map((r) => Object.fromEntries(cols.map((c) => [c, r[c] ?? null]))),
    ...(display.labels === undefined ? {} : { column_labels: { ...display.labels } }),
    ...(display.kinds === undefined ? {} : { column_kinds: { ...display.kinds } }),
  };
}

export type ChartHintInput = {
  readonly type: "bar" | "line";
  readonly title: string;
  readonly table?: string;
  readonly x?: string;
  readonly y?: string | string[];
  readonly labels?: (string | number)[];
  readonly series?: { name: string; values: (number | null)[] }[];
  readonly x_label?: string;
  readonly y_label?: string;
  readonly y_kind?: ValueKind;
};

/** A chart's axis titles, and what its values are (`y_kind`: a probability's axis reads 0–100%). */
export interface ChartAxes {
  readonly x_label?: string;
  readonly y_label?: string;
  readonly y_kind?: ValueKind;
}

/** A chart of table columns: x gives the labels, each y column a series. */
export const chartOfTable = (
  type: "bar" | "line",
  title: string,
  table: string,
  x: string,
  y: string | string[],
  axes: ChartAxes = {},
): ChartHintInput => ({ type, title, table, x, y, ...axes });

/** A chart of inline data. */
export const chartOfSeries = (
  type: "bar" | "line",
  title: string,
  labels: (string | number)[],
  series: { name: string; values: (number | null)[] }[],
  axes: ChartAxes = {},
): ChartHintInput => ({ type, title, labels, series, ...axes });

export interface ReportParts {
  readonly executive_summary?: string[];
  readonly headline_metrics?: MetricInput[];
  readonly tables?: Record<string, TableInput>;
  readonly chart_hints?: ChartHintInput[];
  readonly workbook_rows?: Record<string, WireRow[]>;
  readonly result?: Record<string, unknown>;
  /** The reviewer's sign-off form (`sign_off`). */
  readonly sign_off?: SignOffInput;
}

/** The title block a builder takes; `sample_edition: true` marks a report made on the sample list. */
export type ReportMetaInput = {
  readonly report_type: string;
  readonly title: string;
  readonly author?: string;
  readonly date?: string;
  readonly version?: string;
  /** Printed under the title (not a named member of the wire schema, whose `report_meta` is open). */
  readonly subtitle?: string;
  readonly sample_edition?: boolean;
  readonly list_warning?: string;
};

/** A complete shared report model. */
export function reportModel(meta: ReportMetaInput, parts: ReportParts = {}): ReportModelInput {
  const { workbook_rows, chart_hints, ...rest } = parts;
  return {
    report_meta: meta,
    ...rest,
    ...(chart_hints === undefined ? {} : { chart_hints: chart_hints.map((h) => ({ ...h })) }),
    ...(workbook_rows === undefined ? {} : { export_artifacts: { workbook_rows } }),
  };
}

/**
 * `model` with `report_meta.sample_edition` set when `sample` is true (the list screened was the
 * embedded sample edition); unchanged, the same object, otherwise. For reports built by code
 * that does not know which list was used (the forecast and the review queue).
 */
export function withSampleEdition(model: ReportModelInput, sample: boolean): ReportModelInput {
  return sample ? { ...model, report_meta: { ...model.report_meta, sample_edition: true } } : model;
}

/**
 * `model` with `report_meta.list_warning` set to `text` (say, that the list screened was stale);
 * the same object when `text` is undefined or blank.
 */
export function withListWarning(
  model: ReportModelInput,
  text: string | undefined,
): ReportModelInput {
  return text === undefined || text.trim() === ""
    ? model
    : { ...model, report_meta: { ...model.report_meta, list_warning: text } };
}
