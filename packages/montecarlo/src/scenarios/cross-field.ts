import type { InputIssue } from "../inputs/input-error.js";
import { compileScenario, meanScore, outcomeSd } from "./model.js";
import type { AnalysisType, ScenarioRequest } from "./request-schemas.js";
import type { Scenario } from "./scenario-schema.js";

/** Names of `map` that are not parameters of the scenario, as issues at `path.name`. */
function unknownNames(
  map: Record<string, unknown> | undefined,
  parameters: Record<string, number>,
  path: string,
  what: string,
): InputIssue[] {
  return Object.keys(map ?? {})
    .filter((name) => !Object.hasOwn(parameters, name))
    .map((name) => ({ path: `${path}.${name}`, message: `${name} is not one of ${what}` }));
}

/** Weights and uncertainty must name parameters; the score must not overflow. */
function scenarioIssues(s: Scenario, path: string): InputIssue[] {
  const issues = [
    ...unknownNames(s.weights, s.parameters, `${path}.weights`, "parameters"),
    ...unknownNames(s.uncertainty, s.parameters, `${path}.uncertainty`, "parameters"),
  ];
  const sc = compileScenario(s);
  if (issues.length === 0 && !(Number.isFinite(meanScore(sc)) && Number.isFinite(outcomeSd(sc)))) {
    issues.push({ path, message: "the score overflows: its mean and sd must be finite numbers" });
  }
  return issues;
}

/** Each label once, reported at its second occurrence. */
function duplicateLabels(labels: readonly string[], path: string): InputIssue[] {
  const first = new Map<string, number>();
  const issues: InputIssue[] = [];
  labels.forEach((label, i) => {
    const j = first.get(label);
    if (j === undefined) first.set(label, i);
    else
      issues.push({
        path: `${path}[${i}].label`,
        message: `duplicate label ${label} (also ${path}[${j}])`,
      });
  });
  return issues;
}

type Checks = { [T in AnalysisType]: (r: ScenarioRequest<T>) => InputIssue[] };

const P = "request";

const CHECKS: Checks = {
  probability: (r) => scenarioIssues(r.scenario, `${P}.scenario`),
  "batch-probability": (r) => [
    ...r.scenarios.flatMap((s, i) => scenarioIssues(s, `${P}.scenarios[${i}]`)),
    ...duplicateLabels(
      r.scenarios.map((s) => s.label),
      `${P}.scenarios`,
    ),
  ],
  compare: (r) => [
    ...scenarioIssues(r.baseline, `${P}.baseline`),
    ...scenarioIssues(r.candidate, `${P}.candidate`),
  ],
  sensitivity: (r) => [
    ...scenarioIssues(r.scenario, `${P}.scenario`),
    ...(Object.hasOwn(r.scenario.parameters, r.parameter)
      ? []
      : [{ path: `${P}.parameter`, message: `${r.parameter} is not one of scenario.parameters` }]),
  ],
  forecast: (r) => [
    ...scenarioIssues(r.scenario, `${P}.scenario`),
    ...unknownNames(r.drift, r.scenario.parameters, `${P}.drift`, "scenario.parameters"),
    ...Object.entries(r.drift)
      .filter(([, d]) => r.growth_mode === "multiplicative" && d <= -1)
      .map(([name]) => ({
        path: `${P}.drift.${name}`,
        message: "in multiplicative mode drift is a rate per period and must be > −1",
      })),
  ],
  composed: (r) => [
    ...r.components.flatMap((c, i) => scenarioIssues(c.scenario, `${P}.components[${i}].scenario`)),
    ...duplicateLabels(
      r.components.map((c) => c.label),
      `${P}.components`,
    ),
  ],
  optimize: (r) => [
    ...scenarioIssues(r.scenario, `${P}.scenario`),
    ...unknownNames(r.bounds, r.scenario.parameters, `${P}.bounds`, "scenario.parameters"),
    ...Object.entries(r.bounds)
      .filter(([, b]) => !(b.min <= b.max && Number.isFinite(b.max - b.min)))
      .map(([name, b]) => ({
        path: `${P}.bounds.${name}`,
        message:
          b.min <= b.max
            ? "max − min must be a finite number"
            : `min (${b.min}) must be ≤ max (${b.max})`,
      })),
  ],
};

/** The rules a request schema cannot express, with paths from the tool body (`request.…`). */
export function requestIssues<T extends AnalysisType>(
  type: T,
  request: ScenarioRequest<T>,
): InputIssue[] {
  return (CHECKS[type] as (r: ScenarioRequest<T>) => InputIssue[])(request);
}
