import { stat } from "node:fs/promises";
import { diffEditions } from "../diff/diff-editions.js";
import { isOfacIndexError, OfacIndexError } from "../errors/ofac-index-error.js";
import { type ListedParty, type ScreenOptions, SdnIndex } from "../index/sdn-index.js";
import type { EditionStore } from "../io/edition-store.js";
import { fetchEdition, type HttpValidators } from "../io/http-source.js";
import { loadIndex, loadSample } from "../io/load-index.js";
import { isHttpUrl } from "../io/open-source.js";
import { SnapshotStore } from "../io/snapshot-store.js";
import { parseEdition } from "../parse/parse-edition.js";
import { SAMPLE_SHA256 } from "../sample/sample-edition.js";
import type {
  BatchScreenResult,
  RefreshStatus,
  ScreenResult,
  SourceFreshness,
} from "../screen/result-types.js";
import type {
  EditionAnnouncement,
  ExclusiveOutcome,
  RefreshCoordinator,
} from "./refresh-coordinator.js";

/** OFAC's current Sanctions List Service address of the SDN Advanced XML. */
export const OFFICIAL_SDN_ADVANCED_URL =
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

export type LoaderEvent =
  | {
      readonly type: "loaded";
      readonly from: string;
      readonly datasetDate: string;
      readonly datasetSha256: string;
      readonly sample: boolean;
    }
  | { readonly type: "unchanged"; readonly from: string }
  | {
      readonly type: "refresh-failed";
      readonly from: string;
      readonly code: string;
      readonly message: string;
    }
  /** Where the accepted edition was stored (a file, a table row). */
  | { readonly type: "stored"; readonly path: string }
  /** An edition another replica stored and announced (or the store's newest), now served. */
  | {
      readonly type: "adopted";
      readonly from: string;
      readonly datasetDate: string;
      readonly datasetSha256: string;
    }
  /** A refresh not attempted: another replica is refreshing the list. */
  | { readonly type: "skipped"; readonly from: string }
  /** Telling the other replicas, or hearing from them, failed; the list keeps serving. */
  | {
      readonly type: "coordination-failed";
      /** Telling the others, adopting what they stored, or listening for their announcements. */
      readonly step: "announce" | "adopt" | "listen";
      readonly message: string;
    }
  /** The next attempt after `failures` consecutive failures, `inMs` from now. */
  | { readonly type: "retry-scheduled"; readonly inMs: number; readonly failures: number }
  /** Temp files of snapshot writes that never finished, removed at start-up. */
  | { readonly type: "temp-removed"; readonly paths: readonly string[] };

/** An edition the loader can offer for a diff: a stored one, or the one it serves. */
export interface EditionSummary {
  readonly datasetDate: string;
  readonly datasetSha256: string;
  /** Distinct normalized addresses. */
  readonly addressCount: number;
  /** When it was first stored; null for the served edition when it is not stored. */
  readonly storedAt: string | null;
  /** The edition being served now. */
  readonly current: boolean;
  /** The embedded sample edition: NOT an OFAC edition. */
  readonly sample: boolean;
}

const DEFAULT_MAX_SHRINK = 0.2;
const DEFAULT_STALE_AFTER_HOURS = 48;
const DEFAULT_RETRY_BASE_MS = 60_000;
const HOUR_MS = 3_600_000;
/** An edition dated more than this after the clock is refused: OFAC cannot have issued it yet. */
const FUTURE_SLACK_MS = 24 * HOUR_MS;
/** Editions loaded by SHA-256 for diffs, kept for the next request. */
const EDITION_CACHE_SIZE = 4;

/** A fetched edition, and how to remember its source state (ETag, file stamp) once accepted. */
interface Candidate {
  readonly index: SdnIndex;
  readonly remember: () => void;
}

