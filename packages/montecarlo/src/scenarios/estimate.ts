import type { WireScalar } from "@svc/report-model";
import { type CompiledScenario, exactOf, meanScore, outcomeSd, scoreSd } from "./model.js";
import { probabilityAt, type Runs } from "./runs.js";
import type { ProbabilityEstimate } from "./stats.js";

/** A scenario's Monte Carlo success probability beside the exact one. */
export interface ScenarioEstimate extends ProbabilityEstimate {
  readonly label: string;
  readonly threshold: number;
  /** bias + Σ weight·value. */
  readonly mean_score: number;
  /** √Σ (weight·sd)², the sd of the score. */
  readonly score_sd: number;
  /** The sd of score + noise. */
  readonly outcome_sd: number;
  /** Φ((mean_score − threshold)/outcome_sd). */
  readonly exact_probability: number;
}

export function estimateScenario(
  label: string,
  sc: CompiledScenario,
  runs: Runs,
): ScenarioEstimate {
  const mean = meanScore(sc);
  return {
    label,
    threshold: sc.threshold,
    mean_score: mean,
    score_sd: scoreSd(sc),
    outcome_sd: outcomeSd(sc),
    ...probabilityAt(runs, mean, sc.threshold),
    exact_probability: exactOf(sc),
  };
}

/** A row of the `scenario_summary` table. */
export const summaryRow = (e: ScenarioEstimate): Record<string, WireScalar> => ({
  scenario: e.label,
  threshold: e.threshold,
  mean_score: e.mean_score,
  score_sd: e.score_sd,
  outcome_sd: e.outcome_sd,
  success_probability: e.probability,
  ci_low: e.interval.low,
  ci_high: e.interval.high,
  standard_error: e.standard_error,
  exact_probability: e.exact_probability,
});
