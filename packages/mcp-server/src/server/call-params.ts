import * as v from "valibot";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The params of `tools/call`: a tool name, optional arguments (an object), optional `_meta` (an
 * object: where an x402 payment rides). Checked without walking the arguments: the tool's own
 * schema does that, after payment.
 */
export const CallParams = v.object(
  {
    name: v.pipe(v.string("name must be a string"), v.maxLength(256, "name is too long")),
    arguments: v.optional(
      v.custom<Record<string, unknown>>(isRecord, "arguments must be an object"),
    ),
    _meta: v.optional(v.custom<Record<string, unknown>>(isRecord, "_meta must be an object")),
  },
  "the params must be an object with a tool name",
);

/** One short sentence for a malformed `tools/call`: the first problem, never a dump. */
export function callParamsMessage(issues: readonly v.BaseIssue<unknown>[]): string {
  const first = issues[0];
  const key = first?.path?.[0]?.key;
  if (first === undefined || key === undefined)
    return "Invalid tools/call params: an object with a tool name is required.";
  return `Invalid tools/call params: ${first.message}.`;
}
