/**
 * The scenario analysis this package documents itself with: a launch succeeds when reach and
 * quality outweigh cost (score = 1.5·reach + quality − 0.5·cost + noise ≥ 8). The MCP tools show
 * it as their example and the document previews render it, so both show the same request.
 */
export const EXAMPLE_SCENARIO_REQUEST = {
  scenario: {
    parameters: { reach: 4, quality: 3, cost: 2 },
    weights: { reach: 1.5, quality: 1, cost: -0.5 },
    uncertainty: { reach: 1, quality: 0.5 },
    outcome_noise: 1,
    threshold: 8,
  },
  sims: 10_000,
  seed: 7,
} as const;
