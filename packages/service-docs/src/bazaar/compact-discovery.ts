/**
 * The bazaar extension rides in every 402, in a header as well as the body, so it is kept
 * compact: the input schema without its prose (the OpenAPI document and the docs pages carry the
 * descriptions) and a pruned output example (objects to 3 levels, one array item, short strings).
 * Proxies commonly cap response headers at 8 KB; the full forecast schema and example alone took
 * more than that.
 */
/** Above this many characters a compacted schema is replaced by a pointer to the full one. */
export const MAX_INLINE_SCHEMA_CHARS = 1500;

/** The schema to put in a 402: compacted, or a pointer to the docs when still too large. */
export function challengeSchema(schema: unknown, docs: string): Record<string, unknown> {
  const compact = compactSchema(schema) as Record<string, unknown>;
  if (JSON.stringify(compact).length <= MAX_INLINE_SCHEMA_CHARS) return compact;
  return {
    type: "object",
    $comment: `The full request schema is too large for a header: see ${docs}`,
  };
}

function compactSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(compactSchema);
  if (schema === null || typeof schema !== "object") return schema;
  return Object.fromEntries(
    Object.entries(schema as Record<string, unknown>)
      .filter(([key]) => key !== "description" && key !== "examples" && key !== "$schema")
      .map(([key, value]) => [key, compactSchema(value)]),
  );
}

export function compactExample(value: unknown, depth = 3): unknown {
  if (typeof value === "string") return value.length > 80 ? `${value.slice(0, 77)}...` : value;
  if (value === null || typeof value !== "object") return value;
  if (depth === 0) return Array.isArray(value) ? [] : {};
  if (Array.isArray(value)) return value.slice(0, 1).map((v) => compactExample(v, depth - 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      k,
      compactExample(v, depth - 1),
    ]),
  );
}
