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
 * The XLSX route: the shared report model (variant A only) rendered as an XLSX workbook. The legacy payload is
 * refused: the input schema requires `report_meta`, and `parseReport` says `UNSUPPORTED_VARIANT`
 * to callers that skip the schema.
 */
export const reportXlsxGenerate = defineOperation({
  name: "report_xlsx_generate",
  title: "Generate XLSX workbook",
  method: "POST",
  path: "/api/tools/report/xlsx/generate",
  price: "0.07",
  deadlineMs: DOCUMENT_DEADLINE_MS,
  category: "document",
  tags: ["report", "xlsx", "document"],
  description:
    "Renders the shared report model (report_meta required) as an Excel workbook: a Summary sheet holding the title block, metrics and small tables, a sheet for each larger table and workbook_rows entry (frozen headers, filters, numbers stored as numbers with their formats, addresses whole), print setup on every sheet, returned inline as base64.",
  mimeType: "application/json",
  admit: documentAdmission("report_xlsx_generate"),
  admitJson: documentJsonAdmission("report_xlsx_generate"),
  check: (input) => documentCheck("report_xlsx_generate")(input),
  input: DOCUMENT_BODIES.report_xlsx_generate.input,
  inputExample: EXAMPLE_REPORT_MODEL,
  output: DocumentAnswerSchema,
  outputExample: documentAnswerExample(
    "xlsx",
    "ofac-batch-wallet-screening-report-2026-01-15.xlsx",
    EXAMPLE_REPORT_MODEL_PREVIEW,
    ["A"],
    "data_sheet",
    limitsOf("xlsx"),
  ),
  run: (input, deps, context) => {
    const { type, accept } = DOCUMENT_BODIES.report_xlsx_generate;
    return renderReportBody(input, type, accept, deps, context);
  },
});
