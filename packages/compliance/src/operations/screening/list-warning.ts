import type { SourceFreshness } from "@svc/ofac-index";
import { type ReportModelInput, withListWarning, withSampleEdition } from "@svc/report-model";

/**
 * The warning a report carries (`report_meta.list_warning`) when the list it was screened on is
 * stale: the service has not confirmed it holds OFAC's current edition for longer than it
 * allows. Undefined for a list that is not stale. The limit itself (`OFAC_STALE_AFTER_HOURS`)
 * is not part of the freshness, so the text gives the age alone.
 */
export function listWarningOf(freshness: SourceFreshness): string | undefined {
  if (freshness.stale !== true) return undefined;
  const hours = freshness.ageHours;
  const age =
    hours === undefined || !Number.isFinite(hours)
      ? "for longer than the service allows"
      : `for ${Math.round(hours)} ${Math.round(hours) === 1 ? "hour" : "hours"}`;
  return `STALE LIST: edition of ${freshness.datasetDate}, not confirmed current ${age}; recent designations may be missing.`;
}

/**
 * `model` marked with what the list it was screened on was: the embedded sample
 * (`sample_edition`: every page of every document says so) and stale (`list_warning`: page one
 * says so). The one place the service's own reports get both.
 */
export const withListNotices = (model: ReportModelInput, f: SourceFreshness): ReportModelInput =>
  withListWarning(withSampleEdition(model, f.sample), listWarningOf(f));
