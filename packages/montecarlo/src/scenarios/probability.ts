import { metric, tableFromRecords } from "@svc/report-model";
import { type AnalysisParts, num, pct, summaryOnly, withInterval } from "./analysis.js";
import { estimateScenario } from "./estimate.js";
import { compileScenario } from "./model.js";
import type { ScenarioRequest } from "./request-schemas.js";
import { simulateRuns, streams } from "./runs.js";
import { meanOf, quantileOfSorted } from "./stats.js";

/** Φ⁻¹(0.95): the 5% and 95% points of a normal are mean ∓ 1.645·sd. */
const Z_90 = 1.6448536269514722;

/** probability: one scenario's success probability, Monte Carlo beside exact. */
export function probabilityAnalysis(
  r: ScenarioRequest<"probability">,
  seed: number,
): AnalysisParts {
  const sc = compileScenario(r.scenario);
  const runs = simulateRuns(sc, r.sims, streams(seed, 1)[0]!);
  const e = estimateScenario("scenario", sc, runs);
  const sorted = runs.spread.slice().sort();
  const at = (q: number) => e.mean_score + quantileOfSorted(sorted, q);
  const mean = meanOf(runs.spread);
  const scores = {
    mean: e.mean_score + mean.mean,
    mean_standard_error: mean.standard_error,
    p5: at(0.05),
    p50: at(0.5),
    p95: at(0.95),
  };
  const summary = `The scenario succeeds in ${withInterval(e)} of ${r.sims} simulated runs; the exact probability is ${pct(e.exact_probability)}.`;
  return {
    simulations_run: r.sims,
    result: { scenario: e, score_distribution: scores },
    decision: summaryOnly(summary),
    summary: [
      summary,
      `The score averages ${num(scores.mean)} (exact ${num(e.mean_score)}, sd ${num(e.score_sd)}); 90% of runs fall between ${num(scores.p5)} and ${num(scores.p95)}, against a threshold of ${num(sc.threshold)}.`,
    ],
    metrics: [
      metric("Success probability", e.probability, undefined, "probability"),
      metric("95% interval low", e.interval.low, undefined, "probability"),
      metric("95% interval high", e.interval.high, undefined, "probability"),
      metric("Exact probability", e.exact_probability, undefined, "probability"),
      metric("Monte Carlo standard error", e.standard_error, undefined, "probability"),
      metric("Mean score", scores.mean, undefined, "number"),
    ],
    estimates: [e],
    scenarios: [{ label: "scenario", scenario: sc }],
    assumptions: {},
    tables: {
      score_distribution: tableFromRecords([
        { statistic: "Mean", simulated: scores.mean, exact: e.mean_score },
        {
          statistic: "5th percentile",
          simulated: scores.p5,
          exact: e.mean_score - Z_90 * e.score_sd,
        },
        { statistic: "Median", simulated: scores.p50, exact: e.mean_score },
        {
          statistic: "95th percentile",
          simulated: scores.p95,
          exact: e.mean_score + Z_90 * e.score_sd,
        },
        { statistic: "Standard deviation", simulated: null, exact: e.score_sd },
      ]),
    },
    charts: [],
  };
}
