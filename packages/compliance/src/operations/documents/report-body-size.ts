/** A count of a report body's table rows and cells, made on the raw JSON before validation. */
export interface BodySize {
  readonly rows: number;
  readonly cells: number;
}

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === "object" && x !== null && !Array.isArray(x);

/**
 * The width a table's rows would get when no columns are named (as `inferColumns` of
 * @svc/report-model: the longest array row, or every key of the object rows).
 */
function inferredWidth(rows: readonly unknown[]): number {
  let width = 0;
  const keys = new Set<string>();
  for (const row of rows) {
    if (Array.isArray(row)) width = Math.max(width, row.length);
    else if (isObject(row)) for (const key in row) keys.add(key);
  }
  return Math.max(width, keys.size);
}

function add(size: { rows: number; cells: number }, rows: unknown, columns: unknown): void {
  if (!Array.isArray(rows)) return;
  const width = Array.isArray(columns) && columns.length > 0 ? columns.length : inferredWidth(rows);
  size.rows += rows.length;
  size.cells += rows.length * Math.max(1, width);
}

/**
 * The rows and cells a renderer would lay out for a report body, counted on the parsed JSON
 * without validating it (as `countRows` of @svc/renderers counts a parsed report): `tables`,
 * `result` (a two-column table of its members), `export_artifacts.workbook_rows` and the legacy
 * payload's `sections[].table`. It reads each
 * row once at most (a row's keys only where no columns are named), so a body over the limits is
 * refused in a millisecond or two, before its schema runs. Members of the wrong type count
 * nothing; the schema refuses them afterwards.
 */
export function reportBodySize(body: unknown): BodySize {
  const size = { rows: 0, cells: 0 };
  if (!isObject(body)) return size;
  if (isObject(body.tables)) {
    for (const table of Object.values(body.tables)) {
      if (isObject(table)) add(size, table.rows, table.columns);
    }
  }
  if (isObject(body.result)) {
    let members = 0;
    for (const _ in body.result) members++;
    size.rows += members;
    size.cells += 2 * members;
  }
  const artifacts = body.export_artifacts;
  if (isObject(artifacts) && isObject(artifacts.workbook_rows)) {
    for (const rows of Object.values(artifacts.workbook_rows)) add(size, rows, undefined);
  }
  if (Array.isArray(body.sections)) {
    for (const section of body.sections) {
      if (isObject(section)) add(size, section.table, undefined);
    }
  }
  return size;
}
