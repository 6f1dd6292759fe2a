import Ajv2020 from "ajv/dist/2020.js";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { VALUE_KINDS } from "../kinds/value-kind.js";
import {
  jsonSchemaOf,
  legacyReportJsonSchema,
  reportInputJsonSchema,
  reportModelJsonSchema,
} from "./json-schemas.js";
import { ReportModelSchema, ReportToolInputSchema } from "./wire-schemas.js";

const ajv = new Ajv2020.default({ strict: false, allErrors: true });

const documents: Array<[string, unknown]> = [
  ["minimal A", { report_meta: {} }],
  [
    "full A",
    {
      report_meta: { title: "t", extra: 1 },
      executive_summary: ["a"],
      headline_metrics: [{ label: "x", value: null, unit: "u" }],
      tables: { t: { columns: ["a"], rows: [{ a: 1 }, [2]] } },
      export_artifacts: { workbook_rows: { w: [[1, "x"]] } },
      chart_hints: [{ type: "bar" }],
      result: { k: [1] },
      unknown: true,
    },
  ],
  ["sample edition", { report_meta: { sample_edition: true } }],
  ["sample edition not a boolean", { report_meta: { sample_edition: "true" } }],
  ["list warning", { report_meta: { list_warning: "STALE LIST" } }],
  ["list warning too long", { report_meta: { list_warning: "x".repeat(301) } }],
  ["minimal B", { title: "x" }],
  [
    "full B",
    {
      title: "x",
      subtitle: "s",
      summary: "y",
      sections: [{ heading: "h", bullets: ["b"], table: [{ a: true }] }],
    },
  ],
  ["neither", { tables: {} }],
  ["both", { report_meta: {}, title: "x" }],
  ["bad cell", { report_meta: {}, tables: { t: { columns: ["a"], rows: [{ a: {} }] } } }],
  ["bad metric", { report_meta: {}, headline_metrics: [{ value: 1 }] }],
  ["bad title type", { title: 1 }],
  [
    "column labels and kinds",
    {
      report_meta: {},
      headline_metrics: [{ label: "Lift", value: 12.3, kind: "ratio" }],
      tables: {
        t: {
          columns: ["a"],
          rows: [{ a: 1 }],
          column_labels: { a: "A" },
          column_kinds: { a: "count" },
        },
      },
    },
  ],
  [
    "unknown column kind",
    { report_meta: {}, tables: { t: { columns: ["a"], rows: [], column_kinds: { a: "wallet" } } } },
  ],
  ["unknown metric kind", { report_meta: {}, headline_metrics: [{ label: "x", kind: "lift" }] }],
  [
    "column label not a string",
    { report_meta: {}, tables: { t: { columns: ["a"], rows: [], column_labels: { a: 1 } } } },
  ],
  [
    "column labels an array",
    { report_meta: {}, tables: { t: { columns: ["a"], rows: [], column_labels: ["A"] } } },
  ],
];

