import { inferColumnKind } from "../kinds/infer-column-kind.js";
import { columnSample, fieldValueRowKinds, isFieldValueTable } from "../kinds/table-kinds.js";
import type { ValueKind } from "../kinds/value-kind.js";
import { labelOfKey } from "../labels/label-of-key.js";
import type { Degradation, ReportTable, Scalar } from "../model/report.js";
import type { WireRow } from "../schema/wire-schemas.js";

/** How a table is shown, beyond its key and rows: the wire's overrides, by column key. */
export interface TableDisplay {
  /** Shown above the table; by default the key humanized. */
  readonly title?: string;
  /** `column_labels`: header text by column key. */
  readonly labels?: Readonly<Record<string, string>>;
  /** `column_kinds`: value kind by column key. */
  readonly kinds?: Readonly<Record<string, ValueKind>>;
}

/** Columns for rows given without any: keys in first-seen order, or `column_1…n` for arrays. */
function inferColumns(rows: readonly WireRow[]): string[] {
  const columns: string[] = [];
  const seen = new Set<string>();
  let width = 0;
  for (const row of rows) {
    if (Array.isArray(row)) {
      width = Math.max(width, row.length);
      continue;
    }
    for (const key of Object.keys(row)) {
      if (!seen.has(key)) {
        seen.add(key);
        columns.push(key);
      }
    }
  }
  for (let i = columns.length; i < width; i++) columns.push(`column_${i + 1}`);
  return columns;
}

/**
 * Rows as arrays in column order. Object rows are read by column name (a missing cell is null);
 * cells no column names, and array rows of another length, are reported as degradations.
 */
export function normalizeTable(
  key: string,
  columns: readonly string[],
  rows: readonly WireRow[],
  path: string,
  degradations: Degradation[],
  display: TableDisplay = {},
): ReportTable {
  const cols = columns.length > 0 ? [...columns] : inferColumns(rows);
  const known = new Set(cols);
  const extraKeys = new Set<string>();
  let badLength = 0;
  const out = rows.map((row): Scalar[] => {
    if (Array.isArray(row)) {
      if (row.length !== cols.length) badLength++;
      return cols.map((_, i) => (row[i] === undefined ? null : (row[i] as Scalar)));
    }
    for (const k of Object.keys(row)) if (!known.has(k)) extraKeys.add(k);
    return cols.map((c) => {
      const value = row[c];
      return value === undefined ? null : value;
    });
  });
  if (extraKeys.size > 0) {
    degradations.push({
      path: `${path}.rows`,
      reason: `cells under keys that are not columns were left out: ${[...extraKeys].slice(0, 10).join(", ")}`,
    });
  }
  if (badLength > 0) {
    degradations.push({
      path: `${path}.rows`,
      reason: `${badLength} array row(s) do not have ${cols.length} cells; missing cells are empty and extra cells were left out`,
    });
  }
  const { labels = {}, kinds = {} } = display;
  for (const [member, named] of [
    ["column_labels", labels],
    ["column_kinds", kinds],
  ] as const) {
    const unknown = Object.keys(named).filter((k) => !known.has(k));
    if (unknown.length > 0) {
      degradations.push({
        path: `${path}.${member}`,
        reason: `keys that are not columns were ignored: ${unknown.slice(0, 10).join(", ")}`,
      });
    }
  }
  const columnLabels = cols.map((c) => nonBlank(labels[c]) ?? labelOfKey(c));
  const columnKinds = cols.map((c, i) => kinds[c] ?? inferColumnKind(c, columnSample(out, i)));
  // A field/value table's rows are each of their own kind, unless the wire names the value's.
  const rowKinds =
    isFieldValueTable(cols) && kinds[cols[1] ?? ""] === undefined
      ? fieldValueRowKinds(out)
      : undefined;
  return {
    key,
    title: display.title ?? labelOfKey(key),
    columns: cols,
    rows: out,
    columnLabels,
    columnKinds,
    ...(rowKinds === undefined ? {} : { rowKinds }),
  };
}

const nonBlank = (s: string | undefined) => (s === undefined || s.trim() === "" ? undefined : s);
