import type { GrowthChoice } from "./growth-basis.js";

/** What a reader of a forecast or a queue must know before acting on it. */
export function forecastLimitations(growth: GrowthChoice, matches: number): string[] {
  const lines = [
    "This is a statistical forecast for prioritising review, not a legal conclusion: it does not say that any wallet is or will be sanctioned.",
    "Screening is exact-match only: a wallet is a hit only if OFAC publishes that exact address; related wallets, clusters and off-list exposure are not detected.",
    "Per-wallet hazards are a documented assumption (a base hazard scaled by tier, exposure, activity, transactions and policy priority), not an estimate from data: read the probabilities relative to each other.",
    "List growth assumes a constant, if uncertain, rate of addition events (Gamma posterior) with batch sizes drawn from the observed ones; policy shifts, bursts and designations larger than any seen are not modelled.",
    "Wallets are independent given the list's additions; designations that target several of the wallets together are not modelled.",
    "Removals from the list are not counted against hits; a listed wallet stays a hit over the horizon.",
  ];
  if (matches > 0) {
    lines.unshift(
      `${matches} address${matches === 1 ? " is an" : "es are"} exact OFAC match${matches === 1 ? "" : "es"} today: counted as certain hits, ${matches === 1 ? "it needs" : "they need"} immediate manual review whatever the forecast says.`,
    );
  }
  if (growth.basis === "caller_prior") {
    lines.push(
      "The list-growth rate is the caller's prior (priors.list_add_rate_override_per_day), not the list's history: model confidence is low.",
    );
  } else if (growth.modelConfidence !== "high") {
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
