export {
  isOfacIndexError,
  OfacIndexError,
  type OfacIndexErrorCode,
} from "./errors/ofac-index-error.js";
export type { Designation, Edition, EditionMeta, Party, Provenance } from "./model/types.js";
export { ASSET_ALIASES, resolveAsset } from "./normalize/asset.js";
export { normalizeAddress } from "./normalize/normalize-address.js";
export type { ByteSource } from "./parse/byte-source.js";
export { SDN_ADVANCED_NAMESPACES } from "./parse/document-root.js";
export { type ParseOptions, parseEdition } from "./parse/parse-edition.js";
