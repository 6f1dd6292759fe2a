import type { BatchScreenResult, WorkflowStatus } from "@svc/ofac-index";
import { type Artifact, type ArtifactSummary, inlineArtifact } from "@svc/renderers/pool";
import { type ReportModelInput, receivedType } from "@svc/report-model";
import * as v from "valibot";
import { defineOperation } from "../../catalog/operation.js";
import { renderReportModel } from "../documents/document-answer.js";
import { EddReportAnswerSchema } from "./answer-schemas.js";
import { type EddCase, type EddDocumentType, eddCase } from "./edd-case.js";
import { type EddMemo, type EddScope, eddMemo } from "./edd-memo.js";
import { EDD_REPORT_TYPE, eddMemoReport } from "./edd-memo-report.js";
import type { EddSignOff } from "./edd-sign-off.js";
import {
  type ArtifactHints,
  artifactHints,
  DOCUMENT_ENDPOINTS,
  type ScreeningEnvelope,
  screeningEnvelope,
} from "./envelope.js";
import {
  addressesField,
  assetField,
  optionalText,
  outputFormatField,
  screenOptions,
  strictInput,
} from "./input-fields.js";
import {
  CLEAR_ETH,
  EXAMPLE_BATCH_SUMMARY,
  EXAMPLE_FRESHNESS,
  LAZARUS_ETH,
} from "./sample-addresses.js";
import { attestationMember, attestScreening } from "./screening-attestation.js";
import { checkScreenableMany } from "./screening-checks.js";
import { SCREENING_NOTE, SCREENING_SOURCE } from "./screening-constants.js";
import { screeningInstant } from "./screening-instant.js";

/** The subject of an EDD memo: 2 to 200 characters, not blank (the route and the tool alike). */
const subjectNameField = v.pipe(
  v.string((issue) => `subject_name must be a string; got ${receivedType(issue.input)}`),
  v.minLength(
    2,
    (issue) => `subject_name must be 2 to 200 characters; this one has ${issue.received}`,
  ),
  v.maxLength(
    200,
    (issue) => `subject_name must be 2 to 200 characters; this one has ${issue.received}`,
  ),
  v.regex(/\S/, "subject_name must not be blank"),
  v.description("The subject or counterparty the wallets belong to; named throughout the memo."),
);

export const EddReportInputSchema = strictInput({
  subject_name: subjectNameField,
  addresses: addressesField(
    "1 to 100 wallet addresses of the subject. The memo lists them in this order; a repeated address is screened and reported at each position.",
  ),
  output_format: outputFormatField(
    "json: the structured memo. pdf or docx: the memo rendered as a document, inline as base64.",
  ),
  case_name: optionalText(
    "case_name",
    'Case title; the memo is titled "Enhanced Due Diligence Memo - <subject_name>" without it.',
  ),
  review_reason: optionalText(
    "review_reason",
    "What triggered the review (onboarding, a payout, an alert); recorded as the memo's trigger.",
  ),
  jurisdiction: optionalText(
    "jurisdiction",
    "The jurisdiction the review is made for; named where obligations beyond OFAC's may apply.",
  ),
  requested_by: optionalText("requested_by", "Who requested the review (a person or team)."),
  reference_id: optionalText(
    "reference_id",
    "The caller's case or ticket reference, recorded in the memo.",
  ),
  artifact_only: v.optional(
    v.pipe(
      v.boolean("artifact_only must be true or false"),
      v.description(
        "With output_format pdf or docx: answer only success, output_format, artifact, artifact_summary and source (no memo data, no report). Ignored for json.",
      ),
    ),
  ),
  asset: assetField,
});

export type EddReportInput = v.InferOutput<typeof EddReportInputSchema>;

/** The JSON memo's `data`: the four members the document answers also carry, then the rest of the memo. */
export interface EddMemoData {
  readonly case: EddCase;
  readonly workflowStatus: WorkflowStatus;
  readonly evidenceSummary: readonly string[];
  readonly requiredFollowUp: readonly string[];
  readonly memoDate: string;
  readonly recommendation: string;
  readonly scopeAndMethod: EddScope;
  readonly limitations: readonly string[];
  readonly reviewerSignOff: EddSignOff;
  /** The batch screening of the case's wallets (the batch screening's `data`), with its freshness. */
  readonly screening: BatchScreenResult;
  readonly note: string;
}

/** What the EDD document answers carry as `data`: the memo's first four members. */
type EddDocumentData = Pick<
  EddMemoData,
  "case" | "workflowStatus" | "evidenceSummary" | "requiredFollowUp"
>;

export type EddJsonAnswer = ScreeningEnvelope<EddMemoData>;

/** The EDD answer with output_format pdf or docx. */
export interface EddDocumentAnswer {
  readonly success: true;
  readonly output_format: EddDocumentType;
  readonly artifact: Artifact;
  readonly artifact_summary: ArtifactSummary;
  readonly data: EddDocumentData;
  readonly output: {
    readonly mimeType: string;
    readonly artifact: Artifact;
    readonly artifact_summary: ArtifactSummary;
  };
  readonly report: ReportModelInput;
  readonly artifacts: ArtifactHints;
  readonly source: typeof SCREENING_SOURCE;
  /** The screening's signed attestation (compact JWS), when the run was given `attest`. */
  readonly attestation?: string;
}

/** `artifact_only: true`: the file and its metadata (and a signed run's attestation), nothing else. */
export type EddArtifactOnlyAnswer = Pick<
  EddDocumentAnswer,
  "success" | "output_format" | "artifact" | "artifact_summary" | "source" | "attestation"
