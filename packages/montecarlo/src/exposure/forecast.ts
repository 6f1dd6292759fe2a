import type { ReportModelInput } from "@svc/report-model";
import { empiricalPmf } from "../estimate/integer-distribution.js";
import { type ProbabilityEstimate, proportion } from "../estimate/proportion.js";
import { AdditionsSampler } from "../growth/additions-sampler.js";
import type { ForecastInput } from "../inputs/forecast-input.js";
import { Xoshiro128StarStar } from "../rng/xoshiro128.js";
import { deriveSeed } from "../seed/derive-seed.js";
import { additionsPmf } from "./additions-pmf.js";
import { additionsSummary } from "./additions-summary.js";
import { ConditionalHits } from "./conditional-hits.js";
import { forecastReport } from "./forecast-report.js";
import type { ExposureForecast, ForecastModelInfo, PerWalletExposure } from "./forecast-types.js";
import { chooseGrowth, type GrowthChoice } from "./growth-basis.js";
import { DEFAULT_BASE_HAZARD, type TierWeights } from "./hazard.js";
import { exactOutlook, type HitsOutlook, outlookOf, type Target } from "./hits-outlook.js";
import { forecastLimitations } from "./limitations.js";
import { checkedForecastRequest } from "./linked/checked-requests.js";
import { partyEventsPerYear } from "./linked/linked-party.js";
import { LinkedHits } from "./linked/party-hits.js";
import {
  type AssessedWallet,
  assessWallets,
  clearHazards,
  type ExposureContext,
  linkedParties,
  metadataCoveragePercent,
  tierWeightsOf,
} from "./portfolio.js";
import { sensitivityTable } from "./sensitivity.js";
import { simulateHits, tabulationCutoff } from "./simulate-hits.js";

/** The version of the exposure model; changes when a figure for the same input would change. */
const EXPOSURE_MODEL_VERSION = "exposure-2";

/** Without a `target`, the forecast reports P(at least one hit). */
const DEFAULT_TARGET: Target = { operator: ">=", k: 1 };

/** The forecast and its shared report model (report_type `compliance-exposure-forecast`). */
export type ExposureForecastResult = ExposureForecast & { readonly report: ReportModelInput };

function modelInfo(
  growth: GrowthChoice,
  input: ForecastInput,
  tierWeights: TierWeights,
  base: number,
  seed: number,
): ForecastModelInfo {
  const h = growth.history;
  const model = growth.model;
  return {
    history_basis: growth.basis,
    model_confidence: growth.modelConfidence,
    model_confidence_reason: growth.modelConfidenceReason,
    model_version: EXPOSURE_MODEL_VERSION,
    addition_events_per_day: model?.ratePerDay ?? null,
    list_add_rate_per_day: growth.addressesPerDay,
    history:
      h === null
        ? null
        : {
            from: h.from,
            to: h.to,
            span_days: model?.spanDays ?? 0,
            addition_events: h.events.filter((e) => e.added > 0).length,
            removal_events: h.events.filter((e) => e.removed > 0).length,
          },
    batch_sizes:
      model === null
        ? null
        : {
            source: model.additions.sizes.source,
            mean: model.additions.sizes.mean,
            max: model.additions.sizes.values.at(-1) as number,
          },
    base_hazard: base,
    tier_weights: tierWeights,
    horizon_days: input.horizon_days,
    iterations: input.iterations,
    seed,
  };
}

const perWallet = (w: AssessedWallet): PerWalletExposure => ({
  address: w.address,
  screening_status: w.status,
  future_hit_probability: w.futureHitProbability,
  relationship_tier: w.tier,
  hazard_multiplier: w.hazard.multiplier,
  has_metadata: w.hasMetadata,
  matched_entities: w.entities,
  ...(w.near.length === 0 ? {} : { near_listed_addresses: w.near }),
  hazard_source: w.link === null ? "base_hazard" : "linked_party",
  linked_party:
    w.link === null
      ? null
      : {
          entry_id: w.link.party.entryId,
          profile_id: w.link.party.profileId,
          name: w.link.party.name,
          listed_addresses: w.link.party.listedAddresses,
          party_events_per_year: partyEventsPerYear(w.link.rate),
          listing_probability_per_event: w.link.theta,
        },
});

