/**
 * Edges that touch files, the network and timers: loading editions from paths and URLs, the
 * edition store of snapshot files and the refreshing loader for servers (with the interfaces a
 * shared edition store and a refresh coordinator implement, for replicas that share one list).
 */

export type { EditionStore, StoredEditionSummary } from "./io/edition-store.js";
export { /** @public */ type LoadOptions, loadIndex, loadSample } from "./io/load-index.js";
export { SnapshotStore } from "./io/snapshot-store.js";
export { integerSetting, type ListConfig, loadListConfig } from "./loader/list-config.js";
export { ListLoader } from "./loader/list-loader.js";
export type { LoaderEvent } from "./loader/loader-event.js";
export type { /** @public */ ListLoaderOptions } from "./loader/loader-options.js";
export type {
  EditionAnnouncement,
  ExclusiveOutcome,
  RefreshCoordinator,
} from "./loader/refresh-coordinator.js";
export type { /** @public */ EditionSummary } from "./loader/stored-editions.js";
export { SAMPLE_XML_PATH } from "./sample/sample-edition.js";
