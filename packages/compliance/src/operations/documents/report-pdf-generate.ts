import { defineOperation } from "../../catalog/operation.js";
import { DocumentAnswerSchema } from "./answer-schema.js";
import { documentAdmission } from "./document-admission.js";
import { DOCUMENT_DEADLINE_MS, renderReportBody } from "./document-answer.js";
import {
  documentAnswerExample,
  EXAMPLE_REPORT_MODEL_PREVIEW,
  limitsOf,
} from "./example-answers.js";
import { EXAMPLE_REPORT_MODEL } from "./example-reports.js";
import { ReportBodySchema } from "./report-body-schema.js";

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
  admit: documentAdmission("pdf"),
  input: ReportBodySchema,
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
  run: (input, deps, context) => renderReportBody(input, "pdf", ["A", "B"], deps, context),
});