/**
 * The exposure forecast (POST /api/workflows/compliance/exposure-forecast): how many of `addresses` will be exact OFAC matches
 * within the horizon. Current matches are hits already (probability 1). Future hits come from
 * the list's growth (clustered addition events, see `fitListGrowth`) and each wallet's hazard
 * (see `hazardOf`). Reports the Monte Carlo estimate with its standard error and, beside it, the
 * exact value of the same model; per-wallet probabilities and the sensitivity table are exact.
 * Throws `InputError` for a bad request.
 */
export function forecastExposure(
  request: unknown,
  context: ExposureContext,
): ExposureForecastResult {
  // Every refusal of the input first, before anything is computed.
  const { input, links } = checkedForecastRequest(request, context.linkedParty);
  const growth = chooseGrowth(context.history, input.priors?.list_add_rate_override_per_day);
  const tierWeights = tierWeightsOf(input.tier_weights);
  const metadata = new Map((input.address_metadata ?? []).map((m) => [m.address, m]));
  const partyOf = new Map(
    (input.address_metadata ?? []).map((m, i) => [m.address, links[i]] as const),
  );
  const horizon = input.horizon_days;
  const wallets = assessWallets(
    input.addresses.map((address) => ({
      address,
      meta: metadata.get(address),
      party: partyOf.get(address),
    })),
    context,
    input.asset,
    tierWeights,
    growth,
    horizon,
  );
  const matches = wallets.filter((w) => w.status === "match").length;
  const hazards = clearHazards(wallets);
  const target = input.target ?? DEFAULT_TARGET;
  const seed = context.seed ?? deriveSeed(request);
  const process = growth.model?.additions ?? null;

  const hits = new ConditionalHits([hazards]);
  const linked = new LinkedHits(linkedParties(wallets), 1, horizon);
  const additions = additionsPmf(process, horizon);
  const exact = exactOutlook(process, horizon, hazards, matches, target, additions, hits, linked);
  const rng = Xoshiro128StarStar.fromSeed(seed);
  const cutoff = tabulationCutoff(additions);
  const sampler = process === null ? null : new AdditionsSampler(process, horizon);
  const sim = simulateHits(sampler, input.iterations, hits, cutoff, rng, linked);
  const simulated = outlookOf(empiricalPmf(sim.hits[0] as Int32Array), matches, target, 0);
  const estimate = proportion(
    Math.round(simulated.targetProbability * input.iterations),
    input.iterations,
  );
  const base = context.baseHazard ?? DEFAULT_BASE_HAZARD;

  const forecast: ExposureForecast = {
    summary: {
      target_probability: simulated.targetProbability,
      p50_expected_hits: simulated.p50Hits,
      p90_expected_hits: simulated.p90Hits,
      metadata_coverage_percent: metadataCoveragePercent(wallets),
      expected_hits: simulated.expectedHits,
      current_matches: matches,
      wallets: wallets.length,
      horizon_days: horizon,
      target,
    },
    target: {
      ...target,
      ...estimate,
      exact: exact.targetProbability,
      deviation_in_standard_errors: deviation(estimate, exact),
    },
    exact: {
      target_probability: exact.targetProbability,
      expected_hits: exact.expectedHits,
      p50_hits: exact.p50Hits,
      p90_hits: exact.p90Hits,
      error_bound: exact.errorBound,
    },
    forecast_model: modelInfo(growth, input, tierWeights, base, seed),
    list_growth: additionsSummary(sim.additions),
    hits_distribution: distributionRows(exact, simulated),
    per_wallet: wallets.map(perWallet),
    sensitivity: sensitivityTable(growth, wallets, horizon, tierWeights, base),
    limitations: forecastLimitations(growth, matches, base),
  };
  const report = forecastReport(forecast, {
    title: input.title,
    summaryFocus: input.summary_focus,
  });
  return { ...forecast, report };
}

function deviation(estimate: ProbabilityEstimate, exact: HitsOutlook): number | null {
  const gap = Math.abs(estimate.probability - exact.targetProbability);
  return estimate.standard_error === 0 ? null : gap / estimate.standard_error;
}

/** Hits 0..(the larger support, while it has mass ≥ 1e-6), exact and simulated. */
function distributionRows(exact: HitsOutlook, simulated: HitsOutlook) {
  const rows: { hits: number; probability: number; simulated_share: number }[] = [];
  const top = Math.max(exact.pmf.length, simulated.pmf.length);
  for (let k = 0; k < top; k++) {
    const p = exact.pmf[k] ?? 0;
    const s = simulated.pmf[k] ?? 0;
    if (p < 1e-6 && s === 0 && k > exact.p90Hits) break;
    rows.push({ hits: k, probability: p, simulated_share: s });
  }
  return rows;
}
