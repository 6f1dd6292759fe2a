import { chartOfTable, metric, tableFromRecords } from "@svc/report-model";
import { type AnalysisParts, pct, summaryOnly, withInterval } from "./analysis.js";
import { estimateScenario } from "./estimate.js";
import { compileScenario, exactProbability, meanScore, scoreSd } from "./model.js";
import { pointsOf } from "./points.js";
import type { ScenarioRequest } from "./request-schemas.js";
import { simulateRuns, streams } from "./runs.js";
import { proportion } from "./stats.js";

type Request = ScenarioRequest<"forecast">;

/** Parameter value after t periods of drift d. */
const drifted = (value: number, d: number, t: number, r: Request) =>
  r.growth_mode === "additive" ? value + d * t : value * (1 + d) ** t;

/** Factor of every parameter sd after t periods. */
const sdFactor = (t: number, r: Request) =>
  r.growth_mode === "additive" ? 1 + r.uncertainty_growth * t : (1 + r.uncertainty_growth) ** t;

/**
 * forecast: the success probability at periods 0 (the scenario as given) to `periods`. In period
 * t each parameter is drifted and every parameter sd scaled by the growth factor (outcome noise
 * does not grow). All periods share the same runs, the spread scaled by the factor (common
 * random numbers: the curve is smooth and its changes are not simulation noise).
 */
export function forecastAnalysis(r: Request, seed: number): AnalysisParts {
  const sc = compileScenario(r.scenario);
  const runs = simulateRuns(sc, r.sims, streams(seed, 1)[0]!);
  const drift = Float64Array.from(sc.names, (n) => r.drift[n] ?? 0);
  const values = new Float64Array(sc.values.length);
  let spreadMean = 0;
  for (let s = 0; s < r.sims; s++) spreadMean += runs.spread[s]! / r.sims;

  const periods = Array.from({ length: r.periods + 1 }, (_, t) => {
    for (let i = 0; i < values.length; i++) values[i] = drifted(sc.values[i]!, drift[i]!, t, r);
    const k = sdFactor(t, r);
    const mean = meanScore(sc, values);
    const cut = sc.threshold - mean;
    let hits = 0;
    for (let s = 0; s < r.sims; s++) if (k * runs.spread[s]! + runs.noise[s]! >= cut) hits++;
    const score_sd = scoreSd(sc, k);
    return {
      period: t,
      values: Object.fromEntries(sc.names.map((n, i) => [n, values[i]!])),
      mean_score: mean,
      simulated_mean_score: mean + k * spreadMean,
      score_sd,
      ...proportion(hits, r.sims),
      exact_probability: exactProbability(mean, Math.hypot(score_sd, sc.noise), sc.threshold),
    };
  });
  const first = periods[0]!;
  const last = periods[r.periods]!;
  const summary = `Over ${r.periods} periods the success probability moves from ${withInterval(first)} to ${withInterval(last)} (exact ${pct(first.exact_probability)} to ${pct(last.exact_probability)}).`;
  return {
    simulations_run: r.sims,
    result: { growth_mode: r.growth_mode, uncertainty_growth: r.uncertainty_growth, periods },
    decision: summaryOnly(summary),
    summary: [summary],
    metrics: [
      metric("Success probability now", first.probability, undefined, "probability"),
      metric(
        `Success probability at period ${r.periods}`,
        last.probability,
        undefined,
        "probability",
      ),
      metric("Change", pointsOf(last.probability - first.probability), "pp", "number"),
      metric(
        `Exact probability at period ${r.periods}`,
        last.exact_probability,
        undefined,
        "probability",
      ),
    ],
    estimates: [estimateScenario("period 0", sc, runs)],
    scenarios: [{ label: "period 0", scenario: sc }],
    assumptions: {
      periods: r.periods,
      growth_mode: r.growth_mode,
      drift:
        r.growth_mode === "additive"
          ? "value + drift·t"
          : "value·(1 + drift)^t (drift a rate per period, > −1)",
      uncertainty_growth:
        r.growth_mode === "additive"
          ? `sd·(1 + ${r.uncertainty_growth}·t) for every parameter sd; outcome noise constant`
          : `sd·(1 + ${r.uncertainty_growth})^t for every parameter sd; outcome noise constant`,
      common_random_numbers: "every period is evaluated on the same runs, the spread scaled",
    },
    tables: {
      forecast: tableFromRecords(
        periods.map((p) => ({
          period: p.period,
          mean_score: p.mean_score,
          score_sd: p.score_sd,
          success_probability: p.probability,
          ci_low: p.interval.low,
          ci_high: p.interval.high,
          exact_probability: p.exact_probability,
        })),
      ),
    },
    charts: [
      chartOfTable("line", "Success probability by period", "forecast", "period", [
        "success_probability",
        "exact_probability",
      ]),
    ],
    workbook: {
      parameter_paths: periods.flatMap((p) =>
        Object.entries(p.values).map(([parameter, value]) => ({
          period: p.period,
          parameter,
          value,
        })),
      ),
    },
  };
}
