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

/** A listed address near a screened one that is not listed (`nearMatches`). */
const NearMatchSchema = v.pipe(
  v.looseObject({
    address: v.pipe(v.string(), v.description("The listed address, as OFAC published it.")),
    normalizedAddress: v.string(),
    listedAssets: v.pipe(
      v.array(v.string()),
      v.description("Every ticker the listed address is designated under."),
    ),
    parties: v.pipe(
      v.array(
        v.looseObject({
          entityName: v.string(),
          entryId: v.string(),
          profileId: v.string(),
          programs: v.array(v.string()),
        }),
      ),
      v.description("The SDN parties the listed address belongs to."),
    ),
    reasons: v.pipe(
      v.array(v.picklist(["edit_distance", "letter_case", "lookalike"])),
      v.description(
        "Why it is near: edit_distance (one or two characters changed, added or dropped), letter_case (the same characters in another case, where case is part of the address), lookalike (the same first 6 and last 4 significant characters: the shape of an address-poisoning look-alike).",
      ),
    ),
    editDistance: v.pipe(
      v.nullable(v.number()),
      v.description(
        "Characters changed, added or dropped between the two, when 2 or fewer; else null.",
      ),
    ),
    explanation: v.string(),
  }),
  v.description(
    "A listed address near the screened one. Exact match is the rule, so the screened address stays clear; a reviewer should compare the two before relying on the clear result.",
  ),
);

/** One address screened: what was asked, the verdict, every record of the address, and near misses. */
const AddressScreeningEntries = {
  query: v.looseObject({ address: v.string(), addressFormat: v.string() }),
  summary: v.looseObject({
    status: v.picklist(["match", "clear"]),
    matchCount: v.number(),
    manualReviewRecommended: v.pipe(
      v.boolean(),
      v.description("True exactly when the address matches (matchCount > 0)."),
    ),
    nearMatchCount: v.pipe(
      v.number(),
      v.description("How many listed addresses are near this one (nearMatches); 0 for a match."),
    ),
  }),
  matches: v.array(v.looseObject({ entityName: v.string(), address: v.string() })),
  nearMatches: v.pipe(
    v.array(NearMatchSchema),
    v.description(
      "For a clear address, the listed addresses of its format near it (within two edits, equal but for letter case, or sharing both ends of a look-alike), closest first, at most 5; empty for a match.",
    ),
  ),
};

const WORKFLOW_STATUS = v.picklist(["manual_review_required", "screening_complete_no_exact_match"]);

/** The batch screening's `data` (also the EDD memo's `screening`). */
const BatchScreeningSchema = v.looseObject({
  query: v.looseObject({ addresses: v.array(v.string()) }),
  summary: v.looseObject({
    totalScreened: v.number(),
    matchCount: v.number(),
    clearCount: v.number(),
    nearMatchCount: v.pipe(
      v.number(),
      v.description(
        "Clear addresses with at least one near match: each one for a reviewer to compare.",
      ),
    ),
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
