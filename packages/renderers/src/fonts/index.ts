export { fontCoverage } from "./cmap.js";
export {
  DEJAVU_SANS_BOLD_PATH,
  DEJAVU_SANS_PATH,
  type NotoPackage,
  parseUnicodeRange,
  type SubsetFace,
  subsetFaces,
} from "./font-files.js";
export {
  BASE_FAMILY,
  BASE_REGULAR_FAMILY,
  describeCodePoint,
  type FontPlan,
  fontPlanFor,
  type PlannedFamily,
  REPLACEMENT_CHARACTER,
  substituteUncovered,
} from "./font-plan.js";
export { woffToSfnt } from "./woff.js";
