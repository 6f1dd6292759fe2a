import type { EditionStore } from "../io/edition-store.js";
import { SnapshotStore } from "../io/snapshot-store.js";
import type { LoaderEvent } from "./loader-event.js";
import type { RefreshCoordinator } from "./refresh-coordinator.js";

/** OFAC's current Sanctions List Service address of the SDN Advanced XML. */
const OFFICIAL_SDN_ADVANCED_URL =
  "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/SDN_ADVANCED.XML";

export interface ListLoaderOptions {
  /** A path or http(s) URL of an SDN Advanced XML (or a snapshot file): tried first. */
  readonly source?: string | undefined;
  /** Fetch OFAC's official URL when nothing else gives a list, and refresh from it. */
  readonly official?: boolean | undefined;
  readonly officialUrl?: string | undefined;
  /** Directory of stored editions: the last good one is served at start-up if the source fails. */
  readonly snapshotDir?: string | undefined;
  /** Where editions are stored, instead of `snapshotDir` (e.g. a table replicas share). */
  readonly store?: EditionStore | undefined;
  /**
   * Replicas sharing `store`: one refreshes at a time (the others skip that attempt), stores
   * the edition and announces it; the others adopt it from the store.
   */
  readonly coordinator?: RefreshCoordinator | undefined;
  /** Serve the embedded sample (flagged as such) when nothing else is available. */
  readonly sampleFallback?: boolean | undefined;
  /** Refuse an edition that lost more than this share of the held (ticker, address) pairs. */
  readonly maxShrink?: number | undefined;
  readonly timeoutMs?: number | undefined;
  readonly maxDownloadBytes?: number | undefined;
  readonly maxXmlBytes?: number | undefined;
  readonly userAgent?: string | undefined;
  /** A list not confirmed current for longer than this is flagged `stale` (default 48). */
  readonly staleAfterHours?: number | undefined;
  /** Refuse screening on a stale list (`LIST_STALE`) instead of answering with the flag. */
  readonly failWhenStale?: boolean | undefined;
  /**
   * After a failed load or refresh, the next attempt comes this long later (default one
   * minute), doubling with each consecutive failure, never later than the refresh interval.
   */
  readonly retryBaseMs?: number | undefined;
  /** Clock, for tests and for audit logs. */
  readonly now?: (() => Date) | undefined;
  /** Structured events (loaded, refreshed, failures) for the app's logger. */
  readonly onEvent?: ((event: LoaderEvent) => void) | undefined;
}

/** Where refreshes come from: the configured source, else the official URL if enabled. */
export function refreshSourceOf(options: ListLoaderOptions): string | undefined {
  if (options.source !== undefined) return options.source;
  return options.official === true ? (options.officialUrl ?? OFFICIAL_SDN_ADVANCED_URL) : undefined;
}

/** Where accepted editions are kept: the given store, else the snapshot directory, if any. */
export function editionStoreOf(options: ListLoaderOptions): EditionStore | undefined {
  if (options.store !== undefined) return options.store;
  return options.snapshotDir === undefined ? undefined : new SnapshotStore(options.snapshotDir);
}
