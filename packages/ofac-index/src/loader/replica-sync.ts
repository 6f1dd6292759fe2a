import type { SdnIndex } from "../index/sdn-index.js";
import type { EditionStore } from "../io/edition-store.js";
import type { RefreshStatus } from "../screen/result-types.js";
import type { EditionAcceptance } from "./accept-edition.js";
import { latestAcceptableDate } from "./edition-checks.js";
import type { EditionSource } from "./edition-source.js";
import { messageOf } from "./loader-event.js";
import type {
  EditionAnnouncement,
  ExclusiveOutcome,
  RefreshCoordinator,
} from "./refresh-coordinator.js";
import type { ServedEdition } from "./served-edition.js";

/**
 * Replicas sharing an edition store and a coordinator serve the same edition: one refreshes at
 * a time (it first adopts what the others stored, then stores and announces its edition), and
 * the others serve it from the store as soon as they hear of it. Adoptions and coordinated
 * refreshes run one after the other.
 */
export class ReplicaSync {
  /** Stops hearing the other replicas' announcements (while subscribed). */
  private unsubscribe: (() => Promise<void>) | undefined;
  /** The end of the queue of adoptions and coordinated refreshes. */
  private queueTail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly coordinator: RefreshCoordinator,
    private readonly store: EditionStore,
    private readonly served: ServedEdition,
    private readonly source: EditionSource,
    private readonly acceptance: EditionAcceptance,
    private readonly now: () => Date,
  ) {}

  /** Starts hearing the other replicas (once). */
  listen(): void {
    if (this.unsubscribe !== undefined) return;
    this.unsubscribe = this.coordinator.subscribe((announcement) => {
      void this.hear(announcement);
    });
  }

  /** Stops hearing the others (see `drained` for the work under way). */
  async stop(): Promise<void> {
    const unsubscribe = this.unsubscribe;
    this.unsubscribe = undefined;
    await unsubscribe?.().catch(() => {});
  }

  /** Resolves when the adoptions and refreshes queued so far have ended. */
  drained(): Promise<unknown> {
    return this.queueTail;
  }

  /** A refresh of `location` unless another replica is refreshing (then `skipped`). */
  async refresh(location: string): Promise<RefreshStatus> {
    let outcome: ExclusiveOutcome<RefreshStatus>;
    try {
      // One replica refreshes at a time: it first catches up with what the others stored, then
      // fetches, and tells the others what it stored (or confirmed current).
      outcome = await this.coordinator.exclusive(() =>
        this.queued(async () => {
          await this.adoptNewestStored();
          const status = await this.acceptance.fetchAndServe(location);
          if (status.outcome === "updated" || status.outcome === "unchanged") {
            await this.announce();
          }
          return status;
        }),
      );
    } catch (err) {
      // The coordinator is unreachable (the shared database is down): a failed attempt.
      return this.acceptance.failed(location, err);
    }
    if (outcome.ran) return outcome.value;
    // Not a failure: the other replica's edition is adopted when it announces it. With nothing
    // to serve, though, the attempt is retried after the first retry delay.
    this.served.emit({ type: "skipped", from: location });
    return this.served.record(
      this.served.index !== undefined,
      "skipped",
      "another replica is refreshing the list; its edition is served once it is stored",
    );
  }

  /** Runs `work` after the adoptions and coordinated refreshes queued before it. */
  private queued<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queueTail.then(work, work);
    this.queueTail = run.catch(() => {});
    return run;
  }

  /** What another replica announced: an edition it stored, or a hint to check the store. */
  private hear(announcement: EditionAnnouncement): Promise<void> {
    return this.queued(async () => {
      try {
        if (announcement.type === "resync") {
          await this.adoptNewestStored();
          return;
        }
        const sha = announcement.sha256.toLowerCase();
        if (this.served.index?.meta.datasetSha256 === sha) {
          // Another replica's source confirmed the edition this one serves.
          this.served.confirm("another replica");
          return;
        }
        const found = await this.store.bySha(sha);
        if (found !== undefined) this.adopt(found);
      } catch (err) {
        this.served.emit({ type: "coordination-failed", step: "adopt", message: messageOf(err) });
      }
    });
  }

  /** Serves the store's newest edition if it is newer than the held one. */
  private async adoptNewestStored(): Promise<void> {
    try {
      const newest = await this.store.latest(latestAcceptableDate(this.now()));
      if (newest !== undefined) this.adopt(newest);
    } catch (err) {
      this.served.emit({ type: "coordination-failed", step: "adopt", message: messageOf(err) });
    }
  }

  /**
   * Serves a stored edition another replica accepted, unless it is the held one, older than it
   * or dated in the future. The checks it passed there are not repeated.
   */
  private adopt(next: SdnIndex): void {
    const held = this.served.index;
    const { datasetDate, datasetSha256 } = next.meta;
    if (held?.meta.datasetSha256 === datasetSha256) return;
    if (datasetDate > latestAcceptableDate(this.now())) return;
    if (held !== undefined && !held.provenance.sample && datasetDate < held.meta.datasetDate) {
      return;
    }
    // The remembered ETag / file stamp belong to the edition replaced: the next refresh reads
    // the source in full, so that "unchanged" is never said of an edition it did not give.
    this.source.forget();
    this.served.adopt(next, `snapshot:${this.store.location}`);
  }

  private async announce(): Promise<void> {
    const held = this.served.index;
    if (held === undefined || held.provenance.sample) return;
    try {
      await this.coordinator.announce(held.meta.datasetSha256);
    } catch (err) {
      // The others find the edition at their next refresh (or after their listener reconnects).
      this.served.emit({ type: "coordination-failed", step: "announce", message: messageOf(err) });
    }
  }
}
