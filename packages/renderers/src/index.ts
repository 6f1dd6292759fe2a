export {
  type Artifact,
  type ArtifactSummary,
  type DocumentType,
  describeDocument,
  fileNameFor,
  MIME_TYPES,
  type RenderedDocument,
} from "./artifact/artifact.js";
export { type ChartPngOptions, renderChartPng } from "./chart/chart-png.js";
export { chartScene } from "./chart/chart-scene.js";
export type { ChartScene, ScenePrimitive } from "./chart/scene.js";
export { sceneToSvg } from "./chart/scene-to-svg.js";
export { DOCX_ENGINE, renderDocx } from "./docx/render-docx.js";
export { assertWithinLimits, countRows, RENDER_LIMITS } from "./errors/limits.js";
export { RenderError, type RenderErrorCode } from "./errors/render-error.js";
export { PDF_ENGINE, renderPdf } from "./pdf/render-pdf.js";
export { RenderPool, type RenderPoolOptions } from "./pool/render-pool.js";
export { renderDocument } from "./render-document.js";
export { renderXlsx, XLSX_ENGINE } from "./xlsx/render-xlsx.js";
