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

/** The PDF route: a report model (variant A or B) rendered as a PDF. */
export const reportPdfGenerate = defineOperation({
  name: "report_pdf_generate",
  title: "Generate PDF report",
  method: "POST",
  path: "/api/tools/report/pdf/generate",
  price: "0.05",
  deadlineMs: DOCUMENT_DEADLINE_MS,
  category: "document",
  tags: ["report", "pdf", "document"],
  description:
    "Renders a report model (the shared report model, or the legacy title-and-sections payload) as a paginated PDF with metric cards, every table row, vector charts and fonts for SDN names in any script, returned inline as base64.",
  mimeType: "application/json",
  admit: documentAdmission("report_pdf_generate"),
  admitJson: documentJsonAdmission("report_pdf_generate"),
  check: (input) => documentCheck("report_pdf_generate")(input),
  input: DOCUMENT_BODIES.report_pdf_generate.input,
  inputExample: EXAMPLE_REPORT_MODEL,
  output: DocumentAnswerSchema,
  outputExample: documentAnswerExample(
    "pdf",
    "ofac-batch-wallet-screening-report-2026-01-15.pdf",
    EXAMPLE_REPORT_MODEL_PREVIEW,
    ["A", "B"],
    "vector",
    limitsOf("pdf"),
  ),
  run: (input, deps, context) => {
    const { type, accept } = DOCUMENT_BODIES.report_pdf_generate;
    return renderReportBody(input, type, accept, deps, context);
  },
});
