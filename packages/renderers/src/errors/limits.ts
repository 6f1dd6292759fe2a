import type { Report } from "@svc/report-model";
import type { DocumentType } from "../artifact/artifact.js";
import { RenderError } from "./render-error.js";

/**
 * Largest reports each format renders. Past them a report is refused up front with
 * `REPORT_TOO_LARGE`, before any memory is spent (a 100,000-row model never reaches a renderer).
 */
export const RENDER_LIMITS: Readonly<
  Record<DocumentType, { readonly rows: number; readonly cells: number }>
> = Object.freeze({
  pdf: { rows: 10_000, cells: 200_000 },
  docx: { rows: 10_000, cells: 200_000 },
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
  const limit = RENDER_LIMITS[type];
  const { rows, cells } = countRows(report);
  if (rows > limit.rows || cells > limit.cells) {
    throw new RenderError(
      "REPORT_TOO_LARGE",
      `the report has ${rows} table rows (${cells} cells); ${type.toUpperCase()} documents are limited to ${limit.rows} rows and ${limit.cells} cells`,
      { rows, cells, limit },
    );
  }
}
