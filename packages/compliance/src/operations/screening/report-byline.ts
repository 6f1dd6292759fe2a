import type { ReportModelInput } from "@svc/report-model";
import { reportDate } from "./report-date.js";

/** Who the service's reports name as their author: the screening is automated, no person wrote it. */
export const SERVICE_AUTHOR = "OFAC screening service (automated)";

/**
 * `model` with its byline filled where the builder left it out: the service as the author and
 * the day it was made (`reportDate`) as the date, so no document shows an empty author or date.
 * An author or date the builder set is kept.
 */
export function withByline(model: ReportModelInput, date = reportDate()): ReportModelInput {
  const meta = model.report_meta;
  // An owner stands for the author (the model's own rule), so it is not overridden either.
  const named = meta.author !== undefined || meta.owner !== undefined;
  return {
    ...model,
    report_meta: {
      ...meta,
      ...(named ? {} : { author: SERVICE_AUTHOR }),
      date: meta.date ?? date,
    },
  };
}
