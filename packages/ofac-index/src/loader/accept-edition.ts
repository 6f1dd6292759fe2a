import type { EditionStore } from "../io/edition-store.js";
import { loadSample } from "../io/load-index.js";
import type { RefreshStatus } from "../screen/result-types.js";
import { checkNewEdition } from "./edition-checks.js";
import type { EditionSource } from "./edition-source.js";
import type { ServedEdition } from "./served-edition.js";

export interface AcceptOptions {
  /** Refuse an edition that lost more than this share of the held (ticker, address) pairs. */
  readonly maxShrink?: number | undefined;
  /** With nothing to serve after a failure, serve the embedded sample (flagged as such). */
  readonly sampleFallback?: boolean | undefined;
  readonly now: () => Date;
}

/**
 * Takes a new edition from the source into service: the source read (or found unchanged), the
 * edition checked against the held one, stored, then swapped in atomically. On any failure the
 * held edition keeps serving and the status says why.
 */
export class EditionAcceptance {
  /** Cancels the download in flight (when the loader stops). */
  private cancel: AbortController | undefined;

  constructor(
    private readonly served: ServedEdition,
    private readonly source: EditionSource,
    private readonly store: EditionStore | undefined,
    private readonly options: AcceptOptions,
  ) {}

  /** Reads `location`, checks and stores a new edition, then serves it. */
  async fetchAndServe(location: string): Promise<RefreshStatus> {
    const { served, options } = this;
    const cancel = new AbortController();
    this.cancel = cancel;
    try {
      const fetched = await this.source.read(location, served.index, cancel.signal);
      if (fetched === "unchanged") return this.confirmed(location);
      // Judged against the edition held now, the last one accepted.
      const held = served.index;
      if (held !== undefined && fetched.index.meta.datasetSha256 === held.meta.datasetSha256) {
        fetched.remember();
        return this.confirmed(location);
      }
      checkNewEdition(fetched.index, held, options.now(), options.maxShrink);
      if (this.store !== undefined) {
        const { location: path, created } = await this.store.put(fetched.index, options.now());
        if (created) served.emit({ type: "stored", path });
      }
      served.swap(fetched.index, location, options.now().toISOString());
      // Only an accepted edition's ETag / file stamp may make a later refresh "unchanged".
      fetched.remember();
      return served.record(true, "updated");
    } catch (err) {
      if (cancel.signal.aborted) return served.record(false, "CANCELLED", "the loader stopped");
      return this.failed(location, err);
    } finally {
      if (this.cancel === cancel) this.cancel = undefined;
    }
  }

  /** A failed attempt; with nothing to serve, the sample (flagged) until the source recovers. */
  async failed(from: string, err: unknown): Promise<RefreshStatus> {
    const status = this.served.fail(from, err);
    if (this.served.index === undefined && this.options.sampleFallback === true) {
      await this.serveSample();
    }
    return status;
  }

  /** The embedded sample edition, served when nothing else is (never stored, never "checked"). */
  async serveSample(): Promise<void> {
    try {
      this.served.swap(await loadSample(this.options.now()), "embedded:sample");
    } catch (err) {
      this.served.fail("embedded:sample", err);
    }
  }

  /** Cancels the download in flight, if any. */
  abort(): void {
    this.cancel?.abort();
  }

  private confirmed(from: string): RefreshStatus {
    this.served.confirm(from);
    return this.served.record(true, "unchanged");
  }
}
