import type { ReportMeta } from "../model/report.js";
import type { ReportModelInput } from "../schema/wire-schemas.js";
import { firstText } from "./first-text.js";
import { humanize } from "./humanize.js";

/**
 * A shared report model's title block (`report_meta`) as the normalized report has it: the
 * title (`title`, else `report_title`, else `name`, else the humanized `report_type`, else
 * "Report") and the rest of the block. It reads `report_meta` alone, so what depends only on
 * the title block (a document's file name) needs no parse of the whole report.
 */
export function normalizeReportMeta(meta: ReportModelInput["report_meta"]): ReportMeta {
  return {
    title:
      firstText(meta.title, meta.report_title, meta.name) ??
      (typeof meta.report_type === "string" ? humanize(meta.report_type) : "Report"),
    subtitle: firstText(meta.subtitle),
    reportType: firstText(meta.report_type),
    author: firstText(meta.author, meta.owner),
    date: firstText(meta.date),
    version: firstText(meta.version),
    sampleEdition: meta.sample_edition === true,
    listWarning: firstText(meta.list_warning),
  };
}
