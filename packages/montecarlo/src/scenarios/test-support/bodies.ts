/** Example requests of every analysis type, shared by the tests (not exported by the package). */
import type { AnalysisType } from "../request-schemas.js";

export const SCENARIO = {
  parameters: { reach: 4, quality: 3, cost: 2 },
  weights: { reach: 1.5, quality: 1, cost: -0.5 },
  uncertainty: { reach: 1, quality: 0.5 },
  outcome_noise: 1,
  bias: 0.5,
  threshold: 8,
};

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
