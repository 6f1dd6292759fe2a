export {
  ADDRESS_FORMATS,
  type AddressFormat,
  type FormatInfo,
  type FormatVerdict,
} from "./address/address-format.js";
export { classifyAddress } from "./address/classify-address.js";
export { normalizeAddress } from "./address/normalize-address.js";
export {
  type AddressRecheck,
  checkAgainstEdition,
  type EditionCheck,
} from "./attestation/check-against-edition.js";
export {
  type ChangedEntry,
  type DiffEntry,
  diffEditions,
  type EditionDiff,
  type PartyRef,
  type RepublishedEntry,
} from "./diff/diff-editions.js";
export {
  isOfacIndexError,
  OfacIndexError,
  type OfacIndexErrorCode,
} from "./errors/ofac-index-error.js";
export { growthFromAddressHistory } from "./history/address-history.js";
export { EMBEDDED_DCA_HISTORY } from "./history/embedded-history.js";
export { EMBEDDED_PARTY_HISTORY } from "./history/embedded-party-history.js";
export {
  growthFromEditions,
  growthFromListingDates,
  type ListChangeEvent,
  type ListGrowthStats,
  type SizeStats,
} from "./history/list-growth.js";
export {
  type AdditionKind,
  type AddressAddition,
  type PartyAdditionEvent,
  type PartyHazardHistory,
  type PartyHistory,
  type PartyPopulation,
  type PartyRecord,
  partyHazardHistory,
  partyHistory,
  partyHistoryFromEditions,
} from "./history/party-history.js";
export { type ListedParty, type ScreenOptions, SdnIndex } from "./index/sdn-index.js";
export type {
  Designation,
  Edition,
  EditionMeta,
  Party,
  Provenance,
  SdnListParty,
} from "./model/types.js";
export type { NearMatch, NearParty, NearReason } from "./near/near-match-index.js";
export { ASSET_ALIASES } from "./normalize/asset.js";
export { MAX_ADDRESS_LENGTH } from "./normalize/validate-address.js";
export type { ByteSource } from "./parse/byte-source.js";
export { type ParseOptions, parseEdition } from "./parse/parse-edition.js";
export type {
  AddressScreening,
  BatchScreenResult,
  BatchSummary,
  MatchRecord,
  RefreshStatus,
  ScreenQuery,
  ScreenResult,
  ScreenSummary,
  SourceFreshness,
  WorkflowStatus,
} from "./screen/result-types.js";
export {
  decodeSnapshot,
  encodeSnapshot,
  type Snapshot,
} from "./snapshot/snapshot-codec.js";
