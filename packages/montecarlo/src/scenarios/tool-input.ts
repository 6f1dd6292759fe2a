import * as v from "valibot";
import { sharedEntries } from "../inputs/fields.js";
import { InputError, type InputIssue, toInputIssue } from "../inputs/input-error.js";
import { refuseArrayBody, throwIfAny } from "../inputs/throw-if-any.js";
import { requestIssues } from "./cross-field.js";
import {
  ANALYSIS_TYPES,
  type AnalysisType,
  BatchProbabilityRequestSchema,
  CompareRequestSchema,
  ComposedRequestSchema,
  ForecastRequestSchema,
  OptimizeRequestSchema,
  ProbabilityRequestSchema,
  SCENARIO_REQUEST_SCHEMAS,
  type ScenarioRequest,
  SensitivityRequestSchema,
} from "./request-schemas.js";
import { structureIssues } from "./structure-issues.js";

const OUTPUT_FORMATS = ["json", "pdf", "docx"] as const;

const ANALYSIS_TYPE_MESSAGE = `analysis_type must be one of ${ANALYSIS_TYPES.join(", ")}`;

const body = <T extends AnalysisType, S extends v.GenericSchema, E extends v.ObjectEntries>(
  type: T,
  request: S,
  extra: E,
) =>
  v.strictObject(
    { analysis_type: v.literal(type, ANALYSIS_TYPE_MESSAGE), request, ...extra },
    "the body must be an object",
  );

/** One body per analysis type, told apart by `analysis_type`. */
const bodies = <E extends v.ObjectEntries>(extra: E) =>
  [
    body("probability", ProbabilityRequestSchema, extra),
    body("batch-probability", BatchProbabilityRequestSchema, extra),
    body("compare", CompareRequestSchema, extra),
    body("sensitivity", SensitivityRequestSchema, extra),
    body("forecast", ForecastRequestSchema, extra),
    body("composed", ComposedRequestSchema, extra),
    body("optimize", OptimizeRequestSchema, extra),
  ] as const;

const textEntries = { title: sharedEntries.title, summary_focus: sharedEntries.summary_focus };

/** Body of the MCP tool `monte_carlo_decision_report`. */
export const MonteCarloDecisionInputSchema = v.pipe(
  v.variant("analysis_type", bodies(textEntries), ANALYSIS_TYPE_MESSAGE),
  v.description(
    "A scenario simulation (monte_carlo_decision_report): {analysis_type, request, title?, summary_focus?}.",
  ),
);

/** Body of the MCP tool `monte_carlo_report`: the decision body plus `output_format`. */
export const MonteCarloReportInputSchema = v.pipe(
  v.variant(
    "analysis_type",
    bodies({
      ...textEntries,
      output_format: v.optional(
        v.pipe(
          v.picklist(OUTPUT_FORMATS, `output_format must be one of ${OUTPUT_FORMATS.join(", ")}`),
          v.description("Document to render; default json (the report model only)."),
        ),
        "json",
      ),
    }),
    ANALYSIS_TYPE_MESSAGE,
  ),
  v.description(
    "A scenario simulation report (monte_carlo_report): {analysis_type, request, title?, summary_focus?, output_format?}.",
  ),
);

/**
 * The tool bodies as one flat object, as an MCP tool listing publishes them (a tool's input
 * schema must be an object at the top): `analysis_type` from its list, `request` an object whose
 * shape depends on the type. The parse functions check `request` per type.
 */
const flatToolSchema = <E extends v.ObjectEntries>(extra: E) =>
  v.strictObject(
    {
      analysis_type: v.pipe(
        v.picklist(ANALYSIS_TYPES, ANALYSIS_TYPE_MESSAGE),
        v.description(
          "The analysis to run: probability, batch-probability, compare, sensitivity, forecast, composed or optimize.",
        ),
      ),
      request: v.pipe(
        v.looseObject({}, "request must be an object"),
        v.description(
          "The analysis request; its members depend on analysis_type (sims 100 to 100000, default 10000; optional integer seed; the scenario or scenarios).",
        ),
      ),
      ...extra,
      ...textEntries,
    },
    "the body must be an object",
  );

