import type { PreparedBody } from "../pool/body-preparer.js";
import { tableReport } from "./sample-reports.js";

/**
 * A body preparer for the pool's tests, run on its worker: `{rows}` (a whole number) is a table
 * report of that many rows of 5 columns, with `{rows}` back as `extra`; anything else is refused
 * with `{code: "NOT_ROWS", path}`, as a caller's own refusal.
 */
export default function prepareRowsBody(body: unknown): PreparedBody {
  const rows = (body as { rows?: unknown } | null)?.rows;
  if (typeof rows !== "number" || !Number.isInteger(rows) || rows < 0) {
    return { ok: false, refusal: { code: "NOT_ROWS", path: "rows" } };
  }
  return { ok: true, report: tableReport(rows), extra: { rows } };
}
