import type { JsonSchema } from "@svc/report-model";
import { patternMaxLength } from "./pattern-length.js";

/** Members of a schema that hold values, not schemas: never read as one. */
const VALUE_MEMBERS = new Set(["const", "enum", "default", "example", "examples"]);

const typesOf = (schema: JsonSchema): unknown[] =>
  Array.isArray(schema.type) ? schema.type : [schema.type];

/** What bounds a value that its own schema leaves unbounded. */
export interface OuterBound {
  /** The most characters a string can have there. */
  readonly maxLength: number;
  /** The most items a list can have there; none where no list is read (a header). */
  readonly maxItems?: number;
}

/**
 * The bound a JSON body of at most `maxBytes` bytes puts on every value in it: no string in it
 * has more characters than the body has bytes, and no list more items than half of them (each
 * item takes a byte and a comma). The route refuses a larger body (413) before reading it.
 */
export const bodyBound = (maxBytes: number): OuterBound => ({
  maxLength: maxBytes,
  maxItems: Math.floor(maxBytes / 2),
});

/**
 * `schema` with a `maxLength` on every string and a `maxItems` on every list of a request, as the
 * service enforces them: a field's own bound stays; a `pattern` that bounds the length says it
 * (`patternMaxLength`); what nothing in the field bounds is bounded by where it travels (`outer`:
 * the route's body limit, or a header's or a request target's). Nothing is bounded tighter than
 * the service bounds it, so a client keeping to the published schema is never refused for size.
 */
export function boundedRequestSchema(schema: JsonSchema, outer: OuterBound): JsonSchema {
  const bounded: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    bounded[key] = VALUE_MEMBERS.has(key) ? value : boundedValue(value, outer);
  }
  const types = typesOf(schema);
  const fixed = "enum" in schema || "const" in schema;
  if (types.includes("string") && !fixed && schema.maxLength === undefined) {
    const byPattern =
      typeof schema.pattern === "string" ? patternMaxLength(schema.pattern) : undefined;
    bounded.maxLength = byPattern ?? outer.maxLength;
  }
  if (types.includes("array") && schema.maxItems === undefined && outer.maxItems !== undefined) {
    bounded.maxItems = outer.maxItems;
  }
  return bounded;
}

/** A member of a schema: a subschema, a list or map of them, or a keyword's plain value. */
function boundedValue(value: unknown, outer: OuterBound): unknown {
  if (Array.isArray(value)) return value.map((item) => boundedValue(item, outer));
  if (typeof value === "object" && value !== null) {
    return boundedRequestSchema(value as JsonSchema, outer);
  }
  return value;
}
