import { OfacIndexError } from "../errors/ofac-index-error.js";
import type { SdnIndex } from "../index/sdn-index.js";
import type { RefreshStatus, SourceFreshness } from "../screen/result-types.js";
import type { ServedEdition } from "./served-edition.js";

const DEFAULT_STALE_AFTER_HOURS = 48;
const HOUR_MS = 3_600_000;

/** How the freshness of a served edition is judged. */
export interface FreshnessRules {
  /** A list not confirmed current for longer than this is `stale`. */
  readonly staleAfterHours: number;
  /** Refuse screening on a stale list (`LIST_STALE`) instead of answering with the flag. */
  readonly failWhenStale: boolean;
}

/** The rules as the loader's options set them. */
export function freshnessRulesOf(options: {
  readonly staleAfterHours?: number | undefined;
  readonly failWhenStale?: boolean | undefined;
}): FreshnessRules {
  return {
    staleAfterHours: options.staleAfterHours ?? DEFAULT_STALE_AFTER_HOURS,
    failWhenStale: options.failWhenStale === true,
  };
}

/** What the loader knows of the served edition besides the edition itself. */
export interface ServedState {
  /** The last attempt's status. */
  readonly last: RefreshStatus | undefined;
  /** When a source last confirmed the served edition. */
  readonly checkedAt: string | undefined;
  readonly now: Date;
}

/**
 * The served edition's freshness. Age is the time since the source last confirmed the served
 * edition (not the edition's DateOfIssue: OFAC may publish nothing for weeks, and that list is
 * still current). The embedded sample is never stale: it says `sample` instead.
 */
export function freshnessOf(
  index: SdnIndex,
  state: ServedState,
  rules: FreshnessRules,
): SourceFreshness {
  const base = index.freshness(state.last);
  const sample = index.provenance.sample;
  const checkedAt = sample ? null : (state.checkedAt ?? index.provenance.refreshedAt);
  const since = Date.parse(checkedAt ?? index.provenance.refreshedAt);
  const ageHours = Number.isNaN(since)
    ? 0
    : Math.max(0, Math.round(((state.now.getTime() - since) / HOUR_MS) * 100) / 100);
  const limit = rules.staleAfterHours;
  const stale = !sample && ageHours > limit;
  const notice = stale
    ? [
        base.notice,
        `The list has not been confirmed current for ${ageHours} hours (limit ${limit}).`,
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
    staleAfterHours: limit,
  });
}

/** Throws LIST_STALE when the list is stale and the rules refuse screening on a stale list. */
export function refuseIfStale(
  index: SdnIndex,
  freshness: SourceFreshness,
  rules: FreshnessRules,
): void {
  if (freshness.stale !== true || !rules.failWhenStale) return;
  throw new OfacIndexError(
    "LIST_STALE",
    `the sanctions list (${index.meta.datasetDate}) has not been confirmed current for ${freshness.ageHours} hours, more than the allowed ${rules.staleAfterHours}; screening is refused`,
    {
      details: {
        ageHours: freshness.ageHours,
        staleAfterHours: rules.staleAfterHours,
        lastSuccessfulCheckAt: freshness.lastSuccessfulCheckAt,
      },
    },
  );
}

/** What the loader's freshness is judged from: the served edition, the rules, the clock. */
export interface FreshnessParts {
  readonly served: ServedEdition;
  readonly rules: FreshnessRules;
  readonly now: () => Date;
}

/** The served edition's freshness now (LIST_UNAVAILABLE when none is served). */
export function servedFreshness({ served, rules, now }: FreshnessParts): SourceFreshness {
  return freshnessOf(served.require(), servedState(served, now()), rules);
}

/** The edition to screen on and its freshness, or LIST_UNAVAILABLE / LIST_STALE. */
export function screenableEdition({ served, rules, now }: FreshnessParts): {
  index: SdnIndex;
  freshness: SourceFreshness;
} {
  const index = served.require();
  const freshness = freshnessOf(index, servedState(served, now()), rules);
  refuseIfStale(index, freshness, rules);
  return { index, freshness };
}

const servedState = (served: ServedEdition, now: Date): ServedState => ({
  last: served.lastRefresh,
  checkedAt: served.checkedAt,
  now,
});
