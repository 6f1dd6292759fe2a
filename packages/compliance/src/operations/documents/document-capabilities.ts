import { type DocumentType, RENDER_LIMITS } from "@svc/renderers/pool";
import type { ReportVariant } from "@svc/report-model";

/**
 * `data.capabilities` of a document answer (its members are open): what the route
 * that answered can do, so a caller can tell before its next call whether a bigger report, a
 * legacy payload or a chart will survive. The same for every call of a route.
 */
export interface DocumentCapabilities {
  readonly documentType: DocumentType;
  /** Report-model variants the route takes: `A` the shared model, `B` the legacy payload. */
  readonly acceptedVariants: readonly ReportVariant[];
  /** How `chart_hints` come out: drawn as vectors, as PNG pictures, or as a data sheet each. */
  readonly charts: "vector" | "png" | "data_sheet";
  /** Above either, the route answers `REPORT_TOO_LARGE` (413) before rendering. */
  readonly maxTableRows: number;
  readonly maxTableCells: number;
  /** Files come back base64-encoded in `artifact.contentBase64`; nothing is hosted or kept. */
  readonly delivery: "inline_base64";
}

const CHARTS: Readonly<Record<DocumentType, DocumentCapabilities["charts"]>> = {
  pdf: "vector",
  docx: "png",
  xlsx: "data_sheet",
};

export function documentCapabilities(
  type: DocumentType,
  acceptedVariants: readonly ReportVariant[],
): DocumentCapabilities {
  return {
    documentType: type,
    acceptedVariants,
    charts: CHARTS[type],
    maxTableRows: RENDER_LIMITS[type].rows,
    maxTableCells: RENDER_LIMITS[type].cells,
    delivery: "inline_base64",
  };
}
