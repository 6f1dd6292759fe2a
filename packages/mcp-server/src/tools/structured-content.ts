import * as v from "valibot";
import type { AnyTool } from "./tool.js";

/**
 * A refusal, as an `isError` result carries it: the HTTP API's failure body (its stable code,
 * the message, and at most 20 issues with their field paths).
 */
const RefusalSchema = v.object({
  success: v.literal(false),
  code: v.string(),
  error: v.string(),
  issues: v.optional(v.array(v.looseObject({ path: v.string(), message: v.string() }))),
  moreIssues: v.optional(v.number()),
});

/** An unpaid or refused payment, as an `isError` result carries it: the x402 v2 PaymentRequired. */
const PaymentRequiredSchema = v.looseObject({
  x402Version: v.number(),
  error: v.optional(v.string()),
  resource: v.optional(v.looseObject({ url: v.string() })),
  accepts: v.array(v.looseObject({ scheme: v.string(), network: v.string(), amount: v.string() })),
});

const cache = new WeakMap<AnyTool, v.GenericSchema>();

/**
 * Everything a tool's result can hold as `structuredContent`: its answer; a refusal; and, for a
 * paid tool, the PaymentRequired (for a signed-in tool, the sign-in challenge: one with no
 * accepts). The tool's `outputSchema` is this, not the answer alone: MCP
 * clients (the SDK's among them) check the structured content of every result against it,
 * `isError` ones included, and this server's refusals and payment requests are structured.
 */
export function structuredContentSchemaOf(tool: AnyTool): v.GenericSchema {
  let schema = cache.get(tool);
  if (schema === undefined) {
    schema = v.union(
      tool.pricing.kind === "paid" || tool.signIn === true
        ? [tool.output, RefusalSchema, PaymentRequiredSchema]
        : [tool.output, RefusalSchema],
    );
    cache.set(tool, schema);
  }
  return schema;
}
