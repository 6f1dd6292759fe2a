import { boundedArray } from "@svc/report-model";
import * as v from "valibot";
import { integerIn, nonNegative } from "../inputs/fields.js";
import {
  byParameter,
  finite,
  Label,
  positive,
  runEntries,
  ScenarioSchema,
  scenarioEntries,
} from "./scenario-schema.js";

export const ANALYSIS_TYPES = [
  "probability",
  "batch-probability",
  "compare",
  "sensitivity",
  "forecast",
  "composed",
  "optimize",
] as const;
export type AnalysisType = (typeof ANALYSIS_TYPES)[number];

const MAX_BATCH_SCENARIOS = 50;
const MAX_COMPONENTS = 20;
const DEFAULT_DELTA = 0.1;
const DEFAULT_PERIODS = 6;
const MAX_PERIODS = 60;
const DEFAULT_UNCERTAINTY_GROWTH = 0.02;
const DEFAULT_OPTIMIZE_ITERATIONS = 100;
const SENSITIVITY_MODES = ["relative", "absolute"] as const;
const GROWTH_MODES = ["additive", "multiplicative"] as const;
const OPTIMIZE_OBJECTIVES = ["outcome_probability"] as const;

const request = <E extends v.ObjectEntries>(entries: E, description: string) =>
  v.pipe(
    v.strictObject({ ...entries, ...runEntries }, "request must be an object"),
    v.description(description),
  );

/**
 * An optional choice among `T`, defaulting to its first option. The type is written out because
 * the inferred one widens the default to `string`, which the emitted declarations then fail to
 * type-check against valibot's `Default` constraint.
 */
export type OptionalPicklist<T extends readonly [string, ...string[]]> = v.OptionalSchema<
  v.SchemaWithPipe<readonly [v.PicklistSchema<T, string>, v.DescriptionAction<T[number], string>]>,
  T[0]
>;

const picklist = <T extends readonly [string, ...string[]]>(
  name: string,
  options: T,
  description: string,
): OptionalPicklist<T> =>
  v.optional(
    v.pipe(
      v.picklist(options, `${name} must be one of ${options.join(", ")}`),
      v.description(`${description} Default ${options[0]}.`),
    ),
    options[0],
  );

/** A list of 1 to max items; its length is checked before any item. */
const listOf = <S extends v.GenericSchema>(name: string, item: S, max: number, what: string) =>
  boundedArray(item, {
    min: 1,
    max,
    message: `${name} must be an array`,
    minMessage: `${name} must hold 1 to ${max} items`,
    maxMessage: `${name} must hold 1 to ${max} items`,
    description: what,
  });

export const ProbabilityRequestSchema = request(
  { scenario: ScenarioSchema },
  "probability: the success probability of one scenario.",
);

export const BatchProbabilityRequestSchema = request(
  {
    scenarios: listOf(
      "scenarios",
      v.strictObject({ label: Label, ...scenarioEntries }, "scenarios items must be objects"),
      MAX_BATCH_SCENARIOS,
      `Labelled scenarios, 1 to ${MAX_BATCH_SCENARIOS}, ranked by success probability.`,
    ),
  },
  "batch-probability: several scenarios ranked by success probability.",
);

export const CompareRequestSchema = request(
  { baseline: ScenarioSchema, candidate: ScenarioSchema },
  "compare: a candidate scenario against a baseline.",
);

export const SensitivityRequestSchema = request(
  {
    scenario: ScenarioSchema,
    parameter: v.pipe(
      v.string("parameter must be a string"),
      v.description("The parameter to vary; one of scenario.parameters."),
    ),
    delta: v.optional(positive("delta", "The change, > 0; default 0.1."), DEFAULT_DELTA),
    mode: picklist(
      "mode",
      SENSITIVITY_MODES,
      "relative: value·(1 ± delta); absolute: value ± delta.",
    ),
  },
  "sensitivity: how the success probability moves with each parameter.",
);

export const ForecastRequestSchema = request(
  {
    scenario: ScenarioSchema,
    periods: v.optional(
      integerIn(
        "periods",
        1,
        MAX_PERIODS,
        `Periods ahead, 1 to ${MAX_PERIODS}; default ${DEFAULT_PERIODS}.`,
      ),
      DEFAULT_PERIODS,
    ),
    drift: v.optional(
      byParameter(
        "drift",
        finite("each drift", "Change per period."),
        "Change of each parameter per period (a rate in multiplicative mode); default none.",
      ),
      () => ({}),
    ),
    uncertainty_growth: v.optional(
      nonNegative("uncertainty_growth", "Growth of every parameter sd per period; default 0.02."),
      DEFAULT_UNCERTAINTY_GROWTH,
    ),
    growth_mode: picklist(
      "growth_mode",
      GROWTH_MODES,
      "additive: value + drift·t and sd·(1 + growth·t); multiplicative: value·(1 + drift)^t and sd·(1 + growth)^t.",
    ),
  },
  "forecast: the success probability period by period as the parameters drift.",
);

export const ComposedRequestSchema = request(
  {
    components: listOf(
      "components",
      v.strictObject(
        {
          label: Label,
          weight: positive("weight", "Weight of the component, > 0."),
          scenario: ScenarioSchema,
        },
        "components items must be objects",
      ),
      MAX_COMPONENTS,
      `Weighted component scenarios, 1 to ${MAX_COMPONENTS}, simulated independently.`,
    ),
  },
  "composed: the weighted composite and weighted-majority success of several scenarios.",
);

export const OptimizeRequestSchema = request(
  {
    scenario: ScenarioSchema,
    bounds: byParameter(
      "bounds",
      v.strictObject(
        {
          min: finite("min", "Lowest value searched."),
          max: finite("max", "Highest value searched, ≥ min."),
        },
        "each bound must be an object {min, max}",
      ),
      "Search range of each optimized parameter; names must be scenario parameters.",
      1,
    ),
    iterations: v.optional(
      integerIn("iterations", 10, 1000, "Candidates evaluated, 10 to 1000; default 100."),
      DEFAULT_OPTIMIZE_ITERATIONS,
    ),
    objective: picklist("objective", OPTIMIZE_OBJECTIVES, "What is maximized."),
  },
  "optimize: the bounded parameter values that maximize the success probability.",
);

/** The request schema of each analysis type. */
export const SCENARIO_REQUEST_SCHEMAS = {
  probability: ProbabilityRequestSchema,
  "batch-probability": BatchProbabilityRequestSchema,
  compare: CompareRequestSchema,
  sensitivity: SensitivityRequestSchema,
  forecast: ForecastRequestSchema,
  composed: ComposedRequestSchema,
  optimize: OptimizeRequestSchema,
} as const satisfies Record<AnalysisType, v.GenericSchema>;

/** The parsed request (defaults filled) of each analysis type. */
export type ScenarioRequest<T extends AnalysisType> = v.InferOutput<
  (typeof SCENARIO_REQUEST_SCHEMAS)[T]
>;
