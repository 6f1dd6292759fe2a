import { type ConversionConfig, toJsonSchema } from "@valibot/to-json-schema";
import type { GenericSchema } from "valibot";
import { publishedSchemaOf } from "./bounded-schemas.js";

export type JsonSchema = Record<string, unknown>;

const published: ConversionConfig["overrideSchema"] = ({ valibotSchema }) => {
  const full = publishedSchemaOf(valibotSchema);
  return full === undefined ? undefined : convert(full);
};

const config: ConversionConfig = {
  target: "draft-2020-12",
  typeMode: "input",
  // JSON cannot carry NaN or Infinity, so `finite` has nothing to add there; a `raw_check` (an
  // attestation's header and claims read) is beyond JSON Schema, whose `pattern` says the shape.
  ignoreActions: ["finite", "raw_check"],
  // A size-checked list or map (`boundedArray`, `boundedRecord`) opens with a size-only schema;
  // it is published as the full one, so the JSON Schema is that of the plain field.
  overrideSchema: published,
};

/** The same conversion, but what JSON Schema has no word for (a check, a transform) is left out. */
const lenient: ConversionConfig = { ...config, errorMode: "ignore" };

function convert(schema: GenericSchema, withConfig = config): JsonSchema {
  const { $schema: _ignored, ...rest } = toJsonSchema(schema, withConfig) as JsonSchema;
  return rest;
}

/** Draft 2020-12 JSON Schema of a valibot schema (what OpenAPI 3.1 and MCP expect), no `$schema`. */
export const jsonSchemaOf = (schema: GenericSchema): JsonSchema => convert(schema);

/**
 * As `jsonSchemaOf`, for words about a schema rather than a published contract: a pipe item JSON
 * Schema cannot say (a `check`, a `transform`) is skipped instead of refused.
 */
export const lenientJsonSchemaOf = (schema: GenericSchema): JsonSchema => convert(schema, lenient);
