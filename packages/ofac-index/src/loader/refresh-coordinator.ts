/**
 * What a replica hears from the others: an edition one of them stored or confirmed current
 * (`edition`), or `resync` when announcements may have been missed (the listener reconnected):
 * the store's newest edition is then checked.
 */
export type EditionAnnouncement =
  | { readonly type: "edition"; readonly sha256: string }
  | { readonly type: "resync" };

/** Whether the work ran: it does not when another replica holds the refresh. */
export type ExclusiveOutcome<T> =
  | { readonly ran: true; readonly value: T }
  | { readonly ran: false };

/**
 * How replicas sharing one edition store refresh the list: one at a time, and the others hear
 * of each edition it stores so that every replica serves the same one.
 */
export interface RefreshCoordinator {
  /** Runs `work` unless another replica (or this one) is refreshing: then `{ ran: false }`. */
  exclusive<T>(work: () => Promise<T>): Promise<ExclusiveOutcome<T>>;
  /** Tells the other replicas that this edition is stored and current. */
  announce(sha256: string): Promise<void>;
  /** Hears the other replicas' announcements until the returned function is called. */
  subscribe(onAnnouncement: (announcement: EditionAnnouncement) => void): () => Promise<void>;
}
