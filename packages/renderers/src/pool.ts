/**
 * The light entry: what a server needs to render in worker threads without loading a renderer
 * (react-pdf, docx, exceljs) on its own thread. The pool's workers import the renderers
 * themselves.
 */
export {
  type Artifact,
  type ArtifactSummary,
  type DocumentType,
  inlineArtifact,
  MIME_TYPES,
  type RenderedDocument,
} from "./artifact/artifact.js";
export { fileNameFor, fileStem } from "./artifact/file-name.js";
export { DOCX_ENGINE, PDF_ENGINE, XLSX_ENGINE } from "./engines.js";
export { assertSizeWithinLimits, RENDER_LIMITS } from "./errors/limits.js";
export { RenderError } from "./errors/render-error.js";
export type { BodyRenderResult, PreparedBody } from "./pool/body-preparer.js";
export type { RenderRequest, RenderTicket } from "./pool/render-admission.js";
// The render-limits bench measures the cost model against real renders.
export { estimateRenderMs } from "./pool/render-cost.js";
export type { RenderOptions } from "./pool/render-options.js";
export {
  RenderPool,
  type RenderPoolStats,
  type RenderPoolWarmth,
} from "./pool/render-pool.js";
