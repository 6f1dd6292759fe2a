import { boundedRecord } from "@svc/report-model";
import * as v from "valibot";
import { integerIn, nonNegative } from "../inputs/fields.js";

/** Request bounds of the scenario simulations. */
const MIN_SIMS = 100;
const MAX_SIMS = 100_000;
const DEFAULT_SIMS = 10_000;
const MAX_PARAMETERS = 50;
const MAX_NAME_LENGTH = 64;
const MAX_LABEL_LENGTH = 100;

/** A finite number (NaN is refused by `v.number()`, ±Infinity by `v.finite()`). */
export const finite = (name: string, description: string) =>
  v.pipe(
    v.number(`${name} must be a number`),
    v.finite(`${name} must be finite`),
    v.description(description),
  );

/** A finite number > 0. */
export const positive = (name: string, description: string) =>
  v.pipe(
    v.number(`${name} must be a number`),
    v.finite(`${name} must be finite`),
    v.gtValue(0, `${name} must be > 0`),
    v.description(description),
  );

const ParameterName = v.pipe(
  v.string(),
  v.minLength(1, `parameter names must be 1 to ${MAX_NAME_LENGTH} characters`),
  v.maxLength(MAX_NAME_LENGTH, `parameter names must be 1 to ${MAX_NAME_LENGTH} characters`),
);

/**
 * `{name: value}` for at most 50 parameter names (at least `min`). The count is checked before
 * any name or value, so an object of thousands of names is refused with that one issue.
 */
export const byParameter = <S extends v.GenericSchema>(
  name: string,
  value: S,
  description: string,
  min = 0,
) =>
  boundedRecord(ParameterName, value, {
    min,
    max: MAX_PARAMETERS,
    message: `${name} must be an object {name: number}`,
    minMessage: `${name} must name 1 to ${MAX_PARAMETERS} parameters`,
    maxMessage: `${name} must name at most ${MAX_PARAMETERS} parameters`,
    description,
  });

export const Label = v.pipe(
  v.string("label must be a string"),
  v.minLength(1, `label must be 1 to ${MAX_LABEL_LENGTH} characters`),
  v.maxLength(MAX_LABEL_LENGTH, `label must be 1 to ${MAX_LABEL_LENGTH} characters`),
  v.description("Name of the scenario in tables and charts; unique within the request."),
);

/** The members of a scenario, shared by the plain and the labelled (batch) form. */
export const scenarioEntries = {
  parameters: byParameter(
    "parameters",
    finite("each parameter", "Parameter value."),
    `Parameter values by name, 1 to ${MAX_PARAMETERS}.`,
    1,
  ),
  weights: v.optional(
    byParameter(
      "weights",
      finite("each weight", "Weight."),
      "Weight of each parameter in the score; default 1.",
    ),
  ),
  uncertainty: v.optional(
    byParameter(
      "uncertainty",
      nonNegative("each uncertainty", "Standard deviation ≥ 0."),
      "Standard deviation of each parameter, drawn Normal(value, sd) in every run; default 0.",
    ),
  ),
  outcome_noise: v.optional(
    nonNegative("outcome_noise", "Standard deviation of the noise added to the score; default 0."),
  ),
  bias: v.optional(finite("bias", "Constant added to the score; default 0.")),
  threshold: finite("threshold", "A run succeeds when score + noise ≥ threshold."),
};

export const ScenarioSchema = v.pipe(
  v.strictObject(scenarioEntries, "scenario must be an object"),
  v.description(
    "score = bias + Σ weight·parameter (each parameter Normal(value, uncertainty)); success when score + Normal(0, outcome_noise) ≥ threshold.",
  ),
);
export type Scenario = v.InferOutput<typeof ScenarioSchema>;

/** `sims` and `seed`, members of every request. */
export const runEntries = {
  sims: v.optional(
    integerIn(
      "sims",
      MIN_SIMS,
      MAX_SIMS,
      `Simulated runs, ${MIN_SIMS} to ${MAX_SIMS}; default ${DEFAULT_SIMS}.`,
    ),
    DEFAULT_SIMS,
  ),
  seed: v.optional(
    integerIn(
      "seed",
      0,
      Number.MAX_SAFE_INTEGER,
      "Generator seed, 0 to 2^53 − 1; default: derived from the request, so the same request gives the same result.",
    ),
  ),
};
