import { type JsonSchema, jsonSchemaOf } from "@svc/report-model";
import type { AnyTool } from "../tools/tool.js";

const schemas = new WeakMap<AnyTool, JsonSchema>();

/** A tool's input JSON Schema, converted from its valibot schema once per tool. */
export function inputSchemaOf(tool: AnyTool): JsonSchema & { type: "object" } {
  let schema = schemas.get(tool);
  if (schema === undefined) {
    schema = jsonSchemaOf(tool.input);
    schemas.set(tool, schema);
  }
  return schema as JsonSchema & { type: "object" };
}

/** Every tool only reads: screening, reports and simulations change nothing anywhere. */
export const TOOL_ANNOTATIONS = {
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
    annotations: { title: tool.title, ...TOOL_ANNOTATIONS },
  };
}
