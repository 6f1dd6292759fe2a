import type { SdnIndex } from "../index/sdn-index.js";
import type { EditionStore } from "../io/edition-store.js";
import { SAMPLE_SHA256 } from "../sample/sample-edition.js";
import { latestAcceptableDate } from "./edition-checks.js";

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

/** Editions loaded by SHA-256 for diffs, kept for the next request. */
const EDITION_CACHE_SIZE = 4;

/** The editions a diff can use: the stored ones and the served one, by SHA-256 or by date. */
export class StoredEditions {
  private readonly cache = new Map<string, SdnIndex>();

  constructor(
    private readonly store: EditionStore | undefined,
    private readonly served: () => SdnIndex | undefined,
    private readonly now: () => Date,
  ) {}

  /**
   * Newest first: every readable stored edition (none dated in the future), plus the served
   * one when it is not stored (`storedAt: null`); `current` marks the served one.
   */
  async list(): Promise<EditionSummary[]> {
    const maxDate = latestAcceptableDate(this.now());
    const stored = (this.store === undefined ? [] : await this.store.summaries()).filter(
      (s) => s.datasetDate <= maxDate,
    );
    const held = this.served();
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
  async bySha(sha256: string): Promise<SdnIndex | undefined> {
    const sha = sha256.toLowerCase();
    const held = this.served();
    if (held?.meta.datasetSha256 === sha) return held;
    const cached = this.cache.get(sha);
    if (cached !== undefined) return cached;
    const found = await this.store?.bySha(sha);
    if (found === undefined) return undefined;
    this.cache.set(sha, found);
    if (this.cache.size > EDITION_CACHE_SIZE) {
      this.cache.delete(this.cache.keys().next().value as string);
    }
    return found;
  }

  /** The newest edition of a `YYYY-MM-DD` DateOfIssue (as `list` orders them). */
  async byDate(datasetDate: string): Promise<SdnIndex | undefined> {
    const entry = (await this.list()).find((e) => e.datasetDate === datasetDate);
    return entry === undefined ? undefined : this.bySha(entry.datasetSha256);
  }
}
