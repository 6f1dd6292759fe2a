import { chartOfTable, metric, tableFromRecords } from "@svc/report-model";
import { type AnalysisParts, pct, summaryOnly, withInterval } from "./analysis.js";
import { estimateScenario } from "./estimate.js";
import { compileScenario, meanScore } from "./model.js";
import type { ScenarioRequest } from "./request-schemas.js";
import { simulateRuns, streams } from "./runs.js";
import { proportion, Z_95 } from "./stats.js";
import { weightedMajorityProbability } from "./weighted-majority.js";

/**
 * composed: independent components (one stream each). The composite success probability is
 * Σ weight·P_i / Σ weight; the weighted majority succeeds in a run when the weights of the
 * components that succeed in it add up to at least half the total.
 */
export function composedAnalysis(r: ScenarioRequest<"composed">, seed: number): AnalysisParts {
  const rngs = streams(seed, r.components.length);
  const weights = Float64Array.from(r.components, (c) => c.weight);
  const total = weights.reduce((a, w) => a + w, 0);
  const successWeight = new Float64Array(r.sims);
  const scenarios = r.components.map((c) => ({
    label: c.label,
    scenario: compileScenario(c.scenario),
  }));
  const estimates = scenarios.map(({ label, scenario: sc }, i) => {
    const runs = simulateRuns(sc, r.sims, rngs[i]!);
    const cut = sc.threshold - meanScore(sc);
    for (let s = 0; s < r.sims; s++) {
      if (runs.spread[s]! + runs.noise[s]! >= cut)
        successWeight[s] = successWeight[s]! + weights[i]!;
    }
    return estimateScenario(label, sc, runs);
  });
  let majorityRuns = 0;
  for (let s = 0; s < r.sims; s++) if (successWeight[s]! >= total / 2) majorityRuns++;
  const majority = proportion(majorityRuns, r.sims);
  const exactMajority = weightedMajorityProbability(
    weights,
    Float64Array.from(estimates, (e) => e.exact_probability),
  );

  const share = (i: number) => weights[i]! / total;
  const composite = estimates.reduce((a, e, i) => a + share(i) * e.probability, 0);
  // Independent components: Var = Σ share²·SE_i²; a normal interval, clipped to [0, 1].
  const compositeSe = Math.sqrt(
    estimates.reduce((a, e, i) => a + (share(i) * e.standard_error) ** 2, 0),
  );
  const compositeInterval = {
    low: Math.max(0, composite - Z_95 * compositeSe),
    high: Math.min(1, composite + Z_95 * compositeSe),
  };
  const exactComposite = estimates.reduce((a, e, i) => a + share(i) * e.exact_probability, 0);
  const summary = `The weighted composite success probability is ${withInterval({ probability: composite, interval: compositeInterval })}; the weighted majority of the ${estimates.length} components succeeds in ${withInterval(majority)} of runs (exact ${pct(exactMajority)}).`;
  return {
    simulations_run: r.sims * r.components.length,
    result: {
      components: estimates.map((e, i) => ({ ...e, weight: weights[i]!, share: share(i) })),
      composite: {
        probability: composite,
        standard_error: compositeSe,
        interval: compositeInterval,
        exact: exactComposite,
      },
      weighted_majority: { ...majority, exact: exactMajority },
    },
    decision: summaryOnly(summary),
    summary: [summary, "Components are independent: each is simulated on its own stream."],
    metrics: [
      metric("Composite success probability", composite, undefined, "probability"),
      metric("Composite exact probability", exactComposite, undefined, "probability"),
      metric(
        "Weighted-majority success probability",
        majority.probability,
        undefined,
        "probability",
      ),
      metric("Weighted-majority exact probability", exactMajority, undefined, "probability"),
      metric("Components", estimates.length, undefined, "count"),
    ],
    estimates,
    scenarios,
    assumptions: {
      streams: "one independent stream per component (jump by 2^64)",
      composite: "Σ weight·P_i / Σ weight, normal 95% interval from the component standard errors",
      weighted_majority: "a run succeeds when Σ weight·success_i ≥ Σ weight / 2 (Wilson interval)",
    },
    tables: {
      components: tableFromRecords(
        estimates.map((e, i) => ({
          component: e.label,
          weight: weights[i]!,
          share: share(i),
          success_probability: e.probability,
          ci_low: e.interval.low,
          ci_high: e.interval.high,
          exact_probability: e.exact_probability,
        })),
      ),
    },
    charts: [
      chartOfTable(
        "bar",
        "Success probability by component",
        "components",
        "component",
        "success_probability",
      ),
    ],
  };
}
