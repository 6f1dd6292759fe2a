import { requireIntegerIn, requirePositive } from "../validate/arguments.js";
import {
  type BatchSizes,
  batchSizesWithTail,
  DEFAULT_MEAN_BATCH_SIZE,
  geometricBatchSizes,
  MIN_EMPIRICAL_EVENTS,
} from "./batch-sizes.js";
import { dayNumber } from "./civil-date.js";
import { checkTail, DEFAULT_SIZE_TAIL, type SizeTail } from "./size-tail.js";

/** One change of the list on a day: addresses added and removed (non-negative integers). */
export interface GrowthEvent {
  readonly date: string;
  readonly added: number;
  readonly removed: number;
}

/**
 * The observed history: the window [from, to] and the change events in it. This is the shape of
 * `from`, `to` and `events` returned by `growthFromEditions` of @svc/ofac-index.
 */
export interface ListGrowthHistory {
  readonly from: string;
  readonly to: string;
  readonly events: readonly GrowthEvent[];
}

/** The Gamma prior of each event rate (events/day): shape α0, rate β0 (in days). */
export interface GrowthPrior {
  readonly additionShape: number;
  readonly additionRate: number;
  readonly removalShape: number;
  readonly removalRate: number;
  /** Mean batch size of the geometric fallback (fewer than 3 observed events). */
  readonly meanBatchSize: number;
}

/**
 * Additions: α0 = 1, β0 = 30 days, i.e. a prior mean of one event a month (12 a year, near the
 * ~14 a year OFAC has had) worth one event in 30 days of observation, so a few months of history
 * outweigh it. Removals: α0 = 1, β0 = 365 days, one removal event a year, weak as well; with no
 * removal observed, the posterior Gamma(1, 365 + span) still allows some removal rate.
 */
export const DEFAULT_GROWTH_PRIOR: GrowthPrior = {
  additionShape: 1,
  additionRate: 30,
  removalShape: 1,
  removalRate: 365,
  meanBatchSize: DEFAULT_MEAN_BATCH_SIZE,
};

/** How much history the model rests on (see `confidenceOf`). */
export type ModelConfidence = "standard" | "low";

/** A confidence and the short sentence that says why. */
export interface ConfidenceGrade {
  readonly confidence: ModelConfidence;
  readonly reason: string;
}

/** Fewer addition events than this, or fewer days than `MIN_CONFIDENT_DAYS`, and it is "low". */
const MIN_CONFIDENT_EVENTS = 5;
const MIN_CONFIDENT_DAYS = 180;

/** The reason of a prior-rate model's "low" confidence. */
export const PRIOR_RATE_REASON = "rests on the caller's prior rate, not on data";

/** A Poisson process of events with a Gamma(shape, rate) event rate and a batch-size law. */
export interface EventProcess {
  /** Gamma shape of the event rate (events/day). */
  readonly shape: number;
  /** Gamma rate of the event rate (days). */
  readonly rate: number;
  /** The number of events observed (0 for a prior model). */
  readonly observedEvents: number;
  /** The posterior mean of the event rate, shape/rate (events/day). */
  readonly ratePerDay: number;
  readonly sizes: BatchSizes;
}

export interface ListGrowthModel {
  /** "history": fitted by `fitListGrowth`; "prior": built by `fromPriorRate`. */
  readonly basis: "history" | "prior";
  readonly spanDays: number;
  readonly additions: EventProcess;
  readonly removals: EventProcess;
  readonly modelConfidence: ModelConfidence;
  /** Why: e.g. "fitted to 43 addition events over 1,173 days". */
  readonly modelConfidenceReason: string;
  /** The posterior mean rate of addition events (events/day). */
  readonly ratePerDay: number;
  /** Expected addresses added per day: ratePerDay × mean batch size. */
  readonly addressesPerDay: number;
}

const grouped = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/**
 * "standard" with ≥ 5 addition events over ≥ 180 days, else "low", with the reason. There is no
 * "high": however long the history, the model's calibration rests on a few dozen events and the
 * per-wallet hazard is an assumption (see the backtest in the README).
 */
