import {
  LegacyReportSchema,
  parseReport,
  ReportModelError,
  ReportModelSchema,
} from "@svc/report-model";
import * as v from "valibot";

/**
 * The body of the PDF routes (the generic report route and the PDF route): the shared report model (variant A) or
 * the legacy payload (variant B), straight from report-model's schemas so the published JSON
 * Schema and the validation cannot drift apart. A union passes a body carrying both variants'
 * markers, so the "exactly one" rule is left to `parseReport` in the run (`AMBIGUOUS_REPORT`).
 *
 * When neither variant fits, valibot's union would only say "Expected Object but received
 * Object" with no path; the message asks `parseReport` instead, which picks the variant the
 * body meant (by `report_meta` or `title`) and names each problem with its path.
 */
export const ReportBodySchema = v.union([ReportModelSchema, LegacyReportSchema], (issue) =>
  invalidReportMessage(issue.input),
);

export type ReportBody = v.InferOutput<typeof ReportBodySchema>;

function invalidReportMessage(body: unknown): string {
  try {
    parseReport(body);
  } catch (error) {
    if (error instanceof ReportModelError) return error.message;
  }
  return "the body must be a shared report model (report_meta required) or a legacy payload (title required)";
}
