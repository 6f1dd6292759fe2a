import Ajv2020 from "ajv/dist/2020.js";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { chartOfSeries, chartOfTable, reportModel, tableFromRecords } from "../build/builders.js";
import { toIssueList } from "./issue-path.js";
import { jsonSchemaOf } from "./json-schemas.js";
import { ReportModelSchema, ReportToolInputSchema } from "./wire-schemas.js";

const ajv = new Ajv2020.default({ strict: false, allErrors: true });
const toolJsonSchema = jsonSchemaOf(ReportToolInputSchema);

/** A report as the workflows build it: a table, and charts of both forms. */
const charted = reportModel(
  { report_type: "compliance-exposure-forecast", title: "Exposure forecast" },
  {
    tables: {
      per_wallet_exposure: tableFromRecords([
        { address: "0xabc", future_hit_probability: 0.4 },
        { address: "0xdef", future_hit_probability: 0.1 },
      ]),
    },
    chart_hints: [
      chartOfTable("bar", "Hit probability", "per_wallet_exposure", "address", [
        "future_hit_probability",
      ]),
      chartOfSeries("line", "Expected hits", ["30 d", "90 d"], [{ name: "p50", values: [1, 2] }]),
    ],
  },
);

const issuesOf = (input: unknown) => {
  const r = v.safeParse(ReportToolInputSchema, input);
  return r.success ? [] : toIssueList(r.issues).issues;
};

describe("the document tools' input", () => {
  it("names every member of the shared report model, so every report is an input", () => {
    const [model] = ReportModelSchema.pipe;
    expect(Object.keys(ReportToolInputSchema.entries).sort()).toEqual(
      Object.keys(model.entries).sort(),
    );
    expect(ReportToolInputSchema.entries).toHaveProperty("chart_hints");
  });

  it("takes chart_hints, in the table and the inline form, as the JSON Schema does", () => {
    expect(issuesOf(charted)).toEqual([]);
    expect(ajv.validate(toolJsonSchema, charted)).toBe(true);
    const hints = (toolJsonSchema.properties as Record<string, Record<string, unknown>>)
      .chart_hints;
    expect(hints).toMatchObject({ type: "array", maxItems: 50, items: { type: "object" } });
    expect(toolJsonSchema.required).toEqual(["report_meta", "tables"]);
  });

  it("refuses a chart hint that is not an object, and more than 50, with their paths", () => {
    const notObject = { ...charted, chart_hints: [{ type: "bar" }, "bar"] };
    expect(issuesOf(notObject).map((i) => i.path)).toEqual(["chart_hints[1]"]);
    expect(ajv.validate(toolJsonSchema, notObject)).toBe(false);
    const tooMany = { ...charted, chart_hints: Array.from({ length: 51 }, () => ({})) };
    expect(issuesOf(tooMany)).toEqual([
      expect.objectContaining({ path: "chart_hints", message: expect.stringContaining("50") }),
    ]);
    expect(ajv.validate(toolJsonSchema, tooMany)).toBe(false);
  });

  it("still refuses members beyond the model's, with their paths", () => {
    expect(issuesOf({ ...charted, charts: [] }).map((i) => i.path)).toEqual(["charts"]);
    expect(ajv.validate(toolJsonSchema, { ...charted, charts: [] })).toBe(false);
    const table = { columns: ["a"], rows: [{ a: 1 }], note: "x" };
    expect(issuesOf({ ...charted, tables: { t: table } }).map((i) => i.path)).toEqual([
      "tables.t.note",
    ]);
  });
});