export function confidenceOf(additionEvents: number, spanDays: number): ConfidenceGrade {
  const seen = `${grouped(additionEvents)} addition event${additionEvents === 1 ? "" : "s"} over ${grouped(spanDays)} day${spanDays === 1 ? "" : "s"}`;
  if (additionEvents < MIN_CONFIDENT_EVENTS) {
    return {
      confidence: "low",
      reason: `fewer than ${MIN_CONFIDENT_EVENTS} addition events (${seen})`,
    };
  }
  if (spanDays < MIN_CONFIDENT_DAYS) {
    return {
      confidence: "low",
      reason: `fewer than ${MIN_CONFIDENT_DAYS} days of history (${seen})`,
    };
  }
  return { confidence: "standard", reason: `fitted to ${seen}` };
}

function process(
  shape: number,
  rate: number,
  sizes: readonly number[],
  ages: readonly number[],
  meanFallback: number,
  tail: SizeTail,
): EventProcess {
  return {
    shape,
    rate,
    observedEvents: sizes.length,
    ratePerDay: shape / rate,
    sizes:
      sizes.length >= MIN_EMPIRICAL_EVENTS
        ? batchSizesWithTail(sizes, tail, ages)
        : geometricBatchSizes(meanFallback),
  };
}

/** Removals are not scored by any backtest, so no score could choose a tail for them. */
const NO_TAIL: SizeTail = { family: "none" };

function checkPrior(where: string, prior: GrowthPrior): void {
  requirePositive(where, "prior.additionShape", prior.additionShape);
  requirePositive(where, "prior.additionRate", prior.additionRate);
  requirePositive(where, "prior.removalShape", prior.removalShape);
  requirePositive(where, "prior.removalRate", prior.removalRate);
  requirePositive(where, "prior.meanBatchSize", prior.meanBatchSize);
  if (prior.meanBatchSize < 1) {
    throw new RangeError(`${where}: prior.meanBatchSize must be ≥ 1, got ${prior.meanBatchSize}`);
  }
}

interface ObservedSizes {
  readonly spanDays: number;
  readonly added: number[];
  /** The age of each addition at the fit date (history.to), in days. */
  readonly addedAges: number[];
  readonly removed: number[];
  readonly removedAges: number[];
}

function observe(where: string, history: ListGrowthHistory): ObservedSizes {
  if (typeof history !== "object" || history === null || !Array.isArray(history.events)) {
    throw new RangeError(`${where}: history must be { from, to, events[] }`);
  }
  const from = dayNumber(where, "history.from", history.from);
  const to = dayNumber(where, "history.to", history.to);
  if (to < from) {
    throw new RangeError(`${where}: history.to (${history.to}) is before history.from`);
  }
  const added: number[] = [];
  const addedAges: number[] = [];
  const removed: number[] = [];
  const removedAges: number[] = [];
  history.events.forEach((e, i) => {
    const day = dayNumber(where, `events[${i}].date`, e.date);
    if (day < from || day > to) {
      throw new RangeError(`${where}: events[${i}].date ${e.date} is outside [from, to]`);
    }
    requireIntegerIn(where, `events[${i}].added`, e.added, 0, 0x7fffffff);
    requireIntegerIn(where, `events[${i}].removed`, e.removed, 0, 0x7fffffff);
    if (e.added > 0) {
      added.push(e.added);
      addedAges.push(to - day);
    }
    if (e.removed > 0) {
      removed.push(e.removed);
      removedAges.push(to - day);
    }
  });
  return { spanDays: to - from, added, addedAges, removed, removedAges };
}

/**
 * Fits the clustered-event model to a history: addition events form a Poisson process whose
 * rate has the Gamma posterior (α0 + number of addition events, β0 + span in days); each event
 * adds a batch drawn from the observed batch sizes mixed with `tail` (default
 * `DEFAULT_SIZE_TAIL`; the geometric fallback with fewer than 3 events). Removals likewise, with
 * their own prior, from the observed sizes alone. An event with both additions and removals
 * counts once as each.
 */
