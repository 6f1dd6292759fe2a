import { defineOperation } from "../../catalog/operation.js";
import { DocumentAnswerSchema } from "./answer-schema.js";
import { documentAdmission, documentCheck, documentJsonAdmission } from "./document-admission.js";
import { DOCUMENT_DEADLINE_MS, renderReportBody } from "./document-answer.js";
import { DOCUMENT_BODIES } from "./document-bodies.js";
import { documentAnswerExample, limitsOf } from "./example-answers.js";
import { EXAMPLE_LEGACY_REPORT } from "./example-reports.js";

/**
 * The generic report route, kept for clients of the deployed service. It renders a PDF, exactly
 * as POST /api/tools/report/pdf/generate does (same price, same body); new clients should prefer
 * that route, whose path says the format.
 */
export const reportGenerate = defineOperation({
  name: "report_generate",
  title: "Generate report (PDF)",
  method: "POST",
  path: "/api/tools/report/generate",
  price: "0.05",
  deadlineMs: DOCUMENT_DEADLINE_MS,
  category: "document",
  tags: ["report", "pdf", "document", "legacy"],
  description:
    "Renders a report as a PDF, returned inline as base64: the same as /api/tools/report/pdf/generate, under the path the deployed service used. Takes the shared report model or the legacy title-and-sections payload.",
  mimeType: "application/json",
  admit: documentAdmission("report_generate"),
  admitJson: documentJsonAdmission("report_generate"),
  check: (input) => documentCheck("report_generate")(input),
  input: DOCUMENT_BODIES.report_generate.input,
  inputExample: EXAMPLE_LEGACY_REPORT,
  output: DocumentAnswerSchema,
  outputExample: documentAnswerExample(
    "pdf",
    "counterparty-wallet-review-northwind-otc-ltd.pdf",
    [
      "Counterparty wallet review: Northwind OTC Ltd (Quarterly review, Q1 2026)",
      "Two wallets of the counterparty were screened against the OFAC SDN list; neither is an exact match.",
      "Sections: Findings, Wallets reviewed (table, 2 rows)",
    ],
    ["A", "B"],
    "vector",
    limitsOf("pdf"),
  ),
  run: (input, deps, context) => {
    const { type, accept } = DOCUMENT_BODIES.report_generate;
    return renderReportBody(input, type, accept, deps, context);
  },
});
