import * as v from "valibot";
import {
  ArtifactHintsSchema,
  ArtifactSchema,
  ArtifactSummarySchema,
  AttestedEntries,
  RenderedPartEntries,
  ReportAnswerSchema,
  SourceFreshnessSchema,
  screeningAnswerSchema,
} from "../answer-parts.js";
import { SCREENING_SOURCE } from "./screening-constants.js";

/** One address screened: what was asked, the verdict, and every record of the address. */
const AddressScreeningEntries = {
  query: v.looseObject({ address: v.string() }),
  summary: v.looseObject({
    status: v.picklist(["match", "clear"]),
    matchCount: v.number(),
    manualReviewRecommended: v.boolean(),
  }),
  matches: v.array(v.looseObject({ entityName: v.string(), address: v.string() })),
};

const WORKFLOW_STATUS = v.picklist(["manual_review_required", "screening_complete_no_exact_match"]);

/** The batch screening's `data` (also the EDD memo's `screening`). */
const BatchScreeningSchema = v.looseObject({
  query: v.looseObject({ addresses: v.array(v.string()) }),
  summary: v.looseObject({
    totalScreened: v.number(),
    matchCount: v.number(),
    clearCount: v.number(),
    manualReviewRecommended: v.boolean(),
    workflowStatus: WORKFLOW_STATUS,
  }),
  results: v.array(v.looseObject(AddressScreeningEntries)),
  sourceFreshness: SourceFreshnessSchema,
  screeningOnly: v.literal(true),
});

/** A screening's success envelope around `data`, with the attestation of a signed run. */
const attestedAnswerSchema = <Data extends v.GenericSchema>(data: Data) =>
  v.object({ ...screeningAnswerSchema(data).entries, ...AttestedEntries });

/** The answer of the single-address screening and of the wallet sanctions report. */
export const WalletScreeningAnswerSchema = attestedAnswerSchema(
  v.looseObject({
    ...AddressScreeningEntries,
    sourceFreshness: SourceFreshnessSchema,
    screeningOnly: v.literal(true),
    note: v.string(),
  }),
);

/** The wallet report, rendered as a document when asked (the tool's pdf and docx formats). */
export const WalletReportAnswerSchema = v.object({
  ...WalletScreeningAnswerSchema.entries,
  output_format: v.optional(RenderedPartEntries.output_format),
  artifact: v.optional(RenderedPartEntries.artifact),
  artifact_summary: v.optional(RenderedPartEntries.artifact_summary),
});

/** The answer of the batch screening. */
export const BatchWalletScreenAnswerSchema = attestedAnswerSchema(BatchScreeningSchema);

/** The four members of the EDD memo that every EDD answer with data carries. */
const EddDocumentDataEntries = {
  case: v.looseObject({ subjectName: v.string(), addresses: v.array(v.string()) }),
  workflowStatus: WORKFLOW_STATUS,
  evidenceSummary: v.array(v.string()),
  requiredFollowUp: v.array(v.string()),
};

/**
 * The EDD answer: the memo as JSON (the whole memo in `data`), or rendered (`output_format`,
 * the file in `artifact` and again in `output`, the memo's first four members in `data`), or
 * the file alone (`artifact_only`).
 */
export const EddReportAnswerSchema = v.union([
  attestedAnswerSchema(
    v.looseObject({
      ...EddDocumentDataEntries,
      memoDate: v.string(),
      recommendation: v.string(),
      limitations: v.array(v.string()),
      screening: BatchScreeningSchema,
      note: v.string(),
    }),
  ),
  v.object({
    success: v.literal(true),
    ...RenderedPartEntries,
    data: v.optional(v.looseObject(EddDocumentDataEntries)),
    output: v.optional(
      v.object({
        mimeType: v.string(),
        artifact: ArtifactSchema,
        artifact_summary: ArtifactSummarySchema,
      }),
    ),
    report: v.optional(ReportAnswerSchema),
    artifacts: v.optional(ArtifactHintsSchema),
    source: v.literal(SCREENING_SOURCE),
    ...AttestedEntries,
  }),
]);
