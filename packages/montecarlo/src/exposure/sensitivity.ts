import type { RelationshipTier } from "../inputs/fields.js";
import type { GrowthChoice } from "./growth-basis.js";
import { MAX_HAZARD, type TierWeights } from "./hazard.js";
import { linkedOutlook } from "./linked/linked-outlook.js";
import { hitProbabilityOfLogSurvival, marginalHitProbability } from "./marginal-hit-probability.js";
import type { AssessedWallet } from "./portfolio.js";

/** One variation of the model and its exact figures. */
export interface SensitivityRow {
  readonly scenario: string;
  readonly description: string;
  /** Current matches plus the expected future hits. */
  readonly expected_hits: number;
  /** The probability that at least one wallet that is clear today becomes a hit. */
  readonly probability_of_new_hit: number;
  /** expected_hits relative to the baseline, in percent. */
  readonly expected_hits_change_percent: number;
}

interface Variation {
  readonly scenario: string;
  readonly description: string;
  readonly rateScale: number;
  readonly tiers: TierWeights;
  /** What the base hazard is multiplied by. */
  readonly hazardScale?: number;
}

/** "1 in 20,000": a hazard as the odds a reader compares. */
const oneIn = (hazard: number): string => `1 in ${Math.round(1 / hazard).toLocaleString("en-US")}`;

/**
 * The base hazard ×0.1 and ×10: the assumption every probability rests on and nothing here can
 * check (nothing public says which of a customer's counterparties OFAC designates next), so its
 * rows span a hundredfold rather than the others' fourfold.
 */
const baseHazardRows = (w: TierWeights, base: number): Variation[] =>
  (
    [
      ["base_hazard_x0.1", 0.1],
      ["base_hazard_x10", 10],
    ] as const
  ).map(([scenario, hazardScale]) => ({
    scenario,
    description: `${oneIn(base * hazardScale)} per added address for a standard wallet instead of the assumed ${oneIn(base)}, which nothing here can check.`,
    rateScale: 1,
    tiers: w,
    hazardScale,
  }));

/** The variations every forecast reports, baseline first, then the base hazard's. */
function variations(w: TierWeights, base: number): Variation[] {
  const top = (f: number) => ({ ...w, high: w.high * f, critical: w.critical * f });
  const row = (scenario: string, description: string, rateScale: number, tiers: TierWeights) => ({
    scenario,
    description,
    rateScale,
    tiers,
  });
  return [
    row("baseline", "The model as reported.", 1, w),
    ...baseHazardRows(w, base),
    row("list_rate_x0.5", "Half the rate of list addition events.", 0.5, w),
    row("list_rate_x2", "Twice the rate of list addition events.", 2, w),
    row("high_tiers_x2", "High and critical tier weights doubled.", 1, top(2)),
    row("high_tiers_x0.5", "High and critical tier weights halved.", 1, top(0.5)),
    row("equal_tiers", "Every tier weighted 1 (relationship tier ignored).", 1, {
      low: 1,
      standard: 1,
      high: 1,
      critical: 1,
    }),
  ];
}

/** A wallet's hazard under other tier weights (its other multipliers unchanged). */
const rehazard = (w: AssessedWallet, tiers: Record<RelationshipTier, number>, base: number) =>
  Math.min(MAX_HAZARD, (base * w.hazard.multiplier * tiers[w.tier]) / w.hazard.tier);

/**
 * The sensitivity table: the base hazard ×0.1 and ×10, the list's event rate ×0.5, ×1, ×2 and
 * tier-weight variations. Each row is exact and closed-form (no simulation noise, so
 * differences between rows are the model's alone): expected hits Σ P(hit), and P(at least one
 * new hit) = 1 − E[s^A] with s = Π(1 − hⱼ).
 */
export function sensitivityTable(
  growth: GrowthChoice,
  wallets: readonly AssessedWallet[],
  horizonDays: number,
  weights: TierWeights,
  base: number,
): SensitivityRow[] {
  const clear = wallets.filter((w) => w.status === "clear");
  const matches = wallets.length - clear.length;
  const process = growth.model?.additions ?? null;
  let baseline = 0;
  return variations(weights, base).map((v, i) => {
    // Wallets linked to a party (`linked_sdn_entry`) by their party's events as well.
    const linked = linkedOutlook(
      clear,
      process,
      horizonDays,
      (w) => rehazard(w, v.tiers, base * (v.hazardScale ?? 1)),
      (w) => (w.hazard.multiplier * v.tiers[w.tier]) / w.hazard.tier,
      v.rateScale,
    );
    let expected = matches + linked.expected;
    let logNone = 0;
    for (const w of clear) {
      if (w.link !== null) continue;
      const h = rehazard(w, v.tiers, base * (v.hazardScale ?? 1));
      expected += marginalHitProbability(process, horizonDays, h, v.rateScale);
      logNone += Math.log1p(-h);
    }
    if (i === 0) baseline = expected;
    return {
      scenario: v.scenario,
      description: v.description,
      expected_hits: expected,
      probability_of_new_hit:
        1 -
        (1 - hitProbabilityOfLogSurvival(process, horizonDays, logNone, v.rateScale)) *
          Math.exp(linked.logNone),
      expected_hits_change_percent: baseline === 0 ? 0 : (100 * (expected - baseline)) / baseline,
    };
  });
}
