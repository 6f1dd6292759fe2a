import { describe, expect, it } from "vitest";
import { InputError } from "../inputs/input-error.js";
import { SCENARIO } from "./test-support/bodies.js";
import { parseMonteCarloReportInput, parseScenarioRequest } from "./tool-input.js";

const JUNK = 200_000;

function refusal(run: () => unknown): InputError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return error as InputError;
  }
  throw new Error("expected the input to be refused");
}

describe("unpaid amplification: a refused scenario request is small whatever its size", () => {
  it("200,000 scenarios (a batch holds 1–50): the length alone, no element validated or walked", () => {
    const error = refusal(() =>
      parseMonteCarloReportInput({
        analysis_type: "batch-probability",
        request: { scenarios: Array.from({ length: JUNK }, () => []) },
      }),
    );
    expect(error.issues).toEqual([
      { path: "request.scenarios", message: "scenarios must hold 1 to 50 items" },
    ]);
    expect(error.moreIssues).toBe(0);
  });

  it("200,000 components (at most 20): the length alone", () => {
    const error = refusal(() =>
      parseScenarioRequest("composed", { components: Array.from({ length: JUNK }, () => 1) }),
    );
    expect(error.issues).toEqual([
      { path: "request.components", message: "components must hold 1 to 20 items" },
    ]);
  });

  it("100,000 parameter names (at most 50): the count alone, no name or value validated", () => {
    const parameters = Object.fromEntries(
      Array.from({ length: 100_000 }, (_, i) => [`p${i}`, "not a number"]),
    );
    const error = refusal(() =>
      parseScenarioRequest("probability", { scenario: { ...SCENARIO, parameters } }),
    );
    expect(error.issues).toEqual([
      {
        path: "request.scenario.parameters",
        message: "parameters must name at most 50 parameters",
      },
    ]);
  });

  it("100,000 bounds objects with unknown members (at most 50): the count alone, none walked", () => {
    const bounds = Object.fromEntries(
      Array.from({ length: 100_000 }, (_, i) => [`p${i}`, { min: 0, max: 1, extra: 1 }]),
    );
    const error = refusal(() => parseScenarioRequest("optimize", { scenario: SCENARIO, bounds }));
    expect(error.issues).toEqual([
      { path: "request.bounds", message: "bounds must name at most 50 parameters" },
    ]);
  });

  it("an array sent as parameters is one issue, said once", () => {
    const error = refusal(() =>
      parseScenarioRequest("probability", {
        scenario: { ...SCENARIO, parameters: Array.from({ length: JUNK }, () => 1) },
      }),
    );
    expect(error.issues).toEqual([
      { path: "request.scenario.parameters", message: "parameters must be an object" },
    ]);
  });

  it("50 bad scenarios within the bound: 20 issues listed, the rest counted", () => {
    const error = refusal(() =>
      parseScenarioRequest("batch-probability", {
        scenarios: Array.from({ length: 50 }, () => ({ label: 1, ...SCENARIO })),
      }),
    );
    expect(error.issues).toHaveLength(20);
    expect(error.issues[0]).toEqual({
      path: "request.scenarios[0].label",
      message: "label must be a string",
    });
    expect(error.moreIssues).toBe(30);
  });
});