>;

export type EddReportAnswer = EddJsonAnswer | EddDocumentAnswer | EddArtifactOnlyAnswer;

const memoData = (c: EddCase, memo: EddMemo, screening: BatchScreenResult): EddMemoData => ({
  case: c,
  workflowStatus: memo.workflowStatus,
  evidenceSummary: memo.evidenceSummary,
  requiredFollowUp: memo.requiredFollowUp,
  memoDate: memo.memoDate,
  recommendation: memo.recommendation,
  scopeAndMethod: memo.scope,
  limitations: memo.limitations,
  reviewerSignOff: memo.signOff,
  screening,
  note: SCREENING_NOTE,
});

/**
 * EDD (POST /api/workflows/compliance/edd-report): an enhanced due diligence memo for a subject's wallets, as JSON, PDF or DOCX.
 *
 * The document answers carry the file twice (top-level `artifact` and
 * `output.artifact`). `artifact_only: true` is for callers that only file the document: it
 * drops `data`, `output`, `report` and `artifacts`, so the file is carried once. Render
 * failures (`RenderError`) and screening failures (`OfacIndexError`) propagate to the app.
 */
export const eddReport = defineOperation({
  name: "edd_report",
  title: "EDD report",
  method: "POST",
  path: "/api/workflows/compliance/edd-report",
  price: "0.25",
  // Up to 100 lookups, the memo, and for pdf or docx one render of a memo of at most 100
  // wallets (~0.6 s PDF, ~0.2 s DOCX on the calling thread), plus any wait for a render worker.
  deadlineMs: 30_000,
  // 100 addresses and the case details: about 30 KB.
  maxBodyBytes: 64 * 1024,
  category: "workflow",
  tags: ["ofac", "sanctions", "edd", "due-diligence", "memo", "pdf", "docx"],
  description:
    "Writes an enhanced due diligence memo for a subject's wallets (up to 100): exact-match OFAC SDN screening with evidence naming any sanctioned party and any listed address near a clear wallet, a recommendation, required follow-up, limitations and a reviewer sign-off block, as JSON or as a PDF or DOCX file.",
  mimeType: "application/json",
  input: EddReportInputSchema,
  inputExample: {
    subject_name: "Northwind OTC Ltd",
    addresses: [LAZARUS_ETH, CLEAR_ETH],
    output_format: "json",
    case_name: "EDD - Northwind OTC onboarding",
    review_reason: "Onboarding of a new OTC counterparty",
    jurisdiction: "United States",
    requested_by: "Compliance Operations",
    reference_id: "CASE-2026-0142",
  },
  output: EddReportAnswerSchema,
  outputExample: {
    success: true,
    data: {
      case: {
        subjectName: "Northwind OTC Ltd",
        caseName: "EDD - Northwind OTC onboarding",
        reviewReason: "Onboarding of a new OTC counterparty",
        jurisdiction: "United States",
        requestedBy: "Compliance Operations",
        referenceId: "CASE-2026-0142",
        addresses: [LAZARUS_ETH, CLEAR_ETH],
        asset: null,
        outputFormat: "json",
      },
      workflowStatus: "manual_review_required",
      screening: {
        summary: EXAMPLE_BATCH_SUMMARY,
        sourceFreshness: EXAMPLE_FRESHNESS,
        screeningOnly: true,
      },
      note: SCREENING_NOTE,
    },
    report: {
      report_meta: { report_type: EDD_REPORT_TYPE, title: "EDD - Northwind OTC onboarding" },
      headline_metrics: [
        { label: "Workflow status", value: "manual_review_required" },
        { label: "Total screened", value: 2 },
        { label: "Match count", value: 1 },
        { label: "Near matches", value: 0 },
        { label: "Manual review required", value: true },
      ],
    },
    artifacts: { document_endpoints: DOCUMENT_ENDPOINTS },
    source: SCREENING_SOURCE,
  },
  check: (input, deps) => checkScreenableMany(input, deps),
  run: async (input: EddReportInput, deps, context): Promise<EddReportAnswer> => {
    const c = eddCase(input);
    const screening = deps.list.screenMany(input.addresses, screenOptions(input.asset));
    // Signed before the memo is written, so the memo prints the very JWS the answer carries.
    const attestation = await attestScreening(context, screening);
    const memo = eddMemo(c, screening);
    const report = eddMemoReport(c, memo, screening, attestation);
    if (input.output_format === "json") {
      return screeningEnvelope(memoData(c, memo, screening), report, attestation);
    }
    const doc = await renderReportModel(
      report,
      input.output_format,
      deps,
      screeningInstant(screening.sourceFreshness, attestation),
      context,
    );
    // One base64 of the file, which the answer names twice (`artifact`, `output.artifact`).
    const artifact = inlineArtifact(doc);
    const file: EddArtifactOnlyAnswer = {
      success: true as const,
      output_format: input.output_format,
      artifact,
      artifact_summary: doc.artifactSummary,
      source: SCREENING_SOURCE,
      ...attestationMember(attestation),
    };
    if (input.artifact_only === true) return file;
    return {
      ...file,
      data: {
        case: c,
        workflowStatus: memo.workflowStatus,
        evidenceSummary: memo.evidenceSummary,
        requiredFollowUp: memo.requiredFollowUp,
      },
      output: {
        mimeType: doc.mimeType,
        artifact,
        artifact_summary: doc.artifactSummary,
      },
      report,
      artifacts: artifactHints(report),
    };
  },
});
