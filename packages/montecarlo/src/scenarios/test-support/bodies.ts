/** Example requests of every analysis type, shared by the tests (not exported by the package). */
import { EXAMPLE_SCENARIO_REQUEST } from "../example-request.js";
import type { AnalysisType } from "../request-schemas.js";

/** The documented example scenario, with a bias (so the tests cover one). */
export const SCENARIO = { ...EXAMPLE_SCENARIO_REQUEST.scenario, bias: 0.5 };

export const REQUESTS: Record<AnalysisType, Record<string, unknown>> = {
  probability: { scenario: SCENARIO, sims: 2000 },
  "batch-probability": {
    scenarios: [
      { label: "A", ...SCENARIO },
      { label: "B", parameters: { x: 1 }, threshold: 0.5, uncertainty: { x: 1 } },
      { label: "C", ...SCENARIO, threshold: 6 },
    ],
    sims: 2000,
  },
  compare: { baseline: SCENARIO, candidate: { ...SCENARIO, bias: 1.5 }, sims: 2000 },
  sensitivity: { scenario: SCENARIO, parameter: "reach", sims: 2000 },
  forecast: { scenario: SCENARIO, drift: { quality: 0.2 }, sims: 2000 },
  composed: {
    components: [
      { label: "A", weight: 2, scenario: SCENARIO },
      { label: "B", weight: 1, scenario: { ...SCENARIO, threshold: 6 } },
    ],
    sims: 2000,
  },
  optimize: {
    scenario: SCENARIO,
    bounds: { reach: { min: 2, max: 6 }, cost: { min: 1, max: 4 } },
    sims: 2000,
  },
};

export const bodyOf = (analysis_type: AnalysisType, extra: Record<string, unknown> = {}) => ({
  analysis_type,
  request: REQUESTS[analysis_type],
  ...extra,
});
