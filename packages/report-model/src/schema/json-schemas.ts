import { type ConversionConfig, toJsonSchema } from "@valibot/to-json-schema";
import type { GenericSchema } from "valibot";
import { publishedSchemaOf } from "./bounded-schemas.js";
import { LegacyReportSchema, ReportModelSchema } from "./wire-schemas.js";

export type JsonSchema = Record<string, unknown>;

const config: ConversionConfig = {
  target: "draft-2020-12",
  typeMode: "input",
  // JSON cannot carry NaN or Infinity, so `finite` has nothing to add there.
  ignoreActions: ["finite"],
  // A size-checked list or map (`boundedArray`, `boundedRecord`) opens with a size-only schema;
  // it is published as the full one, so the JSON Schema is that of the plain field.
  overrideSchema: ({ valibotSchema }) => {
    const published = publishedSchemaOf(valibotSchema);
    return published === undefined ? undefined : convert(published);
  },
};

function convert(schema: GenericSchema): JsonSchema {
  const { $schema: _ignored, ...rest } = toJsonSchema(schema, config) as JsonSchema;
  return rest;
}

/** Draft 2020-12 JSON Schema of a valibot schema (what OpenAPI 3.1 and MCP expect), no `$schema`. */
export const jsonSchemaOf = (schema: GenericSchema): JsonSchema => convert(schema);

export const reportModelJsonSchema: JsonSchema = jsonSchemaOf(ReportModelSchema);
export const legacyReportJsonSchema: JsonSchema = jsonSchemaOf(LegacyReportSchema);
/** Body of the PDF routes: exactly one of the two variants. */
export const reportInputJsonSchema: JsonSchema = {
  oneOf: [reportModelJsonSchema, legacyReportJsonSchema],
  description:
    "The shared report model (report_meta required) or the legacy payload (title required); exactly one.",
};
