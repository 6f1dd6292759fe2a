import { stat } from "node:fs/promises";
import { diffEditions } from "../diff/diff-editions.js";
import { isOfacIndexError, OfacIndexError } from "../errors/ofac-index-error.js";
import { type ScreenOptions, SdnIndex } from "../index/sdn-index.js";
import { fetchEdition, type HttpValidators } from "../io/http-source.js";
import { loadIndex, loadSample } from "../io/load-index.js";
import { isHttpUrl } from "../io/open-source.js";
import { SnapshotStore } from "../io/snapshot-store.js";
import { parseEdition } from "../parse/parse-edition.js";
import type {
  BatchScreenResult,
  RefreshStatus,
  ScreenResult,
  SourceFreshness,
} from "../screen/result-types.js";

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
  /** Serve the embedded sample (flagged as such) when nothing else is available. */
  readonly sampleFallback?: boolean | undefined;
  /** Refuse an edition that lost more than this share of the held (ticker, address) pairs. */
  readonly maxShrink?: number | undefined;
  readonly timeoutMs?: number | undefined;
  readonly maxDownloadBytes?: number | undefined;
  readonly maxXmlBytes?: number | undefined;
  readonly userAgent?: string | undefined;
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
  | { readonly type: "stored"; readonly path: string };

const DEFAULT_MAX_SHRINK = 0.2;

/** A fetched edition, and how to remember its source state (ETag, file stamp) once accepted. */
interface Candidate {
  readonly index: SdnIndex;
  readonly remember: () => void;
}

/**
 * Owns the list a server screens against. Start-up tries, in order: the configured source,
 * the last good snapshot, OFAC's official URL (if enabled), the embedded sample (if enabled).
 * Refreshes replace the index atomically only after the new edition parsed and passed the
 * sanity checks; on any failure the last good index keeps serving and freshness shows the
 * failure. With no list at all, screening throws `LIST_UNAVAILABLE`: it never answers "clear".
 */
export class ListLoader {
  private current: SdnIndex | undefined;
  private last: RefreshStatus | undefined;
  private validators: HttpValidators | undefined;
  private fileStamp: { mtimeMs: number; size: number } | undefined;
  private inFlight: Promise<RefreshStatus> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly store: SnapshotStore | undefined;
  private readonly now: () => Date;

  constructor(private readonly options: ListLoaderOptions = {}) {
    this.store =
      options.snapshotDir === undefined ? undefined : new SnapshotStore(options.snapshotDir);
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

  screen(address: string, options?: ScreenOptions): ScreenResult {
    return this.require().screen(address, options, this.last);
  }

  screenMany(addresses: readonly string[], options?: ScreenOptions): BatchScreenResult {
    return this.require().screenMany(addresses, options, this.last);
  }

  freshness(): SourceFreshness {
    return this.require().freshness(this.last);
  }

  /** Initial load through the source order. Never throws; check `ready`. */
  async start(): Promise<RefreshStatus> {
    const source = this.options.source;
    if (source !== undefined) {
      const status = await this.refresh();
      if (this.current !== undefined) return status;
    }
    if (this.store !== undefined && this.current === undefined) {
      try {
        const stored = await this.store.latest();
        if (stored !== undefined) this.swap(stored, `snapshot:${this.store.dir}`);
      } catch (err) {
        this.fail(`snapshot:${this.store.dir}`, err);
      }
    }
    if (this.current === undefined && source === undefined && this.options.official === true) {
      await this.refresh();
    }
    if (this.current === undefined && this.options.sampleFallback === true) {
      this.swap(await loadSample(this.now()), "embedded:sample");
    }
    return this.last ?? this.record(true, this.current === undefined ? "no-source" : "updated");
  }

  /** Fetches the refresh source once (concurrent calls share one attempt). */
  refresh(): Promise<RefreshStatus> {
    this.inFlight ??= this.refreshOnce().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  /** Refreshes every `intervalMs` until `stop()`. */
  startPeriodicRefresh(intervalMs: number): void {
    this.stop();
    this.timer = setInterval(() => void this.refresh(), intervalMs);
    this.timer.unref();
  }

  /** Stops periodic refresh and waits for an attempt in flight. */
  async stop(): Promise<void> {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    await this.inFlight?.catch(() => {});
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
    this.options.onEvent?.({ type: "refresh-failed", from, code, message });
    return this.record(false, code, message);
  }

  private swap(next: SdnIndex, from: string): void {
    this.current = next;
    this.options.onEvent?.({
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
    this.options.onEvent?.({ type: "unchanged", from });
    return this.record(true, "unchanged");
  }

  private async refreshOnce(): Promise<RefreshStatus> {
    const source = this.refreshSource;
    if (source === undefined)
      return this.record(true, "no-source", "no refresh source is configured");
    try {
      const candidate = isHttpUrl(source)
        ? await this.fetchUrl(source)
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
        const { path, created } = await this.store.put(candidate.index, this.now());
        if (created) this.options.onEvent?.({ type: "stored", path });
      }
      this.swap(candidate.index, source);
      // Only an accepted edition's ETag / file stamp may make a later refresh "unchanged".
      candidate.remember();
      return this.record(true, "updated");
    } catch (err) {
      return this.fail(source, err);
    }
  }

  private async fetchUrl(url: string): Promise<Candidate | "unchanged"> {
    const held =
      this.current !== undefined && !this.current.provenance.sample ? this.current : undefined;
    const res = await fetchEdition(url, {
      ...(this.options.userAgent === undefined ? {} : { userAgent: this.options.userAgent }),
      ...(this.options.timeoutMs === undefined ? {} : { timeoutMs: this.options.timeoutMs }),
      ...(this.options.maxDownloadBytes === undefined
        ? {}
        : { maxDownloadBytes: this.options.maxDownloadBytes }),
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
