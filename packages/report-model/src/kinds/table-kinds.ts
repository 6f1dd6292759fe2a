import type { ReportTable, Scalar } from "../model/report.js";
import { INFERENCE_SAMPLE, inferColumnKind } from "./infer-column-kind.js";
import { inferValueKind } from "./infer-value-kind.js";
import { looksLikeAddress, looksLikeHash, looksLikeSnakeWord } from "./looks-like.js";
import type { ValueKind } from "./value-kind.js";

/** The values of column `i`, at most `INFERENCE_SAMPLE` of them. */
export const columnSample = (rows: readonly (readonly Scalar[])[], i: number): Scalar[] =>
  rows.slice(0, INFERENCE_SAMPLE).map((row) => row[i] ?? null);

/** Kinds inferred for hand-built tables, once per table. */
const inferred = new WeakMap<ReportTable, readonly ValueKind[]>();

/** The kinds of a table's columns: as carried, else inferred from the keys and values (once). */
export function columnKindsOf(table: ReportTable): readonly ValueKind[] {
  if (table.columnKinds !== undefined) return table.columnKinds;
  let kinds = inferred.get(table);
  if (kinds === undefined) {
    kinds = table.columns.map((c, i) => inferColumnKind(c, columnSample(table.rows, i)));
    inferred.set(table, kinds);
  }
  return kinds;
}

/** The kind of each row's value in a field/value table (as carried, else inferred), or undefined. */
export const rowKindsOf = (table: ReportTable): readonly ValueKind[] | undefined =>
  table.rowKinds ??
  (table.columnKinds === undefined && isFieldValueTable(table.columns)
    ? fieldValueRowKinds(table.rows)
    : undefined);

/**
 * A field/value table: two columns, the second named `value`, the first a field name (`field`,
 * `parameter`, `metric`, …). Its rows hold values of different kinds, each named by its field.
 */
export const isFieldValueTable = (columns: readonly string[]): boolean =>
  columns.length === 2 && columns[1]?.toLowerCase() === "value";

/** The kind of each row's value of a field/value table, from its field and value. */
export const fieldValueRowKinds = (rows: readonly (readonly Scalar[])[]): ValueKind[] =>
  rows.map(([field, value]) =>
    inferValueKind(typeof field === "string" ? field : "", value ?? null),
  );

/**
 * The kind of one cell, for formatting and layout: the row's kind in a field/value table's
 * value column; else the column's, where a `text` column (a mix, or unsure) still shows an
 * address, a digest or an enum word for what it is.
 */
export function cellKind(table: ReportTable, row: number, column: number): ValueKind {
  if (column === 1 && table.rowKinds !== undefined) return table.rowKinds[row] ?? "text";
  if (column === 1 && table.columnKinds === undefined && isFieldValueTable(table.columns)) {
    const [field, value] = table.rows[row] ?? [];
    return inferValueKind(typeof field === "string" ? field : "", value ?? null);
  }
  const kind = columnKindsOf(table)[column] ?? "text";
  if (kind !== "text") return kind;
  const value = table.rows[row]?.[column];
  if (typeof value !== "string") return kind;
  if (looksLikeAddress(value)) return "address";
  if (looksLikeHash(value)) return "hash";
  if (looksLikeSnakeWord(value)) return "status";
  return kind;
}
