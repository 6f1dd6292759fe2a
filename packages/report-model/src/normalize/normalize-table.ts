import type { Degradation, ReportTable, Scalar } from "../model/report.js";
import type { WireRow } from "../schema/wire-schemas.js";
import { humanize } from "./humanize.js";

/** Columns for rows given without any: keys in first-seen order, or `column_1…n` for arrays. */
export function inferColumns(rows: readonly WireRow[]): string[] {
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
  title = humanize(key),
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
  return { key, title, columns: cols, rows: out };
}
