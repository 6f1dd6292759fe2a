import { type JsonSchema, jsonSchemaOf } from "@svc/report-model";
import type { GenericSchema } from "valibot";
import { toolIcons } from "../card/icons.js";
import { structuredContentSchemaOf } from "../tools/structured-content.js";
import type { AnyTool } from "../tools/tool.js";

/** A JSON Schema MCP takes for a tool's input or output: one of an object. */
export type ObjectJsonSchema = JsonSchema & { type: "object" };

const inputSchemas = new WeakMap<AnyTool, ObjectJsonSchema>();
const outputSchemas = new WeakMap<AnyTool, ObjectJsonSchema>();

/**
 * A valibot schema of an object as JSON Schema. A choice of objects (an answer or a refusal)
 * converts to `anyOf` without a type of its own; MCP wants `type: "object"` at the top, which
 * every alternative already is.
 */
function objectSchemaOf(schema: GenericSchema): ObjectJsonSchema {
  const converted = jsonSchemaOf(schema);
  return { ...converted, type: "object" };
}

function cached(
  cache: WeakMap<AnyTool, ObjectJsonSchema>,
  tool: AnyTool,
  schema: GenericSchema,
): ObjectJsonSchema {
  let converted = cache.get(tool);
  if (converted === undefined) {
    converted = objectSchemaOf(schema);
    cache.set(tool, converted);
  }
  return converted;
}

/** A tool's input JSON Schema, converted from its valibot schema once per tool. */
export const inputSchemaOf = (tool: AnyTool): ObjectJsonSchema =>
  cached(inputSchemas, tool, tool.input);

/**
 * A tool's output JSON Schema, converted once per tool from its answer schema and the refusals
 * (`structuredContentSchemaOf`): what every result's `structuredContent` holds.
 */
export const outputSchemaOf = (tool: AnyTool): ObjectJsonSchema =>
  cached(outputSchemas, tool, structuredContentSchemaOf(tool));

/** Every tool only reads: screening, reports and simulations change nothing anywhere. */
const TOOL_ANNOTATIONS = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;

/** A tool as `tools/list` and the server card show it. */
export function listedTool(tool: AnyTool) {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: inputSchemaOf(tool),
    outputSchema: outputSchemaOf(tool),
    icons: toolIcons(tool.name),
    annotations: { title: tool.title, ...TOOL_ANNOTATIONS },
  };
}
