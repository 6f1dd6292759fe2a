import { MAX_ATTESTATION_LENGTH } from "@svc/attestations";
import * as v from "valibot";
import { SCREENING_SOURCE } from "./screening/screening-constants.js";

/**
 * The parts every answer schema is built of. They name the members a client reads and leave the
 * objects open (a member added later is no breaking change); the report model is checked where
 * it is taken (the document routes and tools), not here.
 */

/** The list an answer was computed on: the `sourceFreshness` every screening carries. */
export const SourceFreshnessSchema = v.pipe(
  v.looseObject({
    sourceUrl: v.string(),
    datasetDate: v.string(),
    datasetSha256: v.string(),
    addressCount: v.number(),
    sample: v.boolean(),
  }),
  v.description("The list edition the answer was computed on, and how fresh it is."),
);

/** The shared report model beside `data`: what the document routes and tools render as it is. */
export const ReportAnswerSchema = v.pipe(
  v.looseObject({ report_meta: v.looseObject({}) }),
  v.description(
    "The result as the shared report model (report_meta, sections, tables, metrics, chart_hints): pass it unchanged to a document route or tool.",
  ),
);

/** Hints for filing the answer as a document. */
export const ArtifactHintsSchema = v.object({
  recommended_local_path: v.string(),
  document_endpoints: v.record(v.string(), v.string()),
});

/** The success envelope of the screening and workflow answers, around their `data`. */
export const screeningAnswerSchema = <Data extends v.GenericSchema>(data: Data) =>
  v.object({
    success: v.literal(true),
    data,
    report: ReportAnswerSchema,
    artifacts: ArtifactHintsSchema,
    source: v.literal(SCREENING_SOURCE),
  });

/**
 * A screening's signed attestation: a compact JWS (header, payload and signature, each base64url,
 * joined by dots), which `verifyAttestation` of @svc/attestations, `ofac-index verify` and the
 * verification route check against the service's published keys.
 */
const AttestationSchema = v.pipe(
  v.string(),
  v.maxLength(MAX_ATTESTATION_LENGTH),
  v.regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/),
  v.description(
    "The screening's signed attestation, a compact JWS: the service's signature over the request, the result per address, the list edition and the payment. Verify it against the service's key set (/.well-known/jwks.json) with @svc/attestations, `ofac-index verify` or POST /api/attestations/verify. Present when the answer was paid for on the hosted service.",
  ),
);

/** The member a screening answer (single, batch, EDD) gains when its run was signed. */
export const AttestedEntries = { attestation: v.optional(AttestationSchema) };

/**
 * A rendered document: over HTTP its bytes ride inline (`contentBase64`); over MCP they travel as
 * an embedded resource of the same result, named by `resourceUri`.
 */
export const ArtifactSchema = v.object({
  type: v.picklist(["pdf", "docx", "xlsx"]),
  name: v.string(),
  sizeBytes: v.number(),
  contentBase64: v.optional(v.string()),
  resourceUri: v.optional(v.string()),
});

/** What an answer says about its document: where a degraded document says so. */
export const ArtifactSummarySchema = v.looseObject({
  documentType: v.picklist(["pdf", "docx", "xlsx"]),
  fileName: v.string(),
  mimeType: v.string(),
  sizeBytes: v.number(),
  usedFallback: v.boolean(),
  degraded: v.boolean(),
  degradationReason: v.nullable(v.string()),
});

/** The members an answer gains when its report is rendered: the file and its summary. */
export const RenderedPartEntries = {
  output_format: v.picklist(["pdf", "docx"]),
  artifact: ArtifactSchema,
  artifact_summary: ArtifactSummarySchema,
};
