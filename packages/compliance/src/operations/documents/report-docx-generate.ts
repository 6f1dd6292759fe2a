import { defineOperation } from "../../catalog/operation.js";
import { DocumentAnswerSchema } from "./answer-schema.js";
import { documentAdmission, documentCheck, documentJsonAdmission } from "./document-admission.js";
import { DOCUMENT_DEADLINE_MS, renderReportBody } from "./document-answer.js";
import { DOCUMENT_BODIES } from "./document-bodies.js";
import {
  documentAnswerExample,
  EXAMPLE_REPORT_MODEL_PREVIEW,
  limitsOf,
} from "./example-answers.js";
import { EXAMPLE_REPORT_MODEL } from "./example-reports.js";

/**
 * The DOCX route: the shared report model (variant A only) rendered as a DOCX document. The legacy payload is
 * refused: the input schema requires `report_meta`, and `parseReport` says `UNSUPPORTED_VARIANT`
 * to callers that skip the schema.
 */
export const reportDocxGenerate = defineOperation({
  name: "report_docx_generate",
  title: "Generate DOCX report",
  method: "POST",
  path: "/api/tools/report/docx/generate",
  price: "0.06",
  deadlineMs: DOCUMENT_DEADLINE_MS,
  category: "document",
  tags: ["report", "docx", "document"],
  description:
    "Renders the shared report model (report_meta required) as an editable Word document with a title block, metrics table, repeating table headers, rows kept whole, addresses whole in a monospace face, landscape pages only for tables too wide for portrait, and charts as pictures, returned inline as base64.",
  mimeType: "application/json",
  admit: documentAdmission("report_docx_generate"),
  admitJson: documentJsonAdmission("report_docx_generate"),
  check: (input) => documentCheck("report_docx_generate")(input),
  input: DOCUMENT_BODIES.report_docx_generate.input,
  inputExample: EXAMPLE_REPORT_MODEL,
  output: DocumentAnswerSchema,
  outputExample: documentAnswerExample(
    "docx",
    "ofac-batch-wallet-screening-report-2026-01-15.docx",
    EXAMPLE_REPORT_MODEL_PREVIEW,
    ["A"],
    "png",
    limitsOf("docx"),
  ),
  run: (input, deps, context) => {
    const { type, accept } = DOCUMENT_BODIES.report_docx_generate;
    return renderReportBody(input, type, accept, deps, context);
  },
});
