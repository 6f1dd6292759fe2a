import type { ListedParty, ScreenOptions, SdnIndex } from "../index/sdn-index.js";
import type { EditionStore } from "../io/edition-store.js";
import type {
  BatchScreenResult,
  RefreshStatus,
  ScreenResult,
  SourceFreshness,
} from "../screen/result-types.js";
import { EditionAcceptance } from "./accept-edition.js";
import { EditionSource } from "./edition-source.js";
import {
  type FreshnessRules,
  freshnessRulesOf,
  screenableEdition,
  servedFreshness,
} from "./list-freshness.js";
import { editionStoreOf, type ListLoaderOptions, refreshSourceOf } from "./loader-options.js";
import { RefreshSchedule } from "./refresh-schedule.js";
import { ReplicaSync } from "./replica-sync.js";
import { ServedEdition } from "./served-edition.js";
import { startUp } from "./start-up.js";
import { type EditionSummary, StoredEditions } from "./stored-editions.js";

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
  private readonly served: ServedEdition;
  private readonly store: EditionStore | undefined;
  private readonly acceptance: EditionAcceptance;
  private readonly sync: ReplicaSync | undefined;
  private readonly schedule: RefreshSchedule;
  private readonly stored: StoredEditions;
  private readonly rules: FreshnessRules;
  private readonly now: () => Date;

  constructor(private readonly options: ListLoaderOptions = {}) {
    const store = editionStoreOf(options);
    if (options.coordinator !== undefined && store === undefined) {
      throw new RangeError("a refresh coordinator needs an edition store the replicas share");
    }
    const now = options.now ?? (() => new Date());
    const served = new ServedEdition(now, options.onEvent);
    const source = new EditionSource({ ...options, now });
    const acceptance = new EditionAcceptance(served, source, store, { ...options, now });
    this.sync =
      options.coordinator === undefined || store === undefined
        ? undefined
        : new ReplicaSync(options.coordinator, store, served, source, acceptance, now);
    this.schedule = new RefreshSchedule(
      () => this.attempt(),
      (event) => served.emit(event),
      options.retryBaseMs,
    );
    this.stored = new StoredEditions(store, () => served.index, now);
    this.rules = freshnessRulesOf(options);
    this.store = store;
    this.served = served;
    this.acceptance = acceptance;
    this.now = now;
  }

  /** The index being served, if any. */
  get index(): SdnIndex | undefined {
    return this.served.index;
  }

  get ready(): boolean {
    return this.served.index !== undefined;
  }

  get lastRefresh(): RefreshStatus | undefined {
    return this.served.lastRefresh;
  }

  /** Where refreshes come from: the configured source, else the official URL if enabled. */
  get refreshSource(): string | undefined {
    return refreshSourceOf(this.options);
  }

  screen(address: string, options?: ScreenOptions): ScreenResult {
    const { index, freshness } = screenableEdition(this.served, this.rules, this.now());
    const last = this.served.lastRefresh;
    return { ...index.screen(address, options, last), sourceFreshness: freshness };
  }

  screenMany(addresses: readonly string[], options?: ScreenOptions): BatchScreenResult {
    const { index, freshness } = screenableEdition(this.served, this.rules, this.now());
    const last = this.served.lastRefresh;
    return { ...index.screenMany(addresses, options, last), sourceFreshness: freshness };
  }

  /** The served edition's SDN List party of this entry or profile id, or null (see `SdnIndex.party`). */
  party(id: string): ListedParty | null {
    return screenableEdition(this.served, this.rules, this.now()).index.party(id);
  }

  /** The served list's freshness, staleness included (LIST_UNAVAILABLE when none is loaded). */
  freshness(): SourceFreshness {
    return servedFreshness(this.served, this.rules, this.now());
  }

  /**
   * Start-up, without waiting on the network: serves the newest stored edition (if any) and
   * loads the source in the background (see `settled()`; the status says `pending` meanwhile).
   * Without a source, serves the embedded sample if enabled. Never throws; check `ready`. With a
   * coordinator, it first subscribes to the other replicas' announcements.
   */
  start(): Promise<RefreshStatus> {
    return startUp({
      served: this.served,
      store: this.store,
      sync: this.sync,
      acceptance: this.acceptance,
      source: this.refreshSource,
      sampleFallback: this.options.sampleFallback === true,
      refresh: () => void this.refresh(),
      now: this.now,
    });
  }

  /** Waits for the attempt in flight (start-up's background load included); then the last status. */
  async settled(): Promise<RefreshStatus | undefined> {
    return (await this.schedule.running) ?? this.served.lastRefresh;
  }

  /** Fetches the refresh source once (concurrent calls share one attempt). */
  refresh(): Promise<RefreshStatus> {
    return this.schedule.refresh();
  }

  /**
   * Refreshes every `intervalMs` until `stop()`; after a failure, retries sooner: the base delay
   * (`retryBaseMs`, one minute), doubled per consecutive failure, capped at `intervalMs`.
   */
  startPeriodicRefresh(intervalMs: number): void {
    this.schedule.startPeriodic(intervalMs);
  }

  /**
   * Stops periodic refresh and hearing the other replicas, cancels a download in flight and
   * waits for the attempt (and an adoption under way) to end.
   */
  async stop(): Promise<void> {
    this.schedule.stopPeriodic();
    await this.sync?.stop();
    this.acceptance.abort();
    await this.schedule.running?.catch(() => {});
    await this.sync?.drained();
  }

  /**
   * The editions a diff can use, newest first: every readable stored edition, plus the served
   * one when it is not stored (`storedAt: null`); `current` marks the served one. Empty without
   * an edition store and a list.
   */
  storedEditions(): Promise<EditionSummary[]> {
    return this.stored.list();
  }

  /** An edition by SHA-256: the served one, or a stored one; undefined if neither. */
  editionBySha(sha256: string): Promise<SdnIndex | undefined> {
    return this.stored.bySha(sha256);
  }

  /** The newest edition of a `YYYY-MM-DD` DateOfIssue (as `storedEditions` orders them). */
  editionByDate(datasetDate: string): Promise<SdnIndex | undefined> {
    return this.stored.byDate(datasetDate);
  }

  /** One refresh attempt: alone, or coordinated with the other replicas. */
  private attempt(): Promise<RefreshStatus> {
    const source = this.refreshSource;
    if (source === undefined) {
      return Promise.resolve(
        this.served.record(true, "no-source", "no refresh source is configured"),
      );
    }
    return this.sync?.refresh(source) ?? this.acceptance.fetchAndServe(source);
  }
}
