// Everything of the light entry (`@svc/renderers/pool`), and the renderers themselves.

export { type ChartPngOptions, renderChartPng } from "./chart/chart-png.js";
export { chartScene } from "./chart/chart-scene.js";
export type { ChartScene, ScenePrimitive } from "./chart/scene.js";
export { sceneToSvg } from "./chart/scene-to-svg.js";
export { renderDocx } from "./docx/render-docx.js";
export { DOCX_ENGINE, PDF_ENGINE, XLSX_ENGINE } from "./engines.js";
export { renderPdf, TAGGED_MAX_CELLS } from "./pdf/render-pdf.js";
export * from "./pool.js";
export {
  CALLER_AUTHOR_LABEL,
  CALLER_CONTENT_NOTICE,
  mismatchAlert,
  type ProvenanceText,
  provenanceText,
  screeningWhen,
  verifiedNotice,
} from "./provenance/provenance-text.js";
export { renderDocument } from "./render-document.js";
export { renderXlsx } from "./xlsx/render-xlsx.js";
