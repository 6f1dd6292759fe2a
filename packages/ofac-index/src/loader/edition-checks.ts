import { diffEditions } from "../diff/diff-editions.js";
import { OfacIndexError } from "../errors/ofac-index-error.js";
import type { SdnIndex } from "../index/sdn-index.js";

const DEFAULT_MAX_SHRINK = 0.2;
const HOUR_MS = 3_600_000;
/** An edition dated more than this after the clock is refused: OFAC cannot have issued it yet. */
const FUTURE_SLACK_MS = 24 * HOUR_MS;

/** The latest DateOfIssue that may be served: one day past the clock (time zones). */
export function latestAcceptableDate(now: Date): string {
  return new Date(now.getTime() + FUTURE_SLACK_MS).toISOString().slice(0, 10);
}

/**
 * The sanity checks a new edition passes before it may replace the held one (the last one
 * accepted: a refused edition never counts): not empty, not dated in the future, not older than
 * the held one, and not shrunk by more than `maxShrink` of its (ticker, address) pairs.
 */
export function checkNewEdition(
  candidate: SdnIndex,
  held: SdnIndex | undefined,
  now: Date,
  maxShrink: number = DEFAULT_MAX_SHRINK,
): void {
  if (candidate.designations.length === 0) {
    throw new OfacIndexError(
      "EMPTY_LIST",
      "the new edition has no digital-currency addresses; kept the current list",
    );
  }
  // OFAC cannot have issued it yet: refused, so that it never makes real editions "older".
  const issuedAt = Date.parse(`${candidate.meta.datasetDate}T00:00:00.000Z`);
  if (issuedAt - now.getTime() > FUTURE_SLACK_MS) {
    throw new OfacIndexError(
      "FUTURE_EDITION",
      `the new edition is dated ${candidate.meta.datasetDate}, more than a day after the clock (${now.toISOString()}); kept the current list`,
      { details: { datasetDate: candidate.meta.datasetDate } },
    );
  }
  if (held === undefined || held.provenance.sample) return;
  if (candidate.meta.datasetDate < held.meta.datasetDate) {
    throw new OfacIndexError(
      "OLDER_EDITION",
      `the new edition (${candidate.meta.datasetDate}) is older than the current one (${held.meta.datasetDate})`,
    );
  }
  const diff = diffEditions(held, candidate);
  const share = held.pairCount === 0 ? 0 : diff.summary.removed / held.pairCount;
  if (share > maxShrink) {
    throw new OfacIndexError(
      "LIST_SHRANK",
      `the new edition removes ${diff.summary.removed} of ${held.pairCount} (ticker, address) pairs (${(share * 100).toFixed(1)}%), more than the allowed ${(maxShrink * 100).toFixed(0)}%; kept the current list`,
      { details: { removed: diff.summary.removed, held: held.pairCount, maxShrink } },
    );
  }
}
