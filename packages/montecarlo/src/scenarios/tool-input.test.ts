import { describe, expect, it } from "vitest";
import { InputError, type InputIssue } from "../inputs/input-error.js";
import { ANALYSIS_TYPES, type AnalysisType } from "./request-schemas.js";
import { bodyOf, REQUESTS, SCENARIO } from "./test-support/bodies.js";
import {
  parseMonteCarloDecisionInput,
  parseMonteCarloReportInput,
  parseScenarioRequest,
} from "./tool-input.js";

function refused(run: () => unknown): InputIssue[] {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return [...(error as InputError).issues];
  }
  throw new Error("expected the input to be refused");
}
const issues = (body: unknown) => refused(() => parseMonteCarloReportInput(body));
const paths = (body: unknown) => issues(body).map((i) => i.path);
const withRequest = (type: AnalysisType, request: Record<string, unknown>) => ({
  analysis_type: type,
  request: { ...REQUESTS[type], ...request },
});
const withScenario = (scenario: Record<string, unknown>) =>
  withRequest("probability", { scenario: { ...SCENARIO, ...scenario } });

describe("tool bodies: accepted", () => {
  it.each(ANALYSIS_TYPES)("%s, with its defaults filled", (type) => {
    const parsed = parseMonteCarloReportInput({ analysis_type: type, request: REQUESTS[type] });
    expect(parsed.analysis_type).toBe(type);
    expect(parsed.output_format).toBe("json");
    expect(parsed.request.sims).toBe(2000);
    expect(parsed.request.seed).toBeUndefined();
  });

  it("fills every default", () => {
    const { scenario } = REQUESTS.sensitivity;
    expect(parseScenarioRequest("probability", { scenario }).sims).toBe(10_000);
    expect(parseScenarioRequest("sensitivity", { scenario, parameter: "cost" })).toMatchObject({
      delta: 0.1,
      mode: "relative",
    });
    expect(parseScenarioRequest("forecast", { scenario })).toMatchObject({
      periods: 6,
      drift: {},
      uncertainty_growth: 0.02,
      growth_mode: "additive",
    });
    expect(
      parseScenarioRequest("optimize", { scenario, bounds: { cost: { min: 0, max: 1 } } }),
    ).toMatchObject({ iterations: 100, objective: "outcome_probability" });
  });

  it("keeps title, summary_focus, output_format and the seed; the decision tool has no format", () => {
    const body = bodyOf("probability", { title: "t".repeat(200), summary_focus: "f".repeat(500) });
    const parsed = parseMonteCarloReportInput({ ...body, output_format: "pdf" });
    expect([parsed.title?.length, parsed.summary_focus?.length, parsed.output_format]).toEqual([
      200,
      500,
      "pdf",
    ]);
    expect(
      parseMonteCarloDecisionInput(withRequest("probability", { seed: 2 ** 53 - 1 })).request.seed,
    ).toBe(2 ** 53 - 1);
  });

  it("accepts the bounds of the ranges", () => {
    for (const sims of [100, 100_000])
      expect(() => parseMonteCarloReportInput(withRequest("probability", { sims }))).not.toThrow();
    const fifty = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`p${i}`, i]));
    expect(() =>
      parseMonteCarloReportInput(withScenario({ parameters: fifty, weights: {}, uncertainty: {} })),
    ).not.toThrow();
    expect(() =>
      parseMonteCarloReportInput(
        withScenario({ parameters: { ["n".repeat(64)]: 1 }, weights: {}, uncertainty: {} }),
      ),
    ).not.toThrow();
    expect(() =>
      parseMonteCarloReportInput(withRequest("optimize", { bounds: { cost: { min: 1, max: 1 } } })),
    ).not.toThrow();
  });
});