/**
 * Owns the list a server screens against. `start()` never waits on the source: it serves the
 * newest stored snapshot at once (if any) and loads the source (the configured one, else OFAC's
 * official URL if enabled) in the background. With nothing to serve it starts not ready; if the
 * source fails while nothing is held, the embedded sample is served (if enabled). A failed load
 * or refresh is retried after 1, 2, 4 … minutes (never later than the refresh interval).
 * Refreshes replace the index atomically only after the new edition parsed and passed the
 * sanity checks; on any failure the last good index keeps serving and freshness shows the
 * failure. With no list at all, screening throws `LIST_UNAVAILABLE`: it never answers "clear".
 * Every answer says how long the list has gone unconfirmed (`ageHours`, `stale`). Replicas that
 * share an edition store and a coordinator refresh one at a time: the one refreshing first
 * adopts what the others stored, then stores and announces its edition, and the others serve
 * it from the store as soon as they hear of it.
 */
export class ListLoader {
  private current: SdnIndex | undefined;
  private last: RefreshStatus | undefined;
  /** When the source last confirmed the served edition (accepted load or unchanged check). */
  private checkedAt: string | undefined;
  private validators: HttpValidators | undefined;
  private fileStamp: { mtimeMs: number; size: number } | undefined;
  private inFlight: Promise<RefreshStatus> | undefined;
  private cancel: AbortController | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** The refresh interval while periodic refresh runs. */
  private periodMs: number | undefined;
  private failures = 0;
  private readonly editionCache = new Map<string, SdnIndex>();
  private readonly store: EditionStore | undefined;
  private readonly now: () => Date;
  /** Stops hearing the other replicas' announcements (while subscribed). */
  private unsubscribe: (() => Promise<void>) | undefined;
  /** Adoptions and coordinated refreshes run one after the other: the end of that queue. */
  private queueTail: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: ListLoaderOptions = {}) {
    this.store =
      options.store ??
      (options.snapshotDir === undefined ? undefined : new SnapshotStore(options.snapshotDir));
    if (options.coordinator !== undefined && this.store === undefined) {
      throw new RangeError("a refresh coordinator needs an edition store the replicas share");
    }
    this.now = options.now ?? (() => new Date());
  }

  /** The index being served, if any. */
  get index(): SdnIndex | undefined {
    return this.current;
  }

  get ready(): boolean {
    return this.current !== undefined;
  }

  get lastRefresh(): RefreshStatus | undefined {
    return this.last;
  }

  /** Where refreshes come from: the configured source, else the official URL if enabled. */
  get refreshSource(): string | undefined {
    if (this.options.source !== undefined) return this.options.source;
    return this.options.official === true
      ? (this.options.officialUrl ?? OFFICIAL_SDN_ADVANCED_URL)
      : undefined;
  }

  private require(): SdnIndex {
    if (this.current === undefined) {
      throw new OfacIndexError(
        "LIST_UNAVAILABLE",
        `no sanctions list is loaded${this.last === undefined ? "" : ` (last attempt: ${this.last.outcome}: ${this.last.message ?? ""})`}; screening is refused`,
      );
    }
    return this.current;
  }

  /** The index and its freshness, or LIST_UNAVAILABLE / LIST_STALE (when so configured). */
  private requireScreenable(): { index: SdnIndex; freshness: SourceFreshness } {
    const index = this.require();
    const freshness = this.freshnessOf(index);
    if (freshness.stale === true && this.options.failWhenStale === true) {
      throw new OfacIndexError(
        "LIST_STALE",
        `the sanctions list (${index.meta.datasetDate}) has not been confirmed current for ${freshness.ageHours} hours, more than the allowed ${this.staleAfterHours}; screening is refused`,
        {
          details: {
            ageHours: freshness.ageHours,
            staleAfterHours: this.staleAfterHours,
            lastSuccessfulCheckAt: freshness.lastSuccessfulCheckAt,
          },
        },
      );
    }
    return { index, freshness };
  }

  screen(address: string, options?: ScreenOptions): ScreenResult {
    const { index, freshness } = this.requireScreenable();
    return { ...index.screen(address, options, this.last), sourceFreshness: freshness };
  }

  screenMany(addresses: readonly string[], options?: ScreenOptions): BatchScreenResult {
    const { index, freshness } = this.requireScreenable();
    return { ...index.screenMany(addresses, options, this.last), sourceFreshness: freshness };
  }

  /** The served edition's SDN List party of this entry or profile id, or null (see `SdnIndex.party`). */
  party(id: string): ListedParty | null {
    return this.requireScreenable().index.party(id);
  }

  /** The served list's freshness, staleness included (LIST_UNAVAILABLE when none is loaded). */
  freshness(): SourceFreshness {
    return this.freshnessOf(this.require());
  }

  private get staleAfterHours(): number {
    return this.options.staleAfterHours ?? DEFAULT_STALE_AFTER_HOURS;
  }

  /**
   * Age is the time since the source last confirmed the served edition (not the edition's
   * DateOfIssue: OFAC may publish nothing for weeks, and that list is still current).
   */
  private freshnessOf(index: SdnIndex): SourceFreshness {
    const base = index.freshness(this.last);
    const sample = index.provenance.sample;
    const checkedAt = sample ? null : (this.checkedAt ?? index.provenance.refreshedAt);
    const since = Date.parse(checkedAt ?? index.provenance.refreshedAt);
    const ageHours = Number.isNaN(since)
      ? 0
      : Math.max(0, Math.round(((this.now().getTime() - since) / HOUR_MS) * 100) / 100);
    const stale = !sample && ageHours > this.staleAfterHours;
    const notice = stale
      ? [
          base.notice,
          `The list has not been confirmed current for ${ageHours} hours (limit ${this.staleAfterHours}).`,
        ]
          .filter((n) => n !== undefined)
          .join(" ")
      : base.notice;
    return Object.freeze({
      ...base,
      ...(notice === undefined ? {} : { notice }),
      lastSuccessfulCheckAt: checkedAt,
      ageHours,
      stale,
      staleAfterHours: this.staleAfterHours,
    });
  }

  /**
   * Start-up, without waiting on the network: removes leftover snapshot temp files, serves the
   * newest stored snapshot if there is one, and loads the source in the background (see
   * `settled()`). Without a source, serves the embedded sample if enabled. Never throws; check
   * `ready`. The status says `pending` while the background load runs. With a coordinator, it
   * first subscribes to the other replicas' announcements.
   */
  async start(): Promise<RefreshStatus> {
    if (this.store !== undefined) {
      const store = this.store;
      const removed = (await store.removeTempFiles?.().catch(() => [])) ?? [];
      if (removed.length > 0) this.emit({ type: "temp-removed", paths: removed });
      const coordinator = this.options.coordinator;
      if (coordinator !== undefined && this.unsubscribe === undefined) {
        this.unsubscribe = coordinator.subscribe((announcement) => {
          void this.hear(announcement);
        });
      }
      if (this.current === undefined) {
        try {
          const stored = await store.latest(this.latestAcceptableDate());
          if (stored !== undefined && this.current === undefined) {
            this.swap(stored, `snapshot:${store.location}`, stored.provenance.refreshedAt);
          }
        } catch (err) {
          this.fail(`snapshot:${store.location}`, err);
        }
      }
    }
    const source = this.refreshSource;
    if (source === undefined) {
      if (this.current === undefined && this.options.sampleFallback === true) {
        await this.serveSample();
      }
      return this.last ?? this.record(true, this.current === undefined ? "no-source" : "updated");
    }
    void this.refresh();
    return Object.freeze({
      attemptedAt: this.now().toISOString(),
      ok: this.current !== undefined,
      outcome: "pending",
      message: `loading ${source} in the background`,
    });
  }

  /** Waits for the attempt in flight (start-up's background load included); then the last status. */
  async settled(): Promise<RefreshStatus | undefined> {
    return (await this.inFlight) ?? this.last;
  }

  /** Fetches the refresh source once (concurrent calls share one attempt). */
  refresh(): Promise<RefreshStatus> {
    if (this.inFlight === undefined) {
      const attempt = this.refreshOnce();
      this.inFlight = attempt;
      void attempt.then((status) => {
        this.inFlight = undefined;
        this.failures = status.ok ? 0 : this.failures + 1;
        this.schedule();
      });
    }
    return this.inFlight;
  }

  /**
   * Refreshes every `intervalMs` until `stop()`; after a failure, retries sooner: the base delay
   * (`retryBaseMs`, one minute), doubled per consecutive failure, capped at `intervalMs`.
   */
  startPeriodicRefresh(intervalMs: number): void {
    this.periodMs = intervalMs;
    this.schedule();
  }

  /**
   * Stops periodic refresh and hearing the other replicas, cancels a download in flight and
   * waits for the attempt (and an adoption under way) to end.
   */
  async stop(): Promise<void> {
    this.periodMs = undefined;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const unsubscribe = this.unsubscribe;
    this.unsubscribe = undefined;
    await unsubscribe?.().catch(() => {});
    this.cancel?.abort();
    await this.inFlight?.catch(() => {});
    await this.queueTail;
  }

  /** The delay before the next attempt: the interval, or the backoff after failures. */
  private schedule(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const period = this.periodMs;
    // Not refreshing periodically, or an attempt is running: it schedules the next when done.
    if (period === undefined || this.inFlight !== undefined) return;
    let delay = period;
    if (this.failures > 0) {
      const base = this.options.retryBaseMs ?? DEFAULT_RETRY_BASE_MS;
      delay = Math.min(period, base * 2 ** Math.min(this.failures - 1, 30));
      this.emit({ type: "retry-scheduled", inMs: delay, failures: this.failures });
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.refresh();
    }, delay);
    this.timer.unref();
  }

  /**
   * The editions a diff can use, newest first: every readable stored edition, plus the served
   * one when it is not stored (`storedAt: null`); `current` marks the served one. Empty without
   * a snapshot directory and a list.
   */
  async storedEditions(): Promise<EditionSummary[]> {
    const maxDate = this.latestAcceptableDate();
    const stored = (this.store === undefined ? [] : await this.store.summaries()).filter(
      (s) => s.datasetDate <= maxDate,
    );
    const held = this.current;
    const heldSha = held?.meta.datasetSha256;
    const out: EditionSummary[] = stored.map((s) => ({
      ...s,
      current: s.datasetSha256 === heldSha,
      sample: s.datasetSha256 === SAMPLE_SHA256,
    }));
    if (held !== undefined && !out.some((e) => e.current)) {
      const entry: EditionSummary = {
        datasetDate: held.meta.datasetDate,
        datasetSha256: held.meta.datasetSha256,
        addressCount: held.addressCount,
        storedAt: null,
        current: true,
        sample: held.provenance.sample,
      };
      // Newest first; among editions of its date, the served one is the latest.
      const at = out.findIndex((e) => e.datasetDate <= entry.datasetDate);
      out.splice(at === -1 ? out.length : at, 0, entry);
    }
    return out.map((e) => Object.freeze(e));
  }

  /** An edition by SHA-256: the served one, or a stored one; undefined if neither. */
  async editionBySha(sha256: string): Promise<SdnIndex | undefined> {
    const sha = sha256.toLowerCase();
    if (this.current?.meta.datasetSha256 === sha) return this.current;
    const cached = this.editionCache.get(sha);
    if (cached !== undefined) return cached;
    const found = await this.store?.bySha(sha);
    if (found === undefined) return undefined;
    this.editionCache.set(sha, found);
    if (this.editionCache.size > EDITION_CACHE_SIZE) {
      this.editionCache.delete(this.editionCache.keys().next().value as string);
    }
    return found;
  }

  /** The newest edition of a `YYYY-MM-DD` DateOfIssue (as `storedEditions` orders them). */
  async editionByDate(datasetDate: string): Promise<SdnIndex | undefined> {
    const entry = (await this.storedEditions()).find((e) => e.datasetDate === datasetDate);
    return entry === undefined ? undefined : this.editionBySha(entry.datasetSha256);
  }

  /** The latest DateOfIssue that may be served: one day past the clock (time zones). */
  private latestAcceptableDate(): string {
    return new Date(this.now().getTime() + FUTURE_SLACK_MS).toISOString().slice(0, 10);
  }

  private emit(event: LoaderEvent): void {
    try {
      this.options.onEvent?.(event);
    } catch {
      // a logger's failure never stops the list
    }
  }

  private async serveSample(): Promise<void> {
    try {
      this.swap(await loadSample(this.now()), "embedded:sample");
    } catch (err) {
      this.fail("embedded:sample", err);
    }
  }

  private record(ok: boolean, outcome: string, message?: string): RefreshStatus {
    this.last = Object.freeze({
      attemptedAt: this.now().toISOString(),
      ok,
      outcome,
      ...(message === undefined ? {} : { message }),
    });
    return this.last;
  }

  private fail(from: string, err: unknown): RefreshStatus {
    const code = isOfacIndexError(err) ? err.code : "INTERNAL";
    const message = err instanceof Error ? err.message : String(err);
    this.emit({ type: "refresh-failed", from, code, message });
    return this.record(false, code, message);
  }

  /** Serves `next`; `checkedAt` is when its source confirmed it (none for the sample). */
  private swap(next: SdnIndex, from: string, checkedAt?: string): void {
    this.current = next;
    this.checkedAt = checkedAt;
    this.emit({
      type: "loaded",
      from,
      datasetDate: next.meta.datasetDate,
      datasetSha256: next.meta.datasetSha256,
      sample: next.provenance.sample,
    });
  }

  private confirmCurrent(from: string): RefreshStatus {
    const held = this.current as SdnIndex;
    this.current = held.withProvenance({
      ...held.provenance,
      refreshedAt: this.now().toISOString(),
    });
    this.checkedAt = this.now().toISOString();
    this.emit({ type: "unchanged", from });
    return this.record(true, "unchanged");
  }

  private async refreshOnce(): Promise<RefreshStatus> {
    const source = this.refreshSource;
    if (source === undefined)
      return this.record(true, "no-source", "no refresh source is configured");
    const coordinator = this.options.coordinator;
    if (coordinator === undefined) return this.fetchAndServe(source);
    let outcome: ExclusiveOutcome<RefreshStatus>;
    try {
      // One replica refreshes at a time: it first catches up with what the others stored, then
      // fetches, and tells the others what it stored (or confirmed current).
      outcome = await coordinator.exclusive(() =>
        this.queued(async () => {
          await this.adoptNewestStored();
          const status = await this.fetchAndServe(source);
          if (status.outcome === "updated" || status.outcome === "unchanged") {
            await this.announce(coordinator);
          }
          return status;
        }),
      );
    } catch (err) {
      // The coordinator is unreachable (the shared database is down): a failed attempt.
      return this.failed(source, err);
    }
    if (outcome.ran) return outcome.value;
    // Not a failure: the other replica's edition is adopted when it announces it. With nothing
    // to serve, though, the attempt is retried after the first retry delay.
    this.emit({ type: "skipped", from: source });
    return this.record(
      this.current !== undefined,
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
      const store = this.store;
      if (store === undefined) return;
      try {
        if (announcement.type === "resync") {
          await this.adoptNewestStored();
          return;
        }
        const sha = announcement.sha256.toLowerCase();
        if (this.current?.meta.datasetSha256 === sha) {
          // Another replica's source confirmed the edition this one serves.
          this.confirmFrom("another replica");
          return;
        }
        const found = await store.bySha(sha);
        if (found !== undefined) this.adopt(found, `snapshot:${store.location}`);
      } catch (err) {
        this.emit({
          type: "coordination-failed",
          step: "adopt",
          message: err instanceof Error ? err.message : String(err),
        });
      }
    });
  }

  /** Serves the store's newest edition if it is newer than the held one. */
  private async adoptNewestStored(): Promise<void> {
    const store = this.store;
    if (store === undefined) return;
    try {
      const newest = await store.latest(this.latestAcceptableDate());
      if (newest !== undefined) this.adopt(newest, `snapshot:${store.location}`);
    } catch (err) {
      this.emit({
        type: "coordination-failed",
        step: "adopt",
        message: err instanceof Error ? err.message : String(err),
      });
    }
  }

  /**
   * Serves a stored edition another replica accepted, unless it is the held one, older than it
   * or dated in the future. The checks it passed there are not repeated.
   */
  private adopt(next: SdnIndex, from: string): void {
    const held = this.current;
    const { datasetDate, datasetSha256 } = next.meta;
    if (held?.meta.datasetSha256 === datasetSha256) return;
    if (datasetDate > this.latestAcceptableDate()) return;
    if (held !== undefined && !held.provenance.sample && datasetDate < held.meta.datasetDate) {
      return;
    }
    this.current = next;
    this.checkedAt = next.provenance.refreshedAt;
    // The remembered ETag / file stamp belonged to the edition replaced: the next refresh reads
    // the source in full, so that "unchanged" is never said of an edition it did not give.
    this.validators = undefined;
    this.fileStamp = undefined;
    this.emit({ type: "adopted", from, datasetDate, datasetSha256 });
  }

  /** The held edition was confirmed current by `from` (not this loader's own attempt). */
  private confirmFrom(from: string): void {
    const held = this.current;
    if (held === undefined) return;
    const at = this.now().toISOString();
    this.current = held.withProvenance({ ...held.provenance, refreshedAt: at });
    this.checkedAt = at;
    this.emit({ type: "unchanged", from });
  }

  private async announce(coordinator: RefreshCoordinator): Promise<void> {
    const held = this.current;
    if (held === undefined || held.provenance.sample) return;
    try {
      await coordinator.announce(held.meta.datasetSha256);
    } catch (err) {
      // The others find the edition at their next refresh (or after their listener reconnects).
      this.emit({
        type: "coordination-failed",
        step: "announce",
        message: err instanceof Error ? err.message : String(err),
      });
    }
  }

  /** A failed attempt; with nothing to serve, the sample (flagged) until the source recovers. */
  private async failed(source: string, err: unknown): Promise<RefreshStatus> {
    const status = this.fail(source, err);
    if (this.current === undefined && this.options.sampleFallback === true) {
      await this.serveSample();
    }
    return status;
  }

  /** Fetches the source, checks and stores a new edition, then serves it. */
  private async fetchAndServe(source: string): Promise<RefreshStatus> {
    const cancel = new AbortController();
    this.cancel = cancel;
    try {
      const candidate = isHttpUrl(source)
        ? await this.fetchUrl(source, cancel.signal)
        : await this.readFile(source);
      if (candidate === "unchanged") return this.confirmCurrent(source);
      if (
        this.current !== undefined &&
        candidate.index.meta.datasetSha256 === this.current.meta.datasetSha256
      ) {
        candidate.remember();
        return this.confirmCurrent(source);
      }
      this.check(candidate.index);
      if (this.store !== undefined) {
        const { location, created } = await this.store.put(candidate.index, this.now());
        if (created) this.emit({ type: "stored", path: location });
      }
      this.swap(candidate.index, source, this.now().toISOString());
      // Only an accepted edition's ETag / file stamp may make a later refresh "unchanged".
      candidate.remember();
      return this.record(true, "updated");
    } catch (err) {
      if (cancel.signal.aborted) return this.record(false, "CANCELLED", "the loader stopped");
      return this.failed(source, err);
    } finally {
      if (this.cancel === cancel) this.cancel = undefined;
    }
  }

  private async fetchUrl(url: string, signal: AbortSignal): Promise<Candidate | "unchanged"> {
    const held =
      this.current !== undefined && !this.current.provenance.sample ? this.current : undefined;
    const res = await fetchEdition(url, {
      ...(this.options.userAgent === undefined ? {} : { userAgent: this.options.userAgent }),
      ...(this.options.timeoutMs === undefined ? {} : { timeoutMs: this.options.timeoutMs }),
      ...(this.options.maxDownloadBytes === undefined
        ? {}
        : { maxDownloadBytes: this.options.maxDownloadBytes }),
      signal,
      ...(held === undefined ? {} : { knownSha256: held.meta.datasetSha256 }),
      ...(held === undefined || this.validators === undefined
        ? {}
        : { validators: this.validators }),
    });
    if (res.status === "not-modified") {
      if (held !== undefined) return "unchanged";
      throw new OfacIndexError(
        "HTTP_STATUS",
        `${url} answered "not modified" to an unconditional request`,
      );
    }
    const edition = await parseEdition(res.body, this.parseOptions());
    const index = SdnIndex.fromEdition(edition, {
      sourceUrl: url,
      refreshedAt: this.now().toISOString(),
      sample: false,
    });
    return {
      index,
      remember: () => {
        this.validators = res.validators;
      },
    };
  }

  private async readFile(path: string): Promise<Candidate | "unchanged"> {
    const info = await stat(path).catch((cause) => {
      throw new OfacIndexError("SOURCE_NOT_FOUND", `cannot read ${path}: no such file`, { cause });
    });
    const stamp = { mtimeMs: Number(info.mtimeMs), size: Number(info.size) };
    if (
      this.current !== undefined &&
      this.fileStamp !== undefined &&
      this.fileStamp.mtimeMs === stamp.mtimeMs &&
      this.fileStamp.size === stamp.size
    ) {
      return "unchanged";
    }
    const index = await loadIndex(path, { ...this.parseOptions(), now: this.now() });
    return {
      index,
      remember: () => {
        this.fileStamp = stamp;
      },
    };
  }

  private parseOptions(): { maxXmlBytes?: number } {
    return this.options.maxXmlBytes === undefined ? {} : { maxXmlBytes: this.options.maxXmlBytes };
  }

  /** Sanity checks before a new edition may replace the held one. */
  private check(candidate: SdnIndex): void {
    if (candidate.designations.length === 0) {
      throw new OfacIndexError(
        "EMPTY_LIST",
        "the new edition has no digital-currency addresses; kept the current list",
      );
    }
    // OFAC cannot have issued it yet: refused, so that it never makes real editions "older".
    const issuedAt = Date.parse(`${candidate.meta.datasetDate}T00:00:00.000Z`);
    if (issuedAt - this.now().getTime() > FUTURE_SLACK_MS) {
      throw new OfacIndexError(
        "FUTURE_EDITION",
        `the new edition is dated ${candidate.meta.datasetDate}, more than a day after the clock (${this.now().toISOString()}); kept the current list`,
        { details: { datasetDate: candidate.meta.datasetDate } },
      );
    }
    // Judged against the held edition, i.e. the last one accepted (a refused one never counts).
    const held = this.current;
    if (held === undefined || held.provenance.sample) return;
    if (candidate.meta.datasetDate < held.meta.datasetDate) {
      throw new OfacIndexError(
        "OLDER_EDITION",
        `the new edition (${candidate.meta.datasetDate}) is older than the current one (${held.meta.datasetDate})`,
      );
    }
    const diff = diffEditions(held, candidate);
    const share = held.pairCount === 0 ? 0 : diff.summary.removed / held.pairCount;
    const maxShrink = this.options.maxShrink ?? DEFAULT_MAX_SHRINK;
    if (share > maxShrink) {
      throw new OfacIndexError(
        "LIST_SHRANK",
        `the new edition removes ${diff.summary.removed} of ${held.pairCount} (ticker, address) pairs (${(share * 100).toFixed(1)}%), more than the allowed ${(maxShrink * 100).toFixed(0)}%; kept the current list`,
        { details: { removed: diff.summary.removed, held: held.pairCount, maxShrink } },
      );
    }
  }
}
