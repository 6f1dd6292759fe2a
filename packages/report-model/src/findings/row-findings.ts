import type { ReportTable, Scalar } from "../model/report.js";

/**
 * What a reviewer must see in a row of screening results: an exact `match` of a listed address,
 * or a `near-match` (a well-formed address one or two characters, a letter case or a look-alike
 * away from one). Renderers highlight such rows alike in every format.
 */
export type RowFinding = "match" | "near-match";

/** A status column: `status`, or a key ending in `_status` (`screening_status`). */
const isStatusKey = (key: string): boolean => key === "status" || key.endsWith("_status");

/** A column naming near matches: `near_match`, `near_matches`, `near_match_count`. */
const isNearKey = (key: string): boolean => /^near_match(?:es|_count)?$/.test(key);

/** Words a status cell holds for an exact match (`match`, `ofac_match`, "Match"). */
const isMatchWord = (value: Scalar): boolean =>
  typeof value === "string" && /^(?:ofac[ _-])?match$/i.test(value.trim());

/** A near-match cell that names something: a non-empty text, a positive count, `true`. */
const namesSomething = (value: Scalar): boolean =>
  (typeof value === "string" && value.trim() !== "" && !/^(?:no|none|0)$/i.test(value.trim())) ||
  (typeof value === "number" && value > 0) ||
  value === true;

/**
 * Each row's finding (`undefined`: nothing to flag), read from the table's own columns: a status
 * column saying `match` flags a match, a near-match column naming something a near match. A table
 * with neither kind of column (a forecast, a definitions list) flags nothing.
 */
export function rowFindings(
  table: Pick<ReportTable, "columns" | "rows">,
): readonly (RowFinding | undefined)[] {
  const status = table.columns.findIndex(isStatusKey);
  const near = table.columns.findIndex(isNearKey);
  if (status < 0 && near < 0) return table.rows.map(() => undefined);
  return table.rows.map((row) => {
    if (status >= 0 && isMatchWord(row[status] ?? null)) return "match";
    if (near >= 0 && namesSomething(row[near] ?? null)) return "near-match";
    return undefined;
  });
}
