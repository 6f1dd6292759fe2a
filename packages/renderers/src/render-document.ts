import type { Report } from "@svc/report-model";
import type { DocumentType, RenderedDocument } from "./artifact/artifact.js";
import { renderDocx } from "./docx/render-docx.js";
import { renderPdf } from "./pdf/render-pdf.js";
import { renderXlsx } from "./xlsx/render-xlsx.js";

const RENDERERS: Readonly<Record<DocumentType, (report: Report) => Promise<RenderedDocument>>> = {
  pdf: renderPdf,
  docx: renderDocx,
  xlsx: renderXlsx,
};

/** Renders a normalized report as the given document type, on the calling thread. */
export function renderDocument(type: DocumentType, report: Report): Promise<RenderedDocument> {
  return RENDERERS[type](report);
}
