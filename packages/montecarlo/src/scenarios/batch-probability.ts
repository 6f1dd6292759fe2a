import { chartOfTable, metric, tableFromRecords } from "@svc/report-model";
import { type AnalysisParts, pct, withInterval } from "./analysis.js";
import { estimateScenario } from "./estimate.js";
import { compileScenario } from "./model.js";
import { pointsOf } from "./points.js";
import type { ScenarioRequest } from "./request-schemas.js";
import { simulateRuns, streams } from "./runs.js";

/** batch-probability: every scenario on its own stream, ranked by success probability. */
export function batchProbabilityAnalysis(
  r: ScenarioRequest<"batch-probability">,
  seed: number,
): AnalysisParts {
  const rngs = streams(seed, r.scenarios.length);
  const scenarios = r.scenarios.map((s) => ({ label: s.label, scenario: compileScenario(s) }));
  const estimates = scenarios.map(({ label, scenario }, i) =>
    estimateScenario(label, scenario, simulateRuns(scenario, r.sims, rngs[i]!)),
  );
  // Descending probability; Array.prototype.sort is stable, so ties keep the request order.
  const ranking = [...estimates]
    .sort((a, b) => b.probability - a.probability)
    .map((e, i) => ({ rank: i + 1, ...e }));
  const top = ranking[0]!;
  const second = ranking[1];
  const uplift = second === undefined ? null : top.probability - second.probability;
  const summary =
    second === undefined
      ? `${top.label} succeeds in ${withInterval(top)} of runs.`
      : `${top.label} ranks first of ${ranking.length} scenarios at ${withInterval(top)}, ${pct(uplift!)} ahead of ${second.label}.`;
  const rows = ranking.map((e) => ({
    rank: e.rank,
    scenario: e.label,
    success_probability: e.probability,
    ci_low: e.interval.low,
    ci_high: e.interval.high,
    standard_error: e.standard_error,
    exact_probability: e.exact_probability,
  }));
  return {
    simulations_run: r.sims * r.scenarios.length,
    result: { ranking },
    decision: {
      preferred_option: top.label,
      outperformance_probability: null,
      expected_gap: null,
      uplift,
      summary,
    },
    summary: [
      summary,
      "Each scenario is simulated on its own independent stream; intervals that overlap mean the order of those scenarios is not settled by the simulation.",
    ],
    metrics: [
      metric("Scenarios", ranking.length, undefined, "count"),
      metric("Best scenario", top.label, undefined, "text"),
      metric("Best success probability", top.probability, undefined, "probability"),
      metric("Best exact probability", top.exact_probability, undefined, "probability"),
      ...(uplift === null
        ? []
        : [metric("Lead over the runner-up", pointsOf(uplift), "pp", "number")]),
    ],
    estimates,
    scenarios,
    assumptions: { streams: "one independent stream per scenario (jump by 2^64)" },
    tables: { ranking: tableFromRecords(rows) },
    charts: [
      chartOfTable(
        "bar",
        "Success probability by scenario",
        "ranking",
        "scenario",
        "success_probability",
      ),
    ],
  };
}
