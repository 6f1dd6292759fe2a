import {
  type LegacyReport,
  LegacyReportSchema,
  objectMessage,
  publishedAs,
  type ReportModel,
  ReportModelSchema,
} from "@svc/report-model";
import * as v from "valibot";

/**
 * The body of the PDF routes (the generic report route and the PDF route): the shared report model (variant A) or
 * the legacy payload (variant B), straight from report-model's schemas so the published JSON
 * Schema and the validation cannot drift apart. Both variants pass a body carrying both
 * variants' markers, so the "exactly one" rule is left to `parseReport` in the run
 * (`AMBIGUOUS_REPORT`).
 *
 * It is published as the union of the two (`anyOf`), but it is not one: valibot's union refuses
 * a body that fits neither with one issue of its own, at the body, saying only that every option
 * failed. Here the body is checked against the variant it meant (`report_meta` names the shared
 * model, `title` the legacy payload), and that variant's issues are the refusal, each at its own
 * path in its own words (`headline_metrics[0].label`: `label is required: …`).
 */

const isReportBody = v.looseObject({}, objectMessage("the report body", {}));

/** Said when a body names neither variant. */
export const NO_VARIANT_MESSAGE =
  "report_meta or title is required: the shared report model (report_meta, an object) or the legacy payload (title, a string)";

export const ReportBodySchema = v.pipe(
  publishedAs(isReportBody, v.union([ReportModelSchema, LegacyReportSchema])),
  v.rawTransform<Record<string, unknown>, ReportModel | LegacyReport>(
    ({ dataset, addIssue, NEVER }) => {
      const body = dataset.value;
      const model = v.safeParse(ReportModelSchema, body);
      if (model.success) return model.output;
      const legacy = v.safeParse(LegacyReportSchema, body);
      if (legacy.success) return legacy.output;
      const meant = "report_meta" in body ? model : "title" in body ? legacy : undefined;
      if (meant === undefined) {
        addIssue({ message: NO_VARIANT_MESSAGE });
        return NEVER;
      }
      for (const issue of meant.issues) {
        addIssue({
          message: issue.message,
          input: issue.input,
          received: issue.received,
          ...(issue.expected === null ? {} : { expected: issue.expected }),
          ...(issue.path === undefined ? {} : { path: issue.path }),
        });
      }
      return NEVER;
    },
  ),
);