describe("tool bodies: refused, with the path of each issue", () => {
  it("names every unexpected member, at every level", () => {
    expect(issues(withScenario({ wights: { reach: 1 } }))).toEqual([
      { path: "request.scenario.wights", message: "unexpected member wights" },
    ]);
    expect(issues({ ...bodyOf("probability"), extra: 1, more: 2 })).toEqual([
      { path: "extra", message: "unexpected member extra" },
      { path: "more", message: "unexpected member more" },
    ]);
    expect(paths(withRequest("probability", { iterations: 5 }))).toEqual(["request.iterations"]);
    expect(
      paths(withRequest("optimize", { bounds: { cost: { min: 0, max: 1, step: 1 } } })),
    ).toEqual(["request.bounds.cost.step"]);
    expect(
      paths(
        withRequest("composed", {
          components: [{ label: "a", weight: 1, scenario: SCENARIO, w: 1 }],
        }),
      ),
    ).toEqual(["request.components[0].w"]);
    expect(
      paths(withRequest("batch-probability", { scenarios: [{ label: "a", ...SCENARIO, x: 1 }] })),
    ).toEqual(["request.scenarios[0].x"]);
    const decision = () =>
      parseMonteCarloDecisionInput({ ...bodyOf("probability"), output_format: "pdf" });
    expect(refused(decision).map((i) => i.path)).toEqual(["output_format"]);
  });

  it.each([
    [{ threshold: Number.NaN }, "request.scenario.threshold"],
    [{ threshold: Number.POSITIVE_INFINITY }, "request.scenario.threshold"],
    [{ threshold: "8" }, "request.scenario.threshold"],
    [{ threshold: undefined }, "request.scenario.threshold"],
    [
      { parameters: { reach: Number.NaN, quality: 1, cost: 1 } },
      "request.scenario.parameters.reach",
    ],
    [{ bias: Number.NEGATIVE_INFINITY }, "request.scenario.bias"],
    [{ outcome_noise: -1 }, "request.scenario.outcome_noise"],
    [{ uncertainty: { reach: -0.1 } }, "request.scenario.uncertainty.reach"],
    [{ weights: { reach: Number.NaN } }, "request.scenario.weights.reach"],
    [{ weights: { rech: 1 } }, "request.scenario.weights.rech"],
    [{ uncertainty: { qualty: 1 } }, "request.scenario.uncertainty.qualty"],
    [{ parameters: {}, weights: {}, uncertainty: {} }, "request.scenario.parameters"],
    [{ parameters: { "": 1 }, weights: {}, uncertainty: {} }, "request.scenario.parameters."],
    [{ parameters: [1, 2] }, "request.scenario.parameters"],
    [{ parameters: { reach: 1e308, quality: 1e308, cost: 0 } }, "request.scenario"],
  ])("scenario %j at %s", (scenario, path) => {
    expect(paths(withScenario(scenario))).toEqual([path]);
  });

  it("more than 50 parameters, or a name longer than 64 characters", () => {
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`p${i}`, i]));
    expect(paths(withScenario({ parameters: many, weights: {}, uncertainty: {} }))).toEqual([
      "request.scenario.parameters",
    ]);
    const long = "n".repeat(65);
    expect(
      issues(withScenario({ parameters: { [long]: 1 }, weights: {}, uncertainty: {} })),
    ).toEqual([
      {
        path: `request.scenario.parameters.${long}`,
        message: "parameter names must be 1 to 64 characters",
      },
    ]);
  });

  it.each([
    ["probability", { sims: 99 }, "request.sims"],
    ["probability", { sims: 100_001 }, "request.sims"],
    ["probability", { sims: 1000.5 }, "request.sims"],
    ["probability", { seed: -1 }, "request.seed"],
    ["probability", { seed: 2 ** 53 }, "request.seed"],
    ["probability", { seed: Number.NaN }, "request.seed"],
    ["probability", { scenario: undefined }, "request.scenario"],
    ["batch-probability", { scenarios: [] }, "request.scenarios"],
    [
      "batch-probability",
      { scenarios: Array.from({ length: 51 }, (_, i) => ({ label: `s${i}`, ...SCENARIO })) },
      "request.scenarios",
    ],
    ["batch-probability", { scenarios: [{ ...SCENARIO }] }, "request.scenarios[0].label"],
    [
      "batch-probability",
      { scenarios: [{ label: "", ...SCENARIO }] },
      "request.scenarios[0].label",
    ],
    [
      "batch-probability",
      {
        scenarios: [
          { label: "a", ...SCENARIO },
          { label: "a", ...SCENARIO },
        ],
      },
      "request.scenarios[1].label",
    ],
    [
      "batch-probability",
      { scenarios: [{ label: "a", ...SCENARIO, weights: { zz: 1 } }] },
      "request.scenarios[0].weights.zz",
    ],
    ["compare", { candidate: undefined }, "request.candidate"],
    [
      "compare",
      { baseline: { ...SCENARIO, uncertainty: { x: 1 } } },
      "request.baseline.uncertainty.x",
    ],
    ["sensitivity", { parameter: "speed" }, "request.parameter"],
    ["sensitivity", { parameter: undefined }, "request.parameter"],
    ["sensitivity", { delta: 0 }, "request.delta"],
    ["sensitivity", { delta: Number.NaN }, "request.delta"],
    ["sensitivity", { mode: "percent" }, "request.mode"],
    ["forecast", { periods: 0 }, "request.periods"],
    ["forecast", { periods: 61 }, "request.periods"],
    ["forecast", { drift: { speed: 1 } }, "request.drift.speed"],
    ["forecast", { drift: { reach: Number.POSITIVE_INFINITY } }, "request.drift.reach"],
    ["forecast", { uncertainty_growth: -0.01 }, "request.uncertainty_growth"],
    ["forecast", { growth_mode: "exponential" }, "request.growth_mode"],
    ["forecast", { growth_mode: "multiplicative", drift: { reach: -1 } }, "request.drift.reach"],
    ["composed", { components: [] }, "request.components"],
    [
      "composed",
      {
        components: Array.from({ length: 21 }, (_, i) => ({
          label: `c${i}`,
          weight: 1,
          scenario: SCENARIO,
        })),
      },
      "request.components",
    ],
    [
      "composed",
      { components: [{ label: "a", weight: 0, scenario: SCENARIO }] },
      "request.components[0].weight",
    ],
    [
      "composed",
      { components: [{ label: "a", weight: 1, scenario: { ...SCENARIO, threshold: Number.NaN } }] },
      "request.components[0].scenario.threshold",
    ],
    [
      "composed",
      {
        components: [
          { label: "a", weight: 1, scenario: SCENARIO },
          { label: "a", weight: 1, scenario: SCENARIO },
        ],
      },
      "request.components[1].label",
    ],
    ["optimize", { bounds: { reach: { min: 5, max: 4 } } }, "request.bounds.reach"],
    ["optimize", { bounds: { speed: { min: 0, max: 1 } } }, "request.bounds.speed"],
    ["optimize", { bounds: { reach: { min: -1e308, max: 1e308 } } }, "request.bounds.reach"],
    ["optimize", { bounds: { reach: { min: Number.NaN, max: 1 } } }, "request.bounds.reach.min"],
    ["optimize", { bounds: { reach: { min: 0 } } }, "request.bounds.reach.max"],
    ["optimize", { bounds: {} }, "request.bounds"],
    ["optimize", { iterations: 9 }, "request.iterations"],
    ["optimize", { iterations: 1001 }, "request.iterations"],
    ["optimize", { objective: "expected_score" }, "request.objective"],
  ] as [AnalysisType, Record<string, unknown>, string][])("%s %j at %s", (type, request, path) => {
    expect(paths(withRequest(type, request))).toEqual([path]);
  });

  it("refuses a bad body, analysis type, title, summary focus or output format", () => {
    expect(paths(null)).toEqual([""]);
    expect(paths([bodyOf("probability")])).toEqual([""]);
    expect(paths({ request: REQUESTS.probability })).toEqual(["analysis_type"]);
    expect(paths({ ...bodyOf("probability"), analysis_type: "simulate" })).toEqual([
      "analysis_type",
    ]);
    expect(paths({ analysis_type: "probability" })).toEqual(["request"]);
    expect(issues({ analysis_type: "probability", request: [] })).toEqual([
      { path: "request", message: "request must be an object" },
    ]);
    expect(paths(withScenario({ weights: [1] }))).toEqual(["request.scenario.weights"]);
    expect(paths(bodyOf("probability", { title: "t".repeat(201) }))).toEqual(["title"]);
    expect(paths(bodyOf("probability", { summary_focus: "f".repeat(501) }))).toEqual([
      "summary_focus",
    ]);
    expect(paths(bodyOf("probability", { output_format: "xlsx" }))).toEqual(["output_format"]);
  });

  it("reports the message of a cross-field rule", () => {
    expect(issues(withRequest("sensitivity", { parameter: "speed" }))).toEqual([
      { path: "request.parameter", message: "speed is not one of scenario.parameters" },
    ]);
    expect(issues(withRequest("optimize", { bounds: { reach: { min: 5, max: 4 } } }))).toEqual([
      { path: "request.bounds.reach", message: "min (5) must be ≤ max (4)" },
    ]);
  });
});

describe("parseScenarioRequest", () => {
  it("validates a request alone, with the paths of the tool body", () => {
    expect(
      refused(() => parseScenarioRequest("probability", { scenario: { ...SCENARIO, wights: {} } })),
    ).toEqual([{ path: "request.scenario.wights", message: "unexpected member wights" }]);
    expect(refused(() => parseScenarioRequest("probability", null)).map((i) => i.path)).toEqual([
      "request",
    ]);
    expect(
      refused(() =>
        parseScenarioRequest("sensitivity", { scenario: SCENARIO, parameter: "x" }),
      ).map((i) => i.path),
    ).toEqual(["request.parameter"]);
    expect(
      refused(() => parseScenarioRequest("nope" as AnalysisType, {})).map((i) => i.path),
    ).toEqual(["analysis_type"]);
  });
});
