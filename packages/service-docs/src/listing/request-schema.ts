import type { AnyOperation } from "@svc/compliance";
import { type JsonSchema, jsonSchemaOf } from "@svc/report-model";
import type { GenericSchema } from "valibot";

const cache = new WeakMap<AnyOperation, JsonSchema>();

/**
 * The JSON Schema of an operation's input, converted from its valibot schema once per operation
 * (the 402's bazaar extension, OpenAPI and the docs pages all show it; none converts it again
 * per request).
 */
export function requestSchemaOf(op: AnyOperation): JsonSchema {
  let schema = cache.get(op);
  if (schema === undefined) {
    schema = jsonSchemaOf(op.input as GenericSchema);
    cache.set(op, schema);
  }
  return schema;
}
