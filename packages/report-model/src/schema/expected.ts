import type { GenericSchema } from "valibot";
import { type JsonSchema, lenientJsonSchemaOf } from "./convert.js";

/**
 * What a schema expects, in words, from its published JSON Schema: `an integer ≥ 1`, `a string
 * of at most 256 characters`, `one of low, standard, high, critical`, `an array of 1 to 500
 * objects`. The refusals of a missing member and the MCP prompts say it, so what they say is
 * what the JSON Schema publishes.
 */

type Json = JsonSchema;

const KINDS: Readonly<Record<string, string>> = {
  string: "a string",
  number: "a number",
  integer: "an integer",
  boolean: "true or false",
  null: "null",
  array: "an array",
  object: "an object",
};

const PLURALS: Readonly<Record<string, string>> = {
  string: "strings",
  number: "numbers",
  integer: "integers",
  boolean: "booleans",
  object: "objects",
  array: "arrays",
};

const num = (x: unknown): number | undefined => (typeof x === "number" ? x : undefined);
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** `from 7 to 365`, `≥ 0`, `> 0`, `≤ 10`, or "" without bounds. */
function valueBounds(s: Json): string {
  const min = num(s.minimum);
  const max = num(s.maximum);
  const above = num(s.exclusiveMinimum);
  const below = num(s.exclusiveMaximum);
  if (min !== undefined && max !== undefined) return ` from ${min} to ${max}`;
  const parts = [
    min === undefined ? "" : `≥ ${min}`,
    above === undefined ? "" : `> ${above}`,
    max === undefined ? "" : `≤ ${max}`,
    below === undefined ? "" : `< ${below}`,
  ].filter((p) => p !== "");
  return parts.length === 0 ? "" : ` ${parts.join(" and ")}`;
}

/** ` of 1 to 500 <units>`, ` of at most 256 <units>`, ` of at least 1 <unit>`, or ` of <units>`. */
function countBounds(min: number | undefined, max: number | undefined, one: string, many: string) {
  if (min !== undefined && min > 0 && max !== undefined) {
    return min === max ? ` of ${min} ${plural(min, one, many)}` : ` of ${min} to ${max} ${many}`;
  }
  if (max !== undefined) return ` of at most ${max} ${plural(max, one, many)}`;
  if (min !== undefined && min > 0) return ` of at least ${min} ${plural(min, one, many)}`;
  return "";
}

/** The words for one JSON Schema (its description aside). */
export function describeJsonSchema(schema: Json): string {
  if ("const" in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) {
    return `one of ${schema.enum.map((x) => (typeof x === "string" ? x : JSON.stringify(x))).join(", ")}`;
  }
  const options = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (Array.isArray(options)) {
    return [...new Set(options.map(describeJsonSchema))].join(" or ");
  }
  const type = schema.type;
  if (Array.isArray(type)) {
    return type.map((t) => describeJsonSchema({ ...schema, type: t })).join(" or ");
  }
  switch (type) {
    case "string":
      return `a string${countBounds(num(schema.minLength), num(schema.maxLength), "character", "characters")}`;
    case "number":
    case "integer":
      return `${KINDS[type]}${valueBounds(schema)}`;
    case "array": {
      const items = schema.items as Json | undefined;
      const itemType = typeof items?.type === "string" ? items.type : undefined;
      const many = (itemType && PLURALS[itemType]) ?? "items";
      const one = many === "items" ? "item" : many.slice(0, -1);
      const bounds = countBounds(num(schema.minItems), num(schema.maxItems), one, many);
      return bounds === "" && many !== "items" ? `an array of ${many}` : `an array${bounds}`;
    }
    default:
      return typeof type === "string" ? (KINDS[type] ?? `a ${type}`) : "a value";
  }
}

/** A description as a clause: no final period. */
const clause = (description: unknown): string | undefined =>
  typeof description === "string" && description.trim() !== ""
    ? description.trim().replace(/\.$/, "")
    : undefined;

const cache = new WeakMap<object, string>();

/**
 * What `schema` expects, with its description when it has one: `a number ≥ 0 (Exposure to the
 * wallet in US dollars)`. Converted once per schema.
 */
export function expectedOf(schema: GenericSchema): string {
  let words = cache.get(schema);
  if (words === undefined) {
    let json: Json;
    try {
      json = lenientJsonSchemaOf(schema);
    } catch {
      json = {};
    }
    const description = clause(json.description);
    words = `${describeJsonSchema(json)}${description === undefined ? "" : ` (${description})`}`;
    cache.set(schema, words);
  }
  return words;
}
