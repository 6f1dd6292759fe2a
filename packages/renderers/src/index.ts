export {
  type Artifact,
  type ArtifactSummary,
  type DocumentType,
  describeDocument,
  fileNameFor,
  MIME_TYPES,
  type RenderedDocument,
} from "./artifact/artifact.js";
export type { ChartScene, ScenePrimitive } from "./chart/scene.js";
export { assertWithinLimits, countRows, RENDER_LIMITS } from "./errors/limits.js";
export { RenderError, type RenderErrorCode } from "./errors/render-error.js";
