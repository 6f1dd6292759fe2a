// The renderers and what the README shows beside them; a server that renders on worker threads
// only needs the light entry, `@svc/renderers/pool`.

export {
  /** @public */ inlineArtifact,
  /** @public */ type RenderedDocument,
} from "./artifact/artifact.js";
export { /** @public */ fileStem } from "./artifact/file-name.js";
export { renderDocx } from "./docx/render-docx.js";
export { /** @public */ RENDER_LIMITS } from "./errors/limits.js";
export { RenderError } from "./errors/render-error.js";
export { renderPdf, /** @public */ TAGGED_MAX_CELLS } from "./pdf/render-pdf.js";
export type { /** @public */ BodyPreparer } from "./pool/body-preparer.js";
export { /** @public */ RENDER_COST } from "./pool/render-cost.js";
export { /** @public */ RenderPool, /** @public */ renderThreads } from "./pool/render-pool.js";
export {
  CALLER_CONTENT_NOTICE,
  /** @public */ provenanceText,
} from "./provenance/provenance-text.js";
export { renderDocument } from "./render-document.js";
export { renderXlsx } from "./xlsx/render-xlsx.js";
