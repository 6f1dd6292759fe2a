/**
 * The light entry: what a server needs to render in worker threads without loading a renderer
 * (react-pdf, docx, exceljs) on its own thread. The pool's workers import the renderers
 * themselves.
 */
export {
  type Artifact,
  type ArtifactSummary,
  type DocumentType,
  describeDocument,
  inlineArtifact,
  MIME_TYPES,
  type RenderedDocument,
} from "./artifact/artifact.js";
export { fileNameFor, fileStem } from "./artifact/file-name.js";
export { DOCX_ENGINE, PDF_ENGINE, XLSX_ENGINE } from "./engines.js";
export {
  assertSizeWithinLimits,
  assertWithinLimits,
  countRows,
  RENDER_LIMITS,
} from "./errors/limits.js";
export { RenderError, type RenderErrorCode } from "./errors/render-error.js";
export type { BodyPreparer, BodyRenderResult, PreparedBody } from "./pool/body-preparer.js";
export type { RenderRequest, RenderTicket } from "./pool/render-admission.js";
export { estimateRenderMs, RENDER_COST } from "./pool/render-cost.js";
export type { WorkerWarmth } from "./pool/render-messages.js";
export type { RenderOptions } from "./pool/render-options.js";
export {
  DEFAULT_IDLE_TIMEOUT_MS,
  DEFAULT_RENDER_THREADS,
  RenderPool,
  type RenderPoolOptions,
  type RenderPoolStats,
  type RenderPoolWarmth,
  renderThreads,
} from "./pool/render-pool.js";
