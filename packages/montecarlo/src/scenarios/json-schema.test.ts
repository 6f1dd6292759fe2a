import { jsonSchemaOf } from "@svc/report-model";
import { describe, expect, it } from "vitest";
import { at } from "../test-support/json-path.js";
import { ANALYSIS_TYPES, SCENARIO_REQUEST_SCHEMAS } from "./request-schemas.js";
import { MonteCarloDecisionInputSchema, MonteCarloReportInputSchema } from "./tool-input.js";

describe("JSON Schema of the scenario tools", () => {
  it.each(ANALYSIS_TYPES)("the %s request converts, strict, with sims and seed", (type) => {
    const s = jsonSchemaOf(SCENARIO_REQUEST_SCHEMAS[type]);
    expect(at(s, "additionalProperties")).toBe(false);
    expect(at(s, "properties.sims")).toMatchObject({
      type: "integer",
      minimum: 100,
      maximum: 100_000,
      default: 10_000,
    });
    expect(at(s, "properties.seed")).toMatchObject({ minimum: 0, maximum: 2 ** 53 - 1 });
  });

  it("a scenario is strict, its parameters a map of 1 to 50 names", () => {
    const s = jsonSchemaOf(SCENARIO_REQUEST_SCHEMAS.probability);
    expect(at(s, "properties.scenario.additionalProperties")).toBe(false);
    expect(at(s, "properties.scenario.required")).toEqual(["parameters", "threshold"]);
    expect(at(s, "properties.scenario.properties.parameters")).toMatchObject({
      type: "object",
      minProperties: 1,
      maxProperties: 50,
      propertyNames: { minLength: 1, maxLength: 64 },
    });
    expect(at(s, "properties.scenario.properties.uncertainty.additionalProperties")).toMatchObject({
      minimum: 0,
    });
  });

  it("carries the defaults and enums of each type", () => {
    const sensitivity = jsonSchemaOf(SCENARIO_REQUEST_SCHEMAS.sensitivity);
    expect(at(sensitivity, "properties.delta.default")).toBe(0.1);
    expect(at(sensitivity, "properties.mode")).toMatchObject({
      enum: ["relative", "absolute"],
      default: "relative",
    });
    const forecast = jsonSchemaOf(SCENARIO_REQUEST_SCHEMAS.forecast);
    expect(at(forecast, "properties.periods")).toMatchObject({
      minimum: 1,
      maximum: 60,
      default: 6,
    });
    expect(at(forecast, "properties.uncertainty_growth.default")).toBe(0.02);
    const optimize = jsonSchemaOf(SCENARIO_REQUEST_SCHEMAS.optimize);
    expect(at(optimize, "properties.bounds.additionalProperties.additionalProperties")).toBe(false);
    expect(at(optimize, "properties.iterations")).toMatchObject({
      minimum: 10,
      maximum: 1000,
      default: 100,
    });
    expect(at(optimize, "properties.objective.enum")).toEqual(["outcome_probability"]);
    const batch = jsonSchemaOf(SCENARIO_REQUEST_SCHEMAS["batch-probability"]);
    expect(at(batch, "properties.scenarios")).toMatchObject({ minItems: 1, maxItems: 50 });
    expect(at(batch, "properties.scenarios.items.required")).toEqual([
      "label",
      "parameters",
      "threshold",
    ]);
  });

  it("the tool bodies are one strict object per analysis type", () => {
    const report = jsonSchemaOf(MonteCarloReportInputSchema) as { oneOf: unknown[] };
    expect(report.oneOf).toHaveLength(7);
    report.oneOf.forEach((body, i) => {
      expect(at(body, "additionalProperties")).toBe(false);
      expect(at(body, "required")).toEqual(["analysis_type", "request"]);
      expect(at(body, "properties.analysis_type.const")).toBe(ANALYSIS_TYPES[i]);
      expect(at(body, "properties.output_format.enum")).toEqual(["json", "pdf", "docx"]);
      expect(at(body, "properties.title.maxLength")).toBe(200);
      expect(at(body, "properties.summary_focus.maxLength")).toBe(500);
    });
    const decision = jsonSchemaOf(MonteCarloDecisionInputSchema) as { oneOf: unknown[] };
    expect(at(decision.oneOf[0], "properties.output_format")).toBeUndefined();
  });
});
