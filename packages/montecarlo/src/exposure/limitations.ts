import type { GrowthChoice } from "./growth-basis.js";
import { DEFAULT_BASE_HAZARD } from "./hazard.js";

/** Where the limitations are read: the forecast has a sensitivity table, the queue does not. */
export type LimitationsOf = "forecast" | "queue";

/**
 * The base-hazard assumption, first: every probability rests on it and nothing here can check
 * it, so a reader must know it before any figure.
 */
function baseHazardLimitation(base: number, of: LimitationsOf): string {
  const odds = `1 in ${Math.round(1 / base).toLocaleString("en-US")}`;
  const reading =
    of === "forecast"
      ? "the sensitivity table shows them with the base hazard ×0.1 and ×10"
      : "the order compares every wallet under the same assumption, while the expected counts and exposures move with it";
  return `Every probability rests on an assumed base hazard, ${odds} per added address for a standard wallet (scaled by its metadata), that nothing here can check: nothing public says which counterparties OFAC designates next. The figures are best read relative to each other; ${reading}.`;
}

/** What a reader of a forecast or a queue must know before acting on it. */
export function forecastLimitations(
  growth: GrowthChoice,
  matches: number,
  base: number = DEFAULT_BASE_HAZARD,
  of: LimitationsOf = "forecast",
): string[] {
  const lines = [
    baseHazardLimitation(base, of),
    "This is a statistical forecast for prioritising review, not a legal conclusion: it does not say that any wallet is or will be sanctioned.",
    "Screening is exact-match only: a wallet is a hit only if OFAC publishes that exact address; related wallets, clusters and off-list exposure are not detected.",
    "List growth assumes a constant, if uncertain, rate of addition events with batch sizes like those seen; batches larger than any seen so far are given a small probability by a fitted tail, and the upper quantiles depend on it. Policy shifts and bursts are not modelled.",
    "Wallets are independent given the list's additions, save those linked to one SDN party, which share its events (their odds per event are assumed); designations naming several unlinked wallets together are not modelled.",
    "Removals from the list are not counted against hits; a listed wallet stays a hit over the horizon.",
  ];
  if (matches > 0) {
    lines.splice(
      1,
      0,
      `${matches} address${matches === 1 ? " is an" : "es are"} exact OFAC match${matches === 1 ? "" : "es"} today: counted as certain hits, ${matches === 1 ? "it needs" : "they need"} immediate manual review whatever the forecast says.`,
    );
  }
  if (growth.basis === "caller_prior") {
    lines.push(
      "The list-growth rate is the caller's prior (priors.list_add_rate_override_per_day), not the list's history: model confidence is low.",
    );
  } else if (growth.modelConfidence === "low") {
    lines.push(
      `The list history is short (model confidence ${growth.modelConfidence}): the rate of addition events is uncertain and the intervals are wide.`,
    );
  }
  if (growth.basis === "listing_dates") {
    lines.push(
      "The history is backfilled from listing dates of the current edition: removals and re-listings before it are invisible.",
    );
  }
  return lines;
}
