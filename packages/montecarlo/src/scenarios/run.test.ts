import { parseReport } from "@svc/report-model";
import { describe, expect, it } from "vitest";
import { InputError } from "../inputs/input-error.js";
import { deriveSeed } from "../seed/derive-seed.js";
import { ANALYSIS_TYPES, type AnalysisType } from "./request-schemas.js";
import { runScenarioAnalysis } from "./run.js";
import { bodyOf, REQUESTS } from "./test-support/bodies.js";
import { parseMonteCarloReportInput } from "./tool-input.js";

const run = (body: unknown) => runScenarioAnalysis(parseMonteCarloReportInput(body));
const TYPE_TABLES: Record<AnalysisType, string> = {
  probability: "score_distribution",
  "batch-probability": "ranking",
  compare: "comparison",
  sensitivity: "tornado",
  forecast: "forecast",
  composed: "components",
  optimize: "top_candidates",
};

describe("runScenarioAnalysis: the report", () => {
  it.each(ANALYSIS_TYPES)("%s gives a shared report model that parseReport accepts", (type) => {
    const out = run(bodyOf(type, { summary_focus: "the downside" }));
    const report = parseReport(out.report, { accept: ["A"] });
    expect(report.variant).toBe("A");
    expect(report.degradations).toEqual([]);
    expect(out.report.report_meta).toMatchObject({
      report_type: "simulation",
      analysis_type: type,
      simulations_run: out.simulations_run,
      model_version: "scenario-1",
      seed: out.seed,
    });
    expect(report.tables.map((t) => t.key)).toEqual(
      expect.arrayContaining(["scenario_summary", "assumptions", TYPE_TABLES[type]]),
    );
    expect(report.workbook.map((t) => t.key)).toContain("parameters");
    expect(report.charts.length).toBeGreaterThan(0);
    expect(report.summary.at(-1)).toBe("Requested focus: the downside");
    expect(report.summary[0]).toBe(out.decision.summary);
    expect(report.metrics.length).toBeGreaterThan(2);
    expect(out.model_version).toBe("scenario-1");
    // Plain JSON: no typed arrays, undefined or non-finite numbers.
    expect(JSON.parse(JSON.stringify(out))).toEqual(out);
  });

  it("uses the title given, else one per type", () => {
    expect(run(bodyOf("compare")).report.report_meta.title).toBe("Scenario comparison");
    expect(run(bodyOf("compare", { title: "Q3 pricing" })).report.report_meta.title).toBe(
      "Q3 pricing",
    );
  });

  it("fills the decision members that apply, null the others", () => {
    const decisions = Object.fromEntries(ANALYSIS_TYPES.map((t) => [t, run(bodyOf(t)).decision]));
    expect(decisions.probability).toMatchObject({ preferred_option: null, uplift: null });
    expect(decisions.compare).toMatchObject({ preferred_option: "candidate" });
    expect(decisions.compare?.outperformance_probability).toBeGreaterThan(0.5);
    expect(decisions["batch-probability"]?.preferred_option).toBe("C");
    expect(decisions.optimize?.preferred_option).toBe("optimized");
    for (const d of Object.values(decisions)) expect(d.summary.length).toBeGreaterThan(20);
  });
});

describe("runScenarioAnalysis: reproducibility", () => {
  it.each(ANALYSIS_TYPES)("%s: the same body gives the same output", (type) => {
    expect(run(bodyOf(type))).toEqual(run(bodyOf(type)));
  });

  it("derives the seed from the analysis type and the request with its defaults filled", () => {
    const out = run(bodyOf("probability"));
    const { seed, ...request } = parseMonteCarloReportInput(bodyOf("probability")).request;
    expect(seed).toBeUndefined();
    expect(out.seed).toBe(deriveSeed({ analysis_type: "probability", request }));
    // Key order, an explicit default and the title do not matter; the request does.
    const { scenario, sims } = REQUESTS.probability as { scenario: object; sims: number };
    const reordered = { analysis_type: "probability", request: { sims, scenario }, title: "x" };
    expect(run(reordered).seed).toBe(out.seed);
    const explicit = {
      analysis_type: "probability",
      request: { ...REQUESTS.probability, sims: 2000 },
    };
    expect(run(explicit).seed).toBe(out.seed);
    expect(run({ ...bodyOf("probability"), request: { scenario, sims: 2001 } }).seed).not.toBe(
      out.seed,
    );
    expect(out.report.tables?.assumptions?.rows).toContainEqual({
      assumption: "Seed source",
      value: "derived from the canonical JSON of the request (FNV-1a)",
    });
  });

  it.each(ANALYSIS_TYPES)("%s: a given seed is used; another seed gives other draws", (type) => {
    const body = (seed: number) => ({ analysis_type: type, request: { ...REQUESTS[type], seed } });
    const a = run(body(11));
    expect(a.seed).toBe(11);
    expect(run(body(11))).toEqual(a);
    const b = run(body(12));
    expect(b.result).not.toEqual(a.result);
  });
});

describe("runScenarioAnalysis: overflow", () => {
  it("refuses a request whose values overflow during the analysis", () => {
    const body = {
      analysis_type: "forecast",
      request: {
        scenario: { parameters: { x: 1e300 }, threshold: 0 },
        drift: { x: 1e10 },
        growth_mode: "multiplicative",
        periods: 60,
        sims: 100,
      },
    };
    expect(() => run(body)).toThrow(InputError);
    try {
      run(body);
    } catch (error) {
      expect((error as InputError).issues[0]?.path).toBe("request");
    }
  });
});
