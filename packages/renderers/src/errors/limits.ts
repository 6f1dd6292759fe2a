import type { Report } from "@svc/report-model";
import type { DocumentType } from "../artifact/artifact.js";
import { RenderError } from "./render-error.js";

/**
 * Largest reports each format renders. Past them a report is refused up front with
 * `REPORT_TOO_LARGE`, before any memory is spent (a 100,000-row model never reaches a renderer).
 * Each is one the service delivers within its deadline on one worker of a 2-core machine, with
 * the largest body the routes take (1 MiB) filled at that size (`bench/render-limits.bench.mjs`):
 * a DOCX of 100,000 cells took 3.5 s and 0.9 GB, one of 160,000 8.5 s, and one of 200,000 filled
 * the worker's 1 GB heap and failed after 12 s; a PDF of 200,000 cells 2 s; an XLSX of 960,000
 * cells under 1 s.
 */
export const RENDER_LIMITS: Readonly<
  Record<DocumentType, { readonly rows: number; readonly cells: number }>
> = Object.freeze({
  pdf: { rows: 10_000, cells: 200_000 },
  docx: { rows: 5_000, cells: 100_000 },
  xlsx: { rows: 60_000, cells: 1_000_000 },
});

/** Every row a renderer would lay out: tables, section tables and workbook sheets. */
export function countRows(report: Report): { rows: number; cells: number } {
  const tables = [
    ...report.tables,
    ...report.workbook,
    ...report.sections.flatMap((s) => (s.table === null ? [] : [s.table])),
  ];
  let rows = 0;
  let cells = 0;
  for (const t of tables) {
    rows += t.rows.length;
    cells += t.rows.length * Math.max(1, t.columns.length);
  }
  return { rows, cells };
}

export function assertWithinLimits(report: Report, type: DocumentType): void {
  assertSizeWithinLimits(countRows(report), type);
}

/**
 * The same check on counts made elsewhere: the service counts a request body's rows and cells
 * before it validates the body, so a body over the limit is refused before any validation.
 */
export function assertSizeWithinLimits(
  { rows, cells }: { readonly rows: number; readonly cells: number },
  type: DocumentType,
): void {
  const limit = RENDER_LIMITS[type];
  if (rows > limit.rows || cells > limit.cells) {
    throw new RenderError(
      "REPORT_TOO_LARGE",
      `the report has ${rows} table rows (${cells} cells); ${type.toUpperCase()} documents are limited to ${limit.rows} rows and ${limit.cells} cells`,
      { rows, cells, limit },
    );
  }
}