export function fitListGrowth(
  history: ListGrowthHistory,
  prior: GrowthPrior = DEFAULT_GROWTH_PRIOR,
  tail: SizeTail = DEFAULT_SIZE_TAIL,
): ListGrowthModel {
  const where = "fitListGrowth";
  checkPrior(where, prior);
  checkTail(where, tail);
  const { spanDays, added, addedAges, removed, removedAges } = observe(where, history);
  const additions = process(
    prior.additionShape + added.length,
    prior.additionRate + spanDays,
    added,
    addedAges,
    prior.meanBatchSize,
    tail,
  );
  const removals = process(
    prior.removalShape + removed.length,
    prior.removalRate + spanDays,
    removed,
    removedAges,
    prior.meanBatchSize,
    NO_TAIL,
  );
  const grade = confidenceOf(added.length, spanDays);
  return {
    basis: "history",
    spanDays,
    additions,
    removals,
    modelConfidence: grade.confidence,
    modelConfidenceReason: grade.reason,
    ratePerDay: additions.ratePerDay,
    addressesPerDay: additions.ratePerDay * additions.sizes.mean,
  };
}

export interface PriorRateOptions {
  /** History for the batch sizes and the removals (its addition rate is not used). */
  readonly history?: ListGrowthHistory;
  /** Coefficient of variation of the Gamma around the event rate (default 0.1: tight). */
  readonly relativeSd?: number;
  readonly prior?: GrowthPrior;
  /** The tail mixed into the history's batch sizes (default `DEFAULT_SIZE_TAIL`). */
  readonly tail?: SizeTail;
}

/**
 * A model from the caller's prior `priors.list_add_rate_override_per_day` (expected addresses per
 * day, > 0), with the same event/batch structure: the batch sizes come from `history` when it
 * has ≥ 3 addition events (mixed with `options.tail`), else the geometric default (mean ≈ 9); the event rate is
 * addressesPerDay / mean batch size, with a Gamma of coefficient of variation `relativeSd`
 * (shape 1/cv², mean exactly that rate). Removals are fitted from `history` if given, else
 * the removal prior alone. The confidence is "low": it rests on an assumption, not on data.
 */
export function fromPriorRate(
  addressesPerDay: number,
  options: PriorRateOptions = {},
): ListGrowthModel {
  const where = "fromPriorRate";
  requirePositive(where, "addressesPerDay", addressesPerDay);
  const cv = options.relativeSd ?? 0.1;
  requirePositive(where, "relativeSd", cv);
  const prior = options.prior ?? DEFAULT_GROWTH_PRIOR;
  checkPrior(where, prior);
  const tail = options.tail ?? DEFAULT_SIZE_TAIL;
  checkTail(where, tail);
  const seen = options.history
    ? observe(where, options.history)
    : { spanDays: 0, added: [], addedAges: [], removed: [], removedAges: [] };
  const sizes =
    seen.added.length >= MIN_EMPIRICAL_EVENTS
      ? batchSizesWithTail(seen.added, tail, seen.addedAges)
      : geometricBatchSizes(prior.meanBatchSize);
  const eventRate = addressesPerDay / sizes.mean;
  const shape = 1 / (cv * cv);
  const additions: EventProcess = {
    shape,
    rate: shape / eventRate,
    observedEvents: 0,
    ratePerDay: eventRate,
    sizes,
  };
  const removals = process(
    prior.removalShape + seen.removed.length,
    prior.removalRate + seen.spanDays,
    seen.removed,
    seen.removedAges,
    prior.meanBatchSize,
    NO_TAIL,
  );
  return {
    basis: "prior",
    spanDays: seen.spanDays,
    additions,
    removals,
    modelConfidence: "low",
    modelConfidenceReason: PRIOR_RATE_REASON,
    ratePerDay: eventRate,
    addressesPerDay,
  };
}
