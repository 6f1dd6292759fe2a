import type { AnyOperation } from "@svc/compliance";
import { type JsonSchema, jsonSchemaOf } from "@svc/report-model";

const cache = new WeakMap<AnyOperation, JsonSchema>();

/**
 * The JSON Schema of an operation's 200 answer (`op.output`), converted once per operation, for
 * OpenAPI's response and the docs page.
 */
export function answerSchemaOf(op: AnyOperation): JsonSchema {
  let schema = cache.get(op);
  if (schema === undefined) {
    schema = jsonSchemaOf(op.output);
    cache.set(op, schema);
  }
  return schema;
}
