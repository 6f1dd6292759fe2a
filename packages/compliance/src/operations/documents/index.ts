import type { AnyOperation } from "../../catalog/any-operation.js";
import { reportDocxGenerate } from "./report-docx-generate.js";
import { reportGenerate } from "./report-generate.js";
import { reportPdfGenerate } from "./report-pdf-generate.js";
import { reportXlsxGenerate } from "./report-xlsx-generate.js";

/** The document routes in catalog order: generic report, PDF, DOCX, XLSX. */
export const DOCUMENT_OPERATIONS: readonly AnyOperation[] = [
  reportGenerate,
  reportPdfGenerate,
  reportDocxGenerate,
  reportXlsxGenerate,
];
