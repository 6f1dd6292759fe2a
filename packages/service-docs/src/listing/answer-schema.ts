import type { AnyOperation } from "@svc/compliance";
import { type JsonSchema, jsonSchemaOf } from "@svc/report-model";

const cache = new WeakMap<AnyOperation, JsonSchema>();

/** Said of an operation that publishes no answer schema: an object, as its example shows. */
const ANY_OBJECT: JsonSchema = { type: "object" };

/**
 * The JSON Schema of an operation's 200 answer (`op.output`), converted once per operation, for
 * OpenAPI's response and the docs page; an open object where the operation publishes none.
 */
export function answerSchemaOf(op: AnyOperation): JsonSchema {
  let schema = cache.get(op);
  if (schema === undefined) {
    schema = op.output === undefined ? ANY_OBJECT : jsonSchemaOf(op.output);
    cache.set(op, schema);
  }
  return schema;
}