describe("generated JSON Schemas", () => {
  it("are draft 2020-12 documents without $schema, requiring report_meta / title", () => {
    expect(reportModelJsonSchema.$schema).toBeUndefined();
    expect(reportModelJsonSchema.required).toEqual(["report_meta"]);
    expect(legacyReportJsonSchema.required).toEqual(["title"]);
    expect(ajv.validateSchema(reportInputJsonSchema)).toBe(true);
  });

  it("publish report_meta.sample_edition as an optional boolean, in the MCP tool schema too", () => {
    const meta = (schema: Record<string, unknown>) =>
      (schema.properties as Record<string, Record<string, unknown>>).report_meta as {
        properties: Record<string, Record<string, unknown>>;
        required?: string[];
      };
    for (const schema of [reportModelJsonSchema, jsonSchemaOf(ReportToolInputSchema)]) {
      const m = meta(schema);
      expect(m.properties.sample_edition).toMatchObject({ type: "boolean" });
      expect(m.properties.sample_edition?.description).toContain("SAMPLE edition");
      expect(m.required ?? []).not.toContain("sample_edition");
    }
  });

  it("publish report_meta.list_warning as an optional string of at most 300 characters", () => {
    for (const schema of [reportModelJsonSchema, jsonSchemaOf(ReportToolInputSchema)]) {
      const m = (schema.properties as Record<string, Record<string, unknown>>).report_meta as {
        properties: Record<string, Record<string, unknown>>;
        required?: string[];
      };
      expect(m.properties.list_warning).toMatchObject({ type: "string", maxLength: 300 });
      expect(m.required ?? []).not.toContain("list_warning");
    }
  });

  it("publish column_labels, column_kinds and a metric's kind, the kinds as an enum, in both schemas", () => {
    for (const schema of [reportModelJsonSchema, jsonSchemaOf(ReportToolInputSchema)]) {
      const props = schema.properties as Record<string, Record<string, unknown>>;
      const table = (props.tables?.additionalProperties ?? {}) as {
        properties: Record<string, Record<string, unknown>>;
        required?: string[];
      };
      expect(table.properties.column_labels).toMatchObject({
        type: "object",
        maxProperties: 200,
        additionalProperties: { type: "string", maxLength: 200 },
      });
      expect(table.properties.column_kinds).toMatchObject({
        type: "object",
        additionalProperties: { enum: [...VALUE_KINDS] },
      });
      expect(table.required).toEqual(["columns", "rows"]);
      const metric = (props.headline_metrics?.items ?? {}) as {
        properties: Record<string, Record<string, unknown>>;
      };
      expect(metric.properties.kind).toMatchObject({ enum: [...VALUE_KINDS] });
    }
  });

  it("the MCP tool schema takes column labels and kinds as the model does", () => {
    const schema = jsonSchemaOf(ReportToolInputSchema);
    const doc = {
      report_meta: {},
      headline_metrics: [{ label: "Lift", value: 12.3, kind: "ratio" }],
      tables: {
        t: {
          columns: ["a"],
          rows: [{ a: 1 }],
          column_labels: { a: "A" },
          column_kinds: { a: "count" },
        },
      },
    };
    expect(ajv.validate(schema, doc)).toBe(true);
    expect(v.safeParse(ReportToolInputSchema, doc).success).toBe(true);
    const bad = { ...doc, headline_metrics: [{ label: "Lift", kind: "lift" }] };
    expect(ajv.validate(schema, bad)).toBe(false);
    expect(v.safeParse(ReportToolInputSchema, bad).success).toBe(false);
  });

  it.each(documents)("agree with valibot on %s (variant A)", (_label, doc) => {
    expect(ajv.validate(reportModelJsonSchema, doc)).toBe(
      v.safeParse(ReportModelSchema, doc).success,
    );
  });

  it.each(documents)("oneOf accepts %s exactly when one variant applies", (_label, doc) => {
    const a = ajv.validate(reportModelJsonSchema, doc);
    const b = ajv.validate(legacyReportJsonSchema, doc);
    expect(ajv.validate(reportInputJsonSchema, doc)).toBe(a !== b);
  });

  it("the MCP tool schema rejects extra members and array rows", () => {
    const schema = jsonSchemaOf(ReportToolInputSchema);
    const ok = { report_meta: {}, tables: { t: { columns: ["a"], rows: [{ a: 1 }] } } };
    expect(ajv.validate(schema, ok)).toBe(true);
    expect(ajv.validate(schema, { ...ok, extra: 1 })).toBe(false);
    expect(
      ajv.validate(schema, { report_meta: {}, tables: { t: { columns: ["a"], rows: [[1]] } } }),
    ).toBe(false);
    expect(ajv.validate(schema, { report_meta: {} })).toBe(false);
    expect(v.safeParse(ReportToolInputSchema, { ...ok, extra: 1 }).success).toBe(false);
  });
});
