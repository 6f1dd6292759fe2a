import { toJsonSchema } from "@valibot/to-json-schema";
import type { GenericSchema } from "valibot";
import { LegacyReportSchema, ReportModelSchema } from "./wire-schemas.js";

export type JsonSchema = Record<string, unknown>;

/** Draft 2020-12 JSON Schema of a valibot schema (what OpenAPI 3.1 and MCP expect), no `$schema`. */
export function jsonSchemaOf(schema: GenericSchema): JsonSchema {
  const { $schema: _ignored, ...rest } = toJsonSchema(schema, {
    target: "draft-2020-12",
    typeMode: "input",
    // JSON cannot carry NaN or Infinity, so `finite` has nothing to add there.
    ignoreActions: ["finite"],
  }) as JsonSchema;
  return rest;
}

export const reportModelJsonSchema: JsonSchema = jsonSchemaOf(ReportModelSchema);
export const legacyReportJsonSchema: JsonSchema = jsonSchemaOf(LegacyReportSchema);
/** Body of the PDF routes: exactly one of the two variants. */
export const reportInputJsonSchema: JsonSchema = {
  oneOf: [reportModelJsonSchema, legacyReportJsonSchema],
  description:
    "The shared report model (report_meta required) or the legacy payload (title required); exactly one.",
};
