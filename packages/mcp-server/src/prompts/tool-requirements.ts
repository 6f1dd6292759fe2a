import { describeJsonSchema, type JsonSchema, jsonSchemaOf } from "@svc/report-model";
import type { AnyTool } from "../tools/tool.js";

/**
 * What a prompt says a tool requires, read from the tool's own input schema (the JSON Schema
 * `tools/list` publishes), so a prompt cannot ask for less, or other, than the tool takes: when a
 * tool's schema changes, the prompts leading to it change with it.
 *
 * The sentences have one shape, one per line, which the prompts' test reads back:
 *
 *     The queue_optimize tool requires: `review_items` (an array of 1 to 500 objects), `review_budget` (an integer ≥ 1).
 *     Each item of `review_items` requires: `address` (…), `exposure_usd` (a number ≥ 0), `relationship_tier` (one of low, standard, high, critical).
 *
 * Each backquoted name is a required member at that level, and every required member at that
 * level is named.
 */

const schemas = new WeakMap<AnyTool, JsonSchema>();

/** The tool's input JSON Schema (as `tools/list` publishes it), converted once per tool. */
function inputJsonSchemaOf(tool: AnyTool): JsonSchema {
  let schema = schemas.get(tool);
  if (schema === undefined) {
    schema = jsonSchemaOf(tool.input);
    schemas.set(tool, schema);
  }
  return schema;
}

const asSchema = (x: unknown): JsonSchema | undefined =>
  typeof x === "object" && x !== null && !Array.isArray(x) ? (x as JsonSchema) : undefined;

const requiredNames = (schema: JsonSchema | undefined): string[] =>
  Array.isArray(schema?.required) ? (schema.required as string[]) : [];

/**
 * Where the members of a member's values are described: its items (an array of objects) or its
 * entries (a map of objects), with the word a sentence calls one of them.
 */
function nestedObjectOf(
  member: JsonSchema | undefined,
): { readonly word: "item" | "entry"; readonly schema: JsonSchema } | undefined {
  const items = asSchema(member?.items);
  if (items !== undefined) return { word: "item", schema: items };
  const entries = asSchema(member?.additionalProperties);
  if (entries !== undefined) return { word: "entry", schema: entries };
  return undefined;
}

/** One required member as a sentence names it: `` `exposure_usd` (a number ≥ 0) ``. */
const named = (schema: JsonSchema, name: string): string => {
  const member = asSchema(asSchema(schema.properties)?.[name]);
  return member === undefined ? `\`${name}\`` : `\`${name}\` (${describeJsonSchema(member)})`;
};

const sentence = (subject: string, schema: JsonSchema): string => {
  const names = requiredNames(schema);
  return names.length === 0
    ? `${subject} requires nothing.`
    : `${subject} requires: ${names.map((name) => named(schema, name)).join(", ")}.`;
};

/** The required members of an object schema, at the top or under a member's items or entries. */
function levelOf(tool: AnyTool, under: string | undefined) {
  const top = inputJsonSchemaOf(tool);
  if (under === undefined) return { subject: `The ${tool.name} tool`, schema: top };
  const nested = nestedObjectOf(asSchema(asSchema(top.properties)?.[under]));
  if (nested === undefined) {
    throw new Error(`${tool.name}: ${under} holds no objects whose members a prompt could name`);
  }
  return { subject: `Each ${nested.word} of \`${under}\``, schema: nested.schema };
}

/**
 * What `tool` requires: its required members, then, for each member in `under`, the required
 * members of that member's items or entries; one sentence a line.
 */
export function toolRequires(tool: AnyTool, under: readonly string[] = []): string {
  return [undefined, ...under]
    .map((member) => {
      const { subject, schema } = levelOf(tool, member);
      return sentence(subject, schema);
    })
    .join("\n");
}

/** The names of the required members of `member`'s items or entries (`address, exposure_usd and relationship_tier`). */
export function requiredMembersOf(tool: AnyTool, member: string): string {
  const names = requiredNames(levelOf(tool, member).schema);
  return names.length <= 1
    ? names.join("")
    : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
