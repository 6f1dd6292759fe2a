import type { JsonSchema } from "@svc/report-model";

const isObjectSchema = (s: unknown): s is JsonSchema =>
  typeof s === "object" && s !== null && (s as JsonSchema).type === "object";

/**
 * A request body's schema with `type: "object"` at the top and no `anyOf` there, as OpenAPI-to-MCP
 * bridges and LLM tool APIs require of an input. A body that is one of several objects (the
 * report routes: the shared report model, or the legacy payload) is published as one object
 * with every variant's members, each as its variant states it (a member two variants state
 * differently is either), required only where every variant requires it; the description names
 * the variants and what marks each. The route still reads the body as the variant it names.
 * Any other schema is returned as it is.
 */
export function objectBodyOf(schema: JsonSchema): JsonSchema {
  const variants = schema.anyOf;
  if (!Array.isArray(variants) || variants.length === 0 || !variants.every(isObjectSchema)) {
    return schema;
  }
  const { anyOf: _variants, ...rest } = schema;
  const properties: Record<string, JsonSchema[]> = {};
  for (const variant of variants) {
    const own = (variant.properties ?? {}) as Record<string, JsonSchema>;
    for (const [name, member] of Object.entries(own)) {
      const seen = properties[name] ?? [];
      properties[name] = seen;
      if (!seen.some((s) => JSON.stringify(s) === JSON.stringify(member))) seen.push(member);
    }
  }
  const requiredBy = variants.map((v) => new Set((v.required ?? []) as string[]));
  const required = [...(requiredBy[0] ?? [])].filter((name) =>
    requiredBy.every((r) => r.has(name)),
  );
  const described = variants.map((v, i) => {
    const marks = (v.required ?? []) as string[];
    const what = typeof v.description === "string" ? v.description.replace(/\.$/, "") : "";
    return `(${i + 1}) ${what === "" ? "an object" : what}${marks.length === 0 ? "" : `, marked by ${marks.map((m) => `\`${m}\``).join(" and ")}`}`;
  });
  const description = [
    typeof schema.description === "string" ? schema.description : undefined,
    `One of ${variants.length} kinds of body: ${described.join("; ")}. A body is read as the kind whose marking member it has.`,
  ]
    .filter((part) => part !== undefined)
    .join("\n\n");
  return {
    ...rest,
    type: "object",
    description,
    properties: Object.fromEntries(
      Object.entries(properties).map(([name, schemas]) => [
        name,
        schemas.length === 1 ? schemas[0] : { anyOf: schemas },
      ]),
    ),
    ...(required.length === 0 ? {} : { required }),
  };
}
