import type { Degradation, Report } from "@svc/report-model";
import { fileNameFor } from "./file-name.js";

export type DocumentType = "pdf" | "docx" | "xlsx";

export const MIME_TYPES: Readonly<Record<DocumentType, string>> = Object.freeze({
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
});

/** A rendered document as answers carry it (`artifact`): type, name, size and base64 content. */
export interface Artifact {
  readonly type: DocumentType;
  readonly name: string;
  readonly sizeBytes: number;
  readonly contentBase64: string;
}

/** What an answer says about its rendered document (`artifact_summary`), without the content. */
export interface ArtifactSummary {
  readonly documentType: DocumentType;
  readonly fileName: string;
  readonly mimeType: string;
  readonly sizeBytes: number;
  readonly engine: string;
  readonly mode: string;
  readonly lane: string;
  readonly fulfilledLane: string;
  readonly usedFallback: boolean;
  readonly degraded: boolean;
  readonly degradationReason: string | null;
  readonly recommendedLocalPath: string;
  readonly delivery: {
    readonly primary: string;
    readonly downloadUrl: null;
    readonly downloadUrlExpiresAt: null;
    readonly note: string;
  };
}

/**
 * What every renderer returns: the bytes and the metadata about them (type, name, pages, engine). The bytes are the
 * one copy of the file (a worker moves them to the caller); the base64 an answer carries is made
 * from them where the answer is built (`inlineArtifact`).
 */
export interface RenderedDocument {
  readonly bytes: Uint8Array;
  readonly fileName: string;
  readonly mimeType: string;
  readonly artifactSummary: ArtifactSummary;
  /** Normalization's degradations plus the renderer's own. */
  readonly degradations: readonly Degradation[];
}

/** Wraps rendered bytes with their artifact_summary. */
export function describeDocument(
  bytes: Uint8Array,
  type: DocumentType,
  report: Report,
  engine: string,
  rendererDegradations: readonly Degradation[] = [],
): RenderedDocument {
  const fileName = fileNameFor(report, type);
  const mimeType = MIME_TYPES[type];
  const degradations = [...report.degradations, ...rendererDegradations];
  const degradationReason =
    degradations.length === 0 ? null : degradations.map((d) => `${d.path}: ${d.reason}`).join("; ");
  return {
    bytes,
    fileName,
    mimeType,
    degradations,
    artifactSummary: {
      documentType: type,
      fileName,
      mimeType,
      sizeBytes: bytes.byteLength,
      engine,
      mode: "inline_base64",
      lane: "local",
      fulfilledLane: "local",
      usedFallback: false,
      degraded: degradations.length > 0,
      degradationReason,
      recommendedLocalPath: `reports/${fileName}`,
      delivery: {
        primary: "base64",
        downloadUrl: null,
        downloadUrlExpiresAt: null,
        note: "The file is delivered inline as base64 in artifact.contentBase64; the service keeps no copy.",
      },
    },
  };
}

/**
 * The document as an answer carries it (`artifact`), its bytes base64-encoded: called once, by
 * whatever builds the answer, never by a renderer.
 */
export function inlineArtifact(doc: RenderedDocument): Artifact {
  const { bytes } = doc;
  return {
    type: doc.artifactSummary.documentType,
    name: doc.fileName,
    sizeBytes: bytes.byteLength,
    contentBase64: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64"),
  };
}
