import {
  DOCUMENT_DEADLINE_MS,
  DOCUMENT_SOURCE,
  RenderedPartEntries,
  ReportAnswerSchema,
  withByline,
} from "@svc/compliance";
import {
  EXAMPLE_SCENARIO_REQUEST,
  MonteCarloDecisionToolSchema,
  MonteCarloReportToolSchema,
  parseMonteCarloDecisionInput,
  parseMonteCarloReportInput,
  runScenarioAnalysis,
  type ScenarioAnalysisOutput,
} from "@svc/montecarlo";
import * as v from "valibot";
import { renderPart } from "./render-answer.js";
import { defineTool } from "./tool.js";

/**
 * The MCP-only tools (the Monte Carlo report tools): scenario simulations with no
 * HTTP route, priced as the deployed service priced them.
 */
const MONTE_CARLO_PRICES = { report: "0.29", decision: "0.09" } as const;

/**
 * How long a scenario simulation may take: its largest allowed request (a million draws) runs in
 * well under a second here; the rest is room for a busy machine.
 */
const MONTE_CARLO_DEADLINE_MS = 20_000;

/** The analysis in `data`, its report model beside it, signed and dated like every report. */
const answerOf = ({ report, ...data }: ScenarioAnalysisOutput) => ({
  success: true as const,
  data,
  report: withByline(report),
  source: DOCUMENT_SOURCE,
});

/** The answer of the decision tool: the analysis in `data`, its report model beside it. */
const DecisionAnswerSchema = v.object({
  success: v.literal(true),
  data: v.looseObject({
    analysis_type: v.string(),
    seed: v.number(),
    simulations_run: v.number(),
    result: v.looseObject({}),
    decision: v.looseObject({}),
  }),
  report: ReportAnswerSchema,
  source: v.literal(DOCUMENT_SOURCE),
});

/** The answer of the report tool: the same, with the rendered file when pdf or docx was asked. */
const ReportAnswerOfToolSchema = v.object({
  ...DecisionAnswerSchema.entries,
  output_format: v.optional(RenderedPartEntries.output_format),
  artifact: v.optional(RenderedPartEntries.artifact),
  artifact_summary: v.optional(RenderedPartEntries.artifact_summary),
});

/** `monte_carlo_decision_report`: the simulation, its decision summary and report model. */
export const monteCarloDecisionReportTool = defineTool<
  v.InferOutput<typeof MonteCarloDecisionToolSchema>
>({
  name: "monte_carlo_decision_report",
  title: "Monte Carlo decision analysis",
  description:
    "Runs a seeded Monte Carlo scenario analysis (probability, batch-probability, compare, sensitivity, forecast, composed or optimize) and returns the estimate with its interval, the exact normal probability beside it, a decision summary and a report model ready for the document tools.",
  input: MonteCarloDecisionToolSchema,
  inputExample: { analysis_type: "probability", request: EXAMPLE_SCENARIO_REQUEST },
  output: DecisionAnswerSchema,
  pricing: { kind: "paid", price: MONTE_CARLO_PRICES.decision },
  deadlineMs: MONTE_CARLO_DEADLINE_MS,
  // What the run refuses before simulating (a dry run's check).
  check: (input) => void parseMonteCarloDecisionInput(input),
  run: async (input) => answerOf(runScenarioAnalysis(parseMonteCarloDecisionInput(input))),
});

/** `monte_carlo_report`: the same analysis, rendered as a PDF or DOCX when asked. */
export const monteCarloReportTool = defineTool<v.InferOutput<typeof MonteCarloReportToolSchema>>({
  name: "monte_carlo_report",
  title: "Monte Carlo scenario report",
  description:
    "Runs a seeded Monte Carlo scenario analysis and returns its report: the report model as JSON, or rendered as a PDF or DOCX document (an embedded resource) with the scenario summary and assumptions tables.",
  input: MonteCarloReportToolSchema,
  inputExample: {
    analysis_type: "probability",
    request: EXAMPLE_SCENARIO_REQUEST,
    output_format: "pdf",
  },
  output: ReportAnswerOfToolSchema,
  pricing: { kind: "paid", price: MONTE_CARLO_PRICES.report },
  // A simulation takes well under a second: the document's budget covers both.
  deadlineMs: DOCUMENT_DEADLINE_MS,
  check: (input) => void parseMonteCarloReportInput(input),
  run: async (input, deps, context) => {
    const parsed = parseMonteCarloReportInput(input);
    const answer = answerOf(runScenarioAnalysis(parsed));
    if (parsed.output_format === "json") return answer;
    return {
      ...answer,
      ...(await renderPart(answer.report, parsed.output_format, deps, null, context?.signal)),
    };
  },
});