/** `monte_carlo_report` as a tool lists it: `output_format` required. */
export const MonteCarloReportToolSchema = flatToolSchema({
  output_format: v.pipe(
    v.picklist(OUTPUT_FORMATS, `output_format must be one of ${OUTPUT_FORMATS.join(", ")}`),
    v.description("json: the report model only; pdf or docx: the report rendered as a document."),
  ),
});

/** `monte_carlo_decision_report` as a tool lists it. */
export const MonteCarloDecisionToolSchema = flatToolSchema({});

/** A parsed body: what `runScenarioAnalysis` takes. */
export type ScenarioAnalysisInput = v.InferOutput<typeof MonteCarloDecisionInputSchema>;
export type MonteCarloReportInput = v.InferOutput<typeof MonteCarloReportInputSchema>;

/**
 * Every issue of `input`: valibot's (a missing member named as such, where valibot gives the
 * message of its object) and those it leaves out (`structureIssues`). Lists and maps are bounded
 * and size-checked first, so there are few; `InputError` dedupes them and lists at most 20.
 */
function validate<S extends v.GenericSchema>(schema: S, input: unknown) {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  const found = (result.issues ?? []).map((issue) =>
    issue.kind === "schema" && issue.input === undefined && issue.expected?.startsWith('"')
      ? { ...issue, message: `${issue.expected.slice(1, -1)} is required` }
      : issue,
  );
  const structure = structureIssues(schema, input);
  // At and below an array given for an object, valibot's findings ("x is required", a map's
  // own type message) are noise: the structure issue says it.
  const arrays = structure
    .filter((i) => i.message.endsWith("must be an object"))
    .map((i) => i.path);
  const under = (path: string) =>
    arrays.some(
      (a) => a === "" || path === a || path.startsWith(`${a}.`) || path.startsWith(`${a}[`),
    );
  const issues = [...found.map(toInputIssue).filter((i) => !under(i.path)), ...structure];
  return { output: result.output as v.InferOutput<S>, issues };
}

function parseBody<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  refuseArrayBody(input);
  if (typeof input !== "object" || input === null) {
    throw new InputError([{ path: "", message: "the body must be an object" }]);
  }
  if (
    !(ANALYSIS_TYPES as readonly unknown[]).includes(
      (input as Record<string, unknown>).analysis_type,
    )
  ) {
    throw new InputError([{ path: "analysis_type", message: ANALYSIS_TYPE_MESSAGE }]);
  }
  const { output, issues } = validate(schema, input);
  throwIfAny(issues);
  const parsed = output as ScenarioAnalysisInput;
  throwIfAny(requestIssues(parsed.analysis_type, parsed.request));
  return output;
}

/** Validates a `monte_carlo_report` body: defaults filled, or an `InputError` (20 issues at most). */
export const parseMonteCarloReportInput = (input: unknown): MonteCarloReportInput =>
  parseBody(MonteCarloReportInputSchema, input);

/** Validates a `monte_carlo_decision_report` body. */
export const parseMonteCarloDecisionInput = (input: unknown): ScenarioAnalysisInput =>
  parseBody(MonteCarloDecisionInputSchema, input);

const prefixed = (issue: InputIssue): InputIssue => ({
  path:
    issue.path === "" ? "request" : `request${issue.path.startsWith("[") ? "" : "."}${issue.path}`,
  message: issue.message,
});

/**
 * Validates the `request` of one analysis type on its own (paths as in the tool body,
 * `request.scenario.threshold`); returns it with defaults filled or throws an `InputError`.
 */
export function parseScenarioRequest<T extends AnalysisType>(
  analysisType: T,
  request: unknown,
): ScenarioRequest<T> {
  if (!(ANALYSIS_TYPES as readonly string[]).includes(analysisType)) {
    throw new InputError([{ path: "analysis_type", message: ANALYSIS_TYPE_MESSAGE }]);
  }
  const { output, issues } = validate(SCENARIO_REQUEST_SCHEMAS[analysisType], request);
  throwIfAny(issues.map(prefixed));
  const parsed = output as ScenarioRequest<T>;
  throwIfAny(requestIssues(analysisType, parsed));
  return parsed;
}
