import type { Report, ReportMeta } from "@svc/report-model";
import type { DocumentType } from "./artifact.js";

/**
 * The stem of a document's file name: the report's title and date, safe on every file system
 * ("report" when nothing of them is left). It needs the title block only, so an answer can
 * announce a document's name from its `report_meta` (`normalizeReportMeta`) without parsing the
 * whole report, and that name is the one the document gets.
 */
export function fileStem(meta: Pick<ReportMeta, "title" | "date">): string {
  const stem = `${meta.title}${meta.date === null ? "" : ` ${meta.date}`}`
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return stem === "" ? "report" : stem;
}

/** A document's file name: the stem of its report's title block and the type's extension. */
export const fileNameFor = (report: Pick<Report, "meta">, type: DocumentType): string =>
  `${fileStem(report.meta)}.${type}`;
