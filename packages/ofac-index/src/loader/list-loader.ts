import type { ListedParty, ScreenOptions, SdnIndex } from "../index/sdn-index.js";
import type {
  BatchScreenResult,
  RefreshStatus,
  ScreenResult,
  SourceFreshness,
} from "../screen/result-types.js";
import { screenableEdition, servedFreshness } from "./list-freshness.js";
import { type ListLoaderOptions, refreshSourceOf } from "./loader-options.js";
import { type LoaderParts, loaderParts } from "./loader-parts.js";
import { startUp } from "./start-up.js";
import type { EditionSummary } from "./stored-editions.js";

/**
 * Owns the list a server screens against, composing its parts: the served edition
 * (`ServedEdition`), start-up (`startUp`: the newest stored edition at once, the source in the
 * background), the source (`EditionSource`), accepting an edition (`EditionAcceptance`: checks,
 * store, atomic swap; the last good edition kept on failure), freshness (`list-freshness`), the
 * refresh schedule with backoff (`RefreshSchedule`), replica sync (`ReplicaSync`) and the stored
 * editions (`StoredEditions`). With no list at all, screening throws `LIST_UNAVAILABLE`: it never
 * answers "clear".
 */
export class ListLoader {
  private readonly parts: LoaderParts;

  constructor(private readonly options: ListLoaderOptions = {}) {
    this.parts = loaderParts(options);
  }

  /** The index being served, if any. */
  get index(): SdnIndex | undefined {
    return this.parts.served.index;
  }

  get ready(): boolean {
    return this.parts.served.index !== undefined;
  }

  get lastRefresh(): RefreshStatus | undefined {
    return this.parts.served.lastRefresh;
  }

  /** Where refreshes come from: the configured source, else the official URL if enabled. */
  get refreshSource(): string | undefined {
    return refreshSourceOf(this.options);
  }

  screen(address: string, options?: ScreenOptions): ScreenResult {
    const { index, freshness } = screenableEdition(this.parts);
    const last = this.parts.served.lastRefresh;
    return { ...index.screen(address, options, last), sourceFreshness: freshness };
  }

  screenMany(addresses: readonly string[], options?: ScreenOptions): BatchScreenResult {
    const { index, freshness } = screenableEdition(this.parts);
    const last = this.parts.served.lastRefresh;
    return { ...index.screenMany(addresses, options, last), sourceFreshness: freshness };
  }

  /** The served edition's SDN List party of this entry or profile id, or null (see `SdnIndex.party`). */
  party(id: string): ListedParty | null {
    return screenableEdition(this.parts).index.party(id);
  }

  /** The served list's freshness, staleness included (LIST_UNAVAILABLE when none is loaded). */
  freshness(): SourceFreshness {
    return servedFreshness(this.parts);
  }

  /**
   * Start-up, without waiting on the network: serves the newest stored edition (if any) and
   * loads the source in the background (see `settled()`; the status says `pending` meanwhile).
   * Without a source, serves the embedded sample if enabled. Never throws; check `ready`. With a
   * coordinator, it first subscribes to the other replicas' announcements.
   */
  start(): Promise<RefreshStatus> {
    return startUp({
      ...this.parts,
      source: this.refreshSource,
      sampleFallback: this.options.sampleFallback === true,
      refresh: () => void this.refresh(),
    });
  }

  /** Waits for the attempt in flight (start-up's background load included); then the last status. */
  async settled(): Promise<RefreshStatus | undefined> {
    return (await this.parts.schedule.running) ?? this.parts.served.lastRefresh;
  }

  /** Fetches the refresh source once (concurrent calls share one attempt). */
  refresh(): Promise<RefreshStatus> {
    return this.parts.schedule.refresh();
  }

  /**
   * Refreshes every `intervalMs` until `stop()`; after a failure, retries sooner: the base delay
   * (`retryBaseMs`, one minute), doubled per consecutive failure, capped at `intervalMs`.
   */
  startPeriodicRefresh(intervalMs: number): void {
    this.parts.schedule.startPeriodic(intervalMs);
  }

  /**
   * Stops periodic refresh and hearing the other replicas, cancels a download in flight and
   * waits for the attempt (and an adoption under way) to end.
   */
  async stop(): Promise<void> {
    this.parts.schedule.stopPeriodic();
    await this.parts.sync?.stop();
    this.parts.acceptance.abort();
    await this.parts.schedule.running?.catch(() => {});
    await this.parts.sync?.drained();
  }

  /**
   * The editions a diff can use, newest first: every readable stored edition, plus the served
   * one when it is not stored (`storedAt: null`); `current` marks the served one. Empty without
   * an edition store and a list.
   */
  storedEditions(): Promise<EditionSummary[]> {
    return this.parts.stored.list();
  }

  /** An edition by SHA-256: the served one, or a stored one; undefined if neither. */
  editionBySha(sha256: string): Promise<SdnIndex | undefined> {
    return this.parts.stored.bySha(sha256);
  }

  /** The newest edition of a `YYYY-MM-DD` DateOfIssue (as `storedEditions` orders them). */
  editionByDate(datasetDate: string): Promise<SdnIndex | undefined> {
    return this.parts.stored.byDate(datasetDate);
  }
}
