import type { AnyOperation } from "../../catalog/any-operation.js";
import { reportDocxGenerate } from "./report-docx-generate.js";
import { reportGenerate } from "./report-generate.js";
import { reportPdfGenerate } from "./report-pdf-generate.js";
import { reportXlsxGenerate } from "./report-xlsx-generate.js";

export { DocumentAnswerSchema } from "./answer-schema.js";
export { attachedAttestation } from "./attached-attestation.js";
export { attestedDifferences } from "./attested-differences.js";
export { attestedListWarning } from "./attested-list-warning.js";
export { withCallerProvenance } from "./caller-provenance.js";
export {
  DOCUMENT_DEADLINE_MS,
  type DocumentAnswer,
  renderReportBody,
  renderReportJson,
  renderReportModel,
} from "./document-answer.js";
export {
  DOCUMENT_BODIES,
  type DocumentBody,
  type DocumentBodyJson,
  type DocumentOperationName,
} from "./document-bodies.js";
export { type DocumentCapabilities, documentCapabilities } from "./document-capabilities.js";
export { documentPreview } from "./document-preview.js";
export { DOCUMENT_SOURCE } from "./document-source.js";
export { EXAMPLE_LEGACY_REPORT, EXAMPLE_REPORT_MODEL } from "./example-reports.js";
export {
  DOCUMENT_BODY_PREPARER,
  default as prepareDocumentBody,
  type PreparedExtra,
} from "./prepare-document-body.js";
export { scanReportBody } from "./report-body-scan.js";
export { type ReportBody, ReportBodySchema } from "./report-body-schema.js";
export { type BodySize, reportBodySize } from "./report-body-size.js";
export { reportDocxGenerate, reportGenerate, reportPdfGenerate, reportXlsxGenerate };

/** The document routes in catalog order: generic report, PDF, DOCX, XLSX. */
export const DOCUMENT_OPERATIONS: readonly AnyOperation[] = [
  reportGenerate,
  reportPdfGenerate,
  reportDocxGenerate,
  reportXlsxGenerate,
];
