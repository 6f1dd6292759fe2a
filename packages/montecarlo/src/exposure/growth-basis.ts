import {
  fitListGrowth,
  fromPriorRate,
  type ListGrowthHistory,
  type ListGrowthModel,
  type ModelConfidence,
  PRIOR_RATE_REASON,
} from "../growth/list-growth-model.js";

/**
 * Where the list-growth cadence comes from, in the order the forecast uses them:
 * `caller_prior` (the request's `priors.list_add_rate_override_per_day`), `snapshot_diff`
 * (differences of stored editions of the list) or `listing_dates` (a backfill from one edition's
 * listing dates).
 */
type HistoryBasis = "caller_prior" | "snapshot_diff" | "listing_dates";

/** A list history with how it was obtained (the `basis` of @svc/ofac-index's growth stats). */
export interface BasedHistory extends ListGrowthHistory {
  readonly basis: "snapshot_diff" | "listing_dates";
}

/** The fitted model, or `null` additions when the caller's prior rate is 0 (nothing is added). */
export interface GrowthChoice {
  readonly basis: HistoryBasis;
  readonly model: ListGrowthModel | null;
  readonly modelConfidence: ModelConfidence;
  /** Why, in a short sentence (see `confidenceOf`). */
  readonly modelConfidenceReason: string;
  /** Expected addresses added per day. */
  readonly addressesPerDay: number;
  readonly history: BasedHistory | null;
}

/**
 * The growth model for a forecast: the caller's prior rate when given (batch sizes and removals
 * still come from the history, if any), else the history. Throws a `RangeError` with neither.
 */
export function chooseGrowth(
  history: BasedHistory | null | undefined,
  priorAddressesPerDay: number | undefined,
): GrowthChoice {
  const h = history ?? null;
  if (priorAddressesPerDay !== undefined) {
    const model =
      priorAddressesPerDay === 0
        ? null
        : fromPriorRate(priorAddressesPerDay, h === null ? {} : { history: h });
    return {
      basis: "caller_prior",
      model,
      modelConfidence: "low",
      modelConfidenceReason: PRIOR_RATE_REASON,
      addressesPerDay: priorAddressesPerDay,
      history: h,
    };
  }
  if (h === null) {
    throw new RangeError("chooseGrowth: a list history or a prior rate is needed");
  }
  const model = fitListGrowth(h);
  return {
    basis: h.basis,
    model,
    modelConfidence: model.modelConfidence,
    modelConfidenceReason: model.modelConfidenceReason,
    addressesPerDay: model.addressesPerDay,
    history: h,
  };
}
