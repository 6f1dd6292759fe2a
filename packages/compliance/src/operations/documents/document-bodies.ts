import type { DocumentType } from "@svc/renderers/pool";
import { ReportModelSchema, type ReportVariant } from "@svc/report-model";
import type * as v from "valibot";
import type { ProvenanceInputs } from "./caller-provenance.js";
import { ReportBodySchema } from "./report-body-schema.js";

/** What a document route takes as its body, and what it renders it as. */
export interface DocumentBody {
  readonly type: DocumentType;
  /** The report variants the route renders (`parseReport`'s `accept`). */
  readonly accept: readonly ReportVariant[];
  /** The body's schema: the route's `input`. */
  readonly input: v.GenericSchema;
}

/**
 * The body of each document route, by operation name: the one place its schema, its variants and
 * its document type are named. The operations take their `input` and run from it, and the render
 * worker validates a large body with the same entry (`prepareDocumentBody`), so a body is refused
 * the same way wherever it is validated.
 */
export const DOCUMENT_BODIES = {
  report_generate: { type: "pdf", accept: ["A", "B"], input: ReportBodySchema },
  report_pdf_generate: { type: "pdf", accept: ["A", "B"], input: ReportBodySchema },
  report_docx_generate: { type: "docx", accept: ["A"], input: ReportModelSchema },
  report_xlsx_generate: { type: "xlsx", accept: ["A"], input: ReportModelSchema },
} as const satisfies Record<string, DocumentBody>;

export type DocumentOperationName = keyof typeof DOCUMENT_BODIES;

/** What the render worker's preparer is given: which route's body, and its JSON bytes. */
export interface DocumentBodyJson {
  readonly operation: DocumentOperationName;
  readonly json: Uint8Array;
  /**
   * What the service vouches with (`withCallerProvenance`): set by the thread that hands the body
   * over; without it the worker marks the report as the caller's, verified against nothing.
   */
  readonly provenance?: ProvenanceInputs | undefined;
}
