import type { SdnIndex } from "../index/sdn-index.js";
import type { Snapshot } from "../snapshot/snapshot-codec.js";

/** What a stored edition is, without its designations. */
export interface StoredEditionSummary {
  readonly datasetDate: string;
  readonly datasetSha256: string;
  /** Distinct normalized addresses. */
  readonly addressCount: number;
  /** When the edition was first stored. */
  readonly storedAt: string;
}

/**
 * Where accepted editions are kept, one per distinct edition (by SHA-256): a snapshot directory
 * (`SnapshotStore`) or a table every replica shares. Unreadable editions are skipped, never
 * served.
 */
export interface EditionStore {
  /** Where the editions are, for log lines and the loader's `from` (a directory, a table). */
  readonly location: string;
  /** Stores the index's edition unless that edition is already stored. */
  put(
    index: SdnIndex,
    storedAt: Date,
  ): Promise<{ readonly created: boolean; readonly location: string }>;
  /**
   * The newest readable edition (by date, then the last stored), or undefined. With
   * `notAfter`, editions dated later than it are passed over.
   */
  latest(notAfter?: string): Promise<SdnIndex | undefined>;
  /** Every readable edition's summary, newest date first (then the last stored first). */
  summaries(): Promise<StoredEditionSummary[]>;
  /** An edition by its SHA-256, or undefined (absent or unreadable). */
  bySha(sha256: string): Promise<SdnIndex | undefined>;
  /** Every readable edition, oldest date first (then the first stored first): for history. */
  all(): Promise<Snapshot[]>;
  /** Removes what writes that never finished left behind; resolves to what it removed. */
  removeTempFiles?(): Promise<string[]>;
}
