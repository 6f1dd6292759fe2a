import { chartOfTable, metric, tableFromRecords } from "@svc/report-model";
import { type AnalysisParts, num, pct, withInterval } from "./analysis.js";
import { estimateScenario } from "./estimate.js";
import { compileScenario } from "./model.js";
import { normalCdf } from "./normal-cdf.js";
import { pointsOf } from "./points.js";
import type { ScenarioRequest } from "./request-schemas.js";
import { simulateRuns, streams } from "./runs.js";
import { meanOf, proportion } from "./stats.js";

/**
 * compare: baseline and candidate on two independent streams, paired run by run. The score gap
 * of run s is (candidate score) − (baseline score), scores without the outcome noise; the
 * candidate outperforms when the gap is > 0.
 */
export function compareAnalysis(r: ScenarioRequest<"compare">, seed: number): AnalysisParts {
  const [rngBase, rngCand] = streams(seed, 2);
  const base = compileScenario(r.baseline);
  const cand = compileScenario(r.candidate);
  const baseRuns = simulateRuns(base, r.sims, rngBase!);
  const candRuns = simulateRuns(cand, r.sims, rngCand!);
  const b = estimateScenario("baseline", base, baseRuns);
  const c = estimateScenario("candidate", cand, candRuns);

  const exactGap = c.mean_score - b.mean_score;
  const gaps = new Float64Array(r.sims);
  let wins = 0;
  for (let s = 0; s < r.sims; s++) {
    const gap = exactGap + candRuns.spread[s]! - baseRuns.spread[s]!;
    gaps[s] = gap;
    if (gap > 0) wins++;
  }
  const outperformance = proportion(wins, r.sims);
  const gap = meanOf(gaps);
  const gapSd = Math.hypot(b.score_sd, c.score_sd);
  const exactOutperformance = gapSd === 0 ? (exactGap > 0 ? 1 : 0) : normalCdf(exactGap / gapSd);
  const uplift = c.probability - b.probability;
  const upliftSe = Math.hypot(b.standard_error, c.standard_error);
  const exactUplift = c.exact_probability - b.exact_probability;
  const preferred =
    uplift !== 0
      ? uplift > 0
        ? "candidate"
        : "baseline"
      : gap.mean > 0
        ? "candidate"
        : gap.mean < 0
          ? "baseline"
          : "tie";
  const settled = Math.abs(uplift) > 2 * upliftSe;
  const summary =
    preferred === "tie"
      ? "Baseline and candidate perform the same in the simulation."
      : `Prefer the ${preferred}: success ${withInterval(c)} for the candidate against ${withInterval(b)} for the baseline (uplift ${pct(uplift)} ± ${pct(upliftSe)}${settled ? "" : ", within two standard errors of 0"}).`;

  return {
    simulations_run: 2 * r.sims,
    result: {
      baseline: b,
      candidate: c,
      outperformance_probability: { ...outperformance, exact: exactOutperformance },
      expected_score_gap: { ...gap, exact: exactGap },
      probability_uplift: { uplift, standard_error: upliftSe, exact: exactUplift },
      preferred_option: preferred,
    },
    decision: {
      preferred_option: preferred,
      outperformance_probability: outperformance.probability,
      expected_gap: gap.mean,
      uplift,
      summary,
    },
    summary: [
      summary,
      `The candidate scores higher than the baseline in ${withInterval(outperformance)} of paired runs (exact ${pct(exactOutperformance)}); the expected score gap is ${num(gap.mean)} ± ${num(gap.standard_error)} (exact ${num(exactGap)}).`,
    ],
    metrics: [
      metric("Preferred option", preferred, undefined, "text"),
      metric("Outperformance probability", outperformance.probability, undefined, "probability"),
      metric("Expected score gap", gap.mean, undefined, "number"),
      metric("Probability uplift", pointsOf(uplift), "pp", "number"),
      metric("Baseline success probability", b.probability, undefined, "probability"),
      metric("Candidate success probability", c.probability, undefined, "probability"),
    ],
    estimates: [b, c],
    scenarios: [
      { label: "baseline", scenario: base },
      { label: "candidate", scenario: cand },
    ],
    assumptions: {
      streams:
        "independent streams for baseline and candidate (no common random numbers), paired by run index",
      outperformance: "P(candidate score > baseline score), scores without outcome noise",
    },
    tables: {
      comparison: tableFromRecords([
        {
          measure: "outperformance_probability",
          estimate: outperformance.probability,
          standard_error: outperformance.standard_error,
          exact: exactOutperformance,
        },
        {
          measure: "expected_score_gap",
          estimate: gap.mean,
          standard_error: gap.standard_error,
          exact: exactGap,
        },
        {
          measure: "probability_uplift",
          estimate: uplift,
          standard_error: upliftSe,
          exact: exactUplift,
        },
      ]),
    },
    charts: [
      chartOfTable("bar", "Comparison measures", "comparison", "measure", ["estimate", "exact"]),
    ],
  };
}
