import { type JsonSchema, jsonSchemaOf } from "@svc/report-model";
import type { GenericSchema } from "valibot";
import { structuredContentSchemaOf } from "../tools/structured-content.js";
import { type AnyTool, PRICE_ARGUMENT } from "../tools/tool.js";
import { leanInputSchema } from "./lean-schema.js";
import { MCP_PAYING_PROXY } from "./server-info.js";

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

/**
 * The hints of a tool as they are on a server (MCP's ToolAnnotations). A screening, a report or a
 * simulation changes nothing of the service; a call paid for does change the world: it moves the
 * caller's USDC on a public chain through the facilitator (an additive change, never a
 * destructive one), and a second call with the same arguments is charged again. So a tool this
 * server charges for is neither read-only nor idempotent, and reaches beyond the server (a client
 * that runs read-only tools without asking then asks before it spends); a free tool, or any tool
 * of the free standalone server, only reads, unless it says what else it does (`effects`: an
 * owner's change or deletion of a monitor).
 */
function toolAnnotationsOf(tool: AnyTool, paid: boolean) {
  const effects = tool.effects;
  if (effects !== undefined && tool.pricing.kind === "free") {
    return {
      readOnlyHint: effects.readOnly,
      destructiveHint: effects.destructive,
      idempotentHint: effects.idempotent,
      openWorldHint: effects.openWorld,
    };
  }
  const charged = paid && tool.pricing.kind === "paid";
  return {
    readOnlyHint: !charged,
    destructiveHint: false,
    idempotentHint: !charged,
    openWorldHint: charged,
  };
}

/** "$0.10" for "0.10": the catalog's USD price as people read it. */
const dollars = (price: string): string => `$${price}`;

/**
 * What a call of a paid tool costs, in the words its description starts with, from the tool's
 * pricing (the catalog's price; a format that costs more adds its document route's):
 * "$0.01 per call", or "$0.04 per call (output_format json), $0.09 for pdf, $0.10 for docx".
 */
function priceOfCall(tool: AnyTool): string | null {
  const { pricing } = tool;
  if (pricing.kind === "free") return null;
  const base = `${dollars(pricing.price)} per call`;
  const byFormat = pricing.byOutputFormat;
  if (byFormat === undefined) return base;
  const formats = pricing.formats ?? Object.keys(byFormat);
  const atBase = formats.filter((f) => byFormat[f] === undefined);
  const priced = Object.entries(byFormat).map(([f, price]) => `${dollars(price)} for ${f}`);
  const which = atBase.length === 0 ? "" : ` (${PRICE_ARGUMENT} ${atBase.join(" or ")})`;
  return [`${base}${which}`, ...priced].join(", ");
}

/** How a paid tool is paid for, said after its price. */
const PAID_OVER_X402 = `paid over x402 (USDC) — \`${MCP_PAYING_PROXY.command}\` ${MCP_PAYING_PROXY.pays}.`;

/**
 * A tool's description as a server lists it: on a server that charges, a paid tool's starts with
 * its price and how it is paid; otherwise it is the tool's own.
 */
function listedDescriptionOf(tool: AnyTool, paid: boolean): string {
  const price = paid ? priceOfCall(tool) : null;
  return price === null ? tool.description : `${price}, ${PAID_OVER_X402} ${tool.description}`;
}

/**
 * A tool with everything a client may want of it: its full input schema (every description
 * whole) and its output schema. What the server card and the docs give; `tools/list` gives
 * `toolsListEntry`. `paid` (default: the hosted server) says whether the server charges.
 */
export function listedTool(tool: AnyTool, paid = true) {
  return {
    name: tool.name,
    title: tool.title,
    description: listedDescriptionOf(tool, paid),
    inputSchema: inputSchemaOf(tool),
    outputSchema: outputSchemaOf(tool),
    annotations: toolAnnotationsOf(tool, paid),
  };
}

const leanInputs = new WeakMap<AnyTool, ObjectJsonSchema>();

/**
 * A tool as `tools/list` gives it, lean because a listing goes whole into a model's context:
 * its name, title, description (with its price where the server charges), hints and input
 * schema within `LISTED_INPUT_BYTES` (`leanInputSchema`). No icon (the server's is in its
 * `serverInfo` and card) and no output schema: a model does not read one, the answer's JSON comes
 * as text beside the structured content, and the full schemas are in the server card. The
 * tool's own input schema is what its arguments are validated with, whatever is listed.
 */
export function toolsListEntry(tool: AnyTool, paid: boolean) {
  let inputSchema = leanInputs.get(tool);
  if (inputSchema === undefined) {
    inputSchema = leanInputSchema(inputSchemaOf(tool));
    leanInputs.set(tool, inputSchema);
  }
  return {
    name: tool.name,
    title: tool.title,
    description: listedDescriptionOf(tool, paid),
    inputSchema,
    annotations: toolAnnotationsOf(tool, paid),
  };
}
