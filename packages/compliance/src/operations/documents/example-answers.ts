import {
  DOCX_ENGINE,
  type DocumentType,
  MIME_TYPES,
  PDF_ENGINE,
  RENDER_LIMITS,
  XLSX_ENGINE,
} from "@svc/renderers/pool";
import { DOCUMENT_SOURCE } from "./document-source.js";

const ENGINES: Readonly<Record<DocumentType, string>> = {
  pdf: PDF_ENGINE,
  docx: DOCX_ENGINE,
  xlsx: XLSX_ENGINE,
};

/** A format's limits as its answers' `capabilities` state them: the renderer's own, in one place. */
export const limitsOf = (
  type: DocumentType,
): { readonly maxTableRows: number; readonly maxTableCells: number } => ({
  maxTableRows: RENDER_LIMITS[type].rows,
  maxTableCells: RENDER_LIMITS[type].cells,
});

/**
 * The trimmed output example of a document route: the answer of a real render of the route's
 * input example, without what changes from one render to the next or is too long for docs
 * (`sizeBytes`, `contentBase64`). The catalog test checks it against a real run.
 */
export function documentAnswerExample(
  type: DocumentType,
  fileName: string,
  preview: readonly string[],
  acceptedVariants: readonly ("A" | "B")[],
  charts: string,
  limits: { readonly maxTableRows: number; readonly maxTableCells: number },
): unknown {
  const mimeType = MIME_TYPES[type];
  return {
    success: true,
    data: {
      documentType: type,
      fileName,
      mimeType,
      artifact: { type, name: fileName },
      preview,
      capabilities: {
        documentType: type,
        acceptedVariants,
        charts,
        ...limits,
        delivery: "inline_base64",
      },
      artifact_summary: {
        documentType: type,
        fileName,
        mimeType,
        engine: ENGINES[type],
        mode: "inline_base64",
        usedFallback: false,
        degraded: false,
        degradationReason: null,
        recommendedLocalPath: `reports/${fileName}`,
        delivery: { primary: "base64", downloadUrl: null, downloadUrlExpiresAt: null },
      },
    },
    source: DOCUMENT_SOURCE,
  };
}

/** The preview of `EXAMPLE_REPORT_MODEL`, the same whichever format renders it. */
export const EXAMPLE_REPORT_MODEL_PREVIEW = [
  "OFAC Batch Wallet Screening Report",
  "1 of 3 wallets matches an OFAC SDN digital-currency address exactly: 0x098B716B8Aaf21512996dC57EB0615e2383E2f96 (Lazarus Group, program DPRK3). Escalate to a human reviewer before any movement of…",
  "Exact-match screening is a manual-review signal, not a legal determination.",
  "Tables: batch_wallet_results (3 rows), source_freshness (2 rows)",
] as const;
