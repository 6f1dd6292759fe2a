// Everything of the light entry (`@svc/renderers/pool`), and the renderers themselves.

export { type ChartPngOptions, renderChartPng } from "./chart/chart-png.js";
export { chartScene } from "./chart/chart-scene.js";
export type { ChartScene, ScenePrimitive } from "./chart/scene.js";
export { sceneToSvg } from "./chart/scene-to-svg.js";
export { DOCX_ENGINE, renderDocx } from "./docx/render-docx.js";
export { PDF_ENGINE, renderPdf } from "./pdf/render-pdf.js";
export * from "./pool.js";
export { renderDocument } from "./render-document.js";
export { renderXlsx, XLSX_ENGINE } from "./xlsx/render-xlsx.js";
