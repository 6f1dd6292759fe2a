import { chartOfTable, metric, tableFromRecords } from "@svc/report-model";
import { type AnalysisParts, num, pct, summaryOnly, withInterval } from "./analysis.js";
import { estimateScenario } from "./estimate.js";
import {
  type CompiledScenario,
  compileScenario,
  exactProbability,
  meanScore,
  outcomeSd,
} from "./model.js";
import type { ScenarioRequest } from "./request-schemas.js";
import { probabilityAt, type Runs, simulateRuns, streams } from "./runs.js";

type Request = ScenarioRequest<"sensitivity">;

/** The low and high values of a parameter: value·(1 ∓ delta) or value ∓ delta. */
const range = (value: number, r: Request): [number, number] =>
  r.mode === "relative"
    ? [value * (1 - r.delta), value * (1 + r.delta)]
    : [value - r.delta, value + r.delta];

/** The success probability with parameter i set to x, on the shared runs, and exactly. */
function at(sc: CompiledScenario, runs: Runs, i: number, x: number) {
  const mean = meanScore(sc) + sc.weights[i]! * (x - sc.values[i]!);
  return {
    value: x,
    ...probabilityAt(runs, mean, sc.threshold),
    exact_probability: exactProbability(mean, outcomeSd(sc), sc.threshold),
  };
}

/**
 * sensitivity: the success probability with one parameter at −delta, base and +delta, its slope,
 * and a tornado of every parameter. All variants share the same runs (common random numbers:
 * only the mean moves), so the differences are not simulation noise.
 */
export function sensitivityAnalysis(r: Request, seed: number): AnalysisParts {
  const sc = compileScenario(r.scenario);
  const runs = simulateRuns(sc, r.sims, streams(seed, 1)[0]!);
  const base = estimateScenario("scenario", sc, runs);
  const tornado = sc.names
    .map((parameter, i) => {
      const [lo, hi] = range(sc.values[i]!, r).map((x) => at(sc, runs, i, x)) as [
        ReturnType<typeof at>,
        ReturnType<typeof at>,
      ];
      return { parameter, index: i, low: lo, high: hi, swing: hi.probability - lo.probability };
    })
    .sort((a, b) => Math.abs(b.swing) - Math.abs(a.swing));
  const target = tornado.find((t) => t.parameter === r.parameter)!;
  const { low, high } = target;
  const run = high.value - low.value;
  const slope = run === 0 ? null : (high.probability - low.probability) / run;
  const exactSlope = run === 0 ? null : (high.exact_probability - low.exact_probability) / run;
  const change = r.mode === "relative" ? `${pct(r.delta)}` : num(r.delta);
  const summary = `Moving ${r.parameter} down or up by ${change} takes the success probability from ${withInterval(base)} to ${pct(low.probability)} and ${pct(high.probability)}${slope === null ? " (its value is 0, so a relative change does nothing)" : `, a slope of ${num(slope)} per unit`}.`;
  const points = [
    { point: "-delta", ...low },
    { point: "base", value: sc.values[target.index]!, ...base },
    { point: "+delta", ...high },
  ];
  const strongest = tornado[0]!;
  return {
    simulations_run: r.sims,
    result: {
      parameter: r.parameter,
      mode: r.mode,
      delta: r.delta,
      points: points.map((p) => ({
        point: p.point,
        value: p.value,
        probability: p.probability,
        standard_error: p.standard_error,
        interval: p.interval,
        exact_probability: p.exact_probability,
      })),
      slope,
      exact_slope: exactSlope,
      tornado: tornado.map(({ index: _, ...t }) => t),
    },
    decision: summaryOnly(summary),
    summary: [
      summary,
      `Of all parameters, ${strongest.parameter} moves the success probability most (${pct(strongest.low.probability)} to ${pct(strongest.high.probability)}).`,
    ],
    metrics: [
      metric("Base success probability", base.probability, undefined, "probability"),
      metric(`Probability at ${r.parameter} −delta`, low.probability, undefined, "probability"),
      metric(`Probability at ${r.parameter} +delta`, high.probability, undefined, "probability"),
      metric("Slope (probability per unit)", slope, undefined, "number"),
      metric("Most influential parameter", strongest.parameter, undefined, "text"),
    ],
    estimates: [base],
    scenarios: [{ label: "scenario", scenario: sc }],
    assumptions: {
      variation: r.mode === "relative" ? `value × (1 ∓ ${r.delta})` : `value ∓ ${r.delta}`,
      common_random_numbers: "every variant is evaluated on the same runs (only the mean moves)",
      slope: "(P(+delta) − P(−delta)) / (value(+delta) − value(−delta))",
    },
    tables: {
      sensitivity: tableFromRecords(
        points.map((p) => ({
          point: p.point,
          value: p.value,
          success_probability: p.probability,
          ci_low: p.interval.low,
          ci_high: p.interval.high,
          exact_probability: p.exact_probability,
        })),
      ),
      tornado: tableFromRecords(
        tornado.map((t) => ({
          parameter: t.parameter,
          low_value: t.low.value,
          high_value: t.high.value,
          probability_low: t.low.probability,
          probability_high: t.high.probability,
          swing: t.swing,
          exact_low: t.low.exact_probability,
          exact_high: t.high.exact_probability,
        })),
      ),
    },
    charts: [
      chartOfTable("line", `Success probability against ${r.parameter}`, "sensitivity", "value", [
        "success_probability",
        "exact_probability",
      ]),
      chartOfTable("bar", "Tornado: probability at −delta and +delta", "tornado", "parameter", [
        "probability_low",
        "probability_high",
      ]),
    ],
  };
}
