import { isOfacIndexError, OfacIndexError } from "../errors/ofac-index-error.js";
import type { SdnIndex } from "../index/sdn-index.js";
import type { RefreshStatus } from "../screen/result-types.js";
import { type LoaderEvent, messageOf } from "./loader-event.js";

/**
 * The edition a loader serves (as its index), when a source last confirmed it, and the last
 * attempt's status: the state every part of the loader reads, changed only here, so that each
 * change is told to the logger the same way.
 */
export class ServedEdition {
  /** The index of the edition being served, if any. */
  private served: SdnIndex | undefined;
  /** When the source last confirmed the served edition (accepted load or unchanged check). */
  private confirmedAt: string | undefined;
  private last: RefreshStatus | undefined;

  constructor(
    private readonly now: () => Date,
    private readonly onEvent: ((event: LoaderEvent) => void) | undefined,
  ) {}

  get index(): SdnIndex | undefined {
    return this.served;
  }

  /** When a source (this loader's or another replica's) last confirmed the served edition. */
  get checkedAt(): string | undefined {
    return this.confirmedAt;
  }

  get lastRefresh(): RefreshStatus | undefined {
    return this.last;
  }

  /** The served index, or LIST_UNAVAILABLE: without a list, screening is refused. */
  require(): SdnIndex {
    if (this.served === undefined) {
      throw new OfacIndexError(
        "LIST_UNAVAILABLE",
        `no sanctions list is loaded${this.last === undefined ? "" : ` (last attempt: ${this.last.outcome}: ${this.last.message ?? ""})`}; screening is refused`,
      );
    }
    return this.served;
  }

  emit(event: LoaderEvent): void {
    try {
      this.onEvent?.(event);
    } catch {
      // a logger's failure never stops the list
    }
  }

  record(ok: boolean, outcome: string, message?: string): RefreshStatus {
    this.last = Object.freeze({
      attemptedAt: this.now().toISOString(),
      ok,
      outcome,
      ...(message === undefined ? {} : { message }),
    });
    return this.last;
  }

  fail(from: string, err: unknown): RefreshStatus {
    const code = isOfacIndexError(err) ? err.code : "INTERNAL";
    const message = messageOf(err);
    this.emit({ type: "refresh-failed", from, code, message });
    return this.record(false, code, message);
  }

  /** Serves `next`; `checkedAt` is when its source confirmed it (none for the sample). */
  swap(next: SdnIndex, from: string, checkedAt?: string): void {
    this.served = next;
    this.confirmedAt = checkedAt;
    this.emit({
      type: "loaded",
      from,
      datasetDate: next.meta.datasetDate,
      datasetSha256: next.meta.datasetSha256,
      sample: next.provenance.sample,
    });
  }

  /** Serves an edition another replica accepted, as confirmed when that replica fetched it. */
  adopt(next: SdnIndex, from: string): void {
    this.served = next;
    this.confirmedAt = next.provenance.refreshedAt;
    const { datasetDate, datasetSha256 } = next.meta;
    this.emit({ type: "adopted", from, datasetDate, datasetSha256 });
  }

  /** `from` (this loader's source or another replica's) confirmed the served edition current. */
  confirm(from: string): void {
    const held = this.served;
    if (held === undefined) return;
    const at = this.now().toISOString();
    this.served = held.withProvenance({ ...held.provenance, refreshedAt: at });
    this.confirmedAt = at;
    this.emit({ type: "unchanged", from });
  }
}
