import { html, type SafeHtml } from "./html.js";

type Schema = Readonly<Record<string, unknown>>;

const isSchema = (x: unknown): x is Schema =>
  typeof x === "object" && x !== null && !Array.isArray(x);
const schemasOf = (x: unknown): Schema[] => (Array.isArray(x) ? x.filter(isSchema) : []);
const hasProperties = (s: Schema): boolean => isSchema(s.properties);

/** Past this depth the page points at the full JSON Schema instead of nesting further. */
const MAX_DEPTH = 4;

/** "string", "string[]", "object", "integer or null", "one of 2 shapes"… */
export function typeLabel(s: Schema): string {
  if (s.const !== undefined) return `exactly ${JSON.stringify(s.const)}`;
  const variants = schemasOf(s.anyOf ?? s.oneOf);
  if (variants.length > 0) {
    const labels = [...new Set(variants.map(typeLabel))];
    return labels.length <= 3 ? labels.join(" or ") : `one of ${variants.length} shapes`;
  }
  const type = Array.isArray(s.type) ? s.type.join(" or ") : s.type;
  if (type === "array" && isSchema(s.items)) {
    const item = typeLabel(s.items);
    return /\s/.test(item) ? `array of (${item})` : `${item}[]`;
  }
  if (typeof type === "string") return type;
  if (Array.isArray(s.enum)) return "enum";
  return "any";
}

/** The rules of a value in words: lengths, ranges, allowed values, closed objects. */
export function constraintsOf(s: Schema): string[] {
  const out: string[] = [];
  const range = (min: unknown, max: unknown, unit: string) => {
    if (typeof min === "number" && typeof max === "number") out.push(`${min} to ${max}${unit}`);
    else if (typeof min === "number") out.push(`at least ${min}${unit}`);
    else if (typeof max === "number") out.push(`at most ${max}${unit}`);
  };
  range(s.minLength, s.maxLength, " characters");
  range(s.minItems, s.maxItems, " items");
  range(s.minimum, s.maximum, "");
  if (typeof s.exclusiveMinimum === "number") out.push(`greater than ${s.exclusiveMinimum}`);
  if (typeof s.exclusiveMaximum === "number") out.push(`less than ${s.exclusiveMaximum}`);
  if (Array.isArray(s.enum)) out.push(`one of: ${s.enum.map((e) => JSON.stringify(e)).join(", ")}`);
  if (typeof s.pattern === "string") out.push(`matches /${s.pattern}/`);
  if (typeof s.format === "string") out.push(`format ${s.format}`);
  if (s.default !== undefined) out.push(`default ${JSON.stringify(s.default)}`);
  if (s.additionalProperties === false && hasProperties(s)) out.push("no other members allowed");
  if (isSchema(s.items)) {
    const inner = constraintsOf(s.items).filter((c) => c !== "no other members allowed");
    if (inner.length > 0 && !hasProperties(s.items)) out.push(`each item: ${inner.join(", ")}`);
  }
  return out;
}

/** What goes under a field: the shape of its object, of its array items, or of its variants. */
function nestedOf(s: Schema, depth: number): SafeHtml | undefined {
  if (depth >= MAX_DEPTH) return undefined;
  if (hasProperties(s)) return html`<div class="nested">${objectTable(s, depth + 1)}</div>`;
  if (isSchema(s.items) && hasProperties(s.items)) {
    return html`<div class="nested"><span class="muted">Each item:</span>${objectTable(s.items, depth + 1)}</div>`;
  }
  const variants = schemasOf(s.anyOf ?? s.oneOf).filter(hasProperties);
  if (variants.length > 0) {
    return html`<div class="nested">${variants.map(
      (v, i) =>
        html`<span class="muted">Shape ${i + 1}${typeof v.description === "string" ? html`: ${v.description}` : ""}</span>${objectTable(v, depth + 1)}`,
    )}</div>`;
  }
  return undefined;
}

function objectTable(s: Schema, depth: number): SafeHtml {
  const properties = Object.entries(s.properties as Record<string, unknown>).filter(
    (entry): entry is [string, Schema] => isSchema(entry[1]),
  );
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  if (properties.length === 0)
    return html`<p class="muted">An object with no declared members.</p>`;
  return html`<div class="table-scroll"><table class="schema">
<thead><tr><th>Field</th><th>Type</th><th>Details</th></tr></thead>
<tbody>${properties.map(([name, p]) => {
    const constraints = constraintsOf(p);
    return html`<tr>
<td class="field"><code>${name}</code>${required.has(name) ? html`<span class="req">required</span>` : ""}</td>
<td class="type"><code>${typeLabel(p)}</code></td>
<td>${typeof p.description === "string" ? p.description : ""}${
      constraints.length > 0 ? html`<div class="constraints">${constraints.join("; ")}</div>` : ""
    }${nestedOf(p, depth)}</td>
</tr>`;
  })}</tbody></table></div>`;
}

/**
 * A JSON Schema for people: a table of members (name, type, required, rules, description),
 * nested for objects, array items and alternative shapes. The full schema stays one click away.
 */
export function schemaHtml(schema: Schema): SafeHtml {
  const closed = schema.additionalProperties === false && hasProperties(schema);
  const intro = hasProperties(schema)
    ? html`<p class="muted">A JSON object${closed ? "; members not listed here are refused" : ""}.</p>${objectTable(schema, 0)}`
    : (nestedOf(schema, 0) ?? html`<p class="muted">Type: <code>${typeLabel(schema)}</code></p>`);
  return html`${typeof schema.description === "string" ? html`<p>${schema.description}</p>` : ""}${intro}
<details><summary>Full JSON Schema</summary><pre><code>${JSON.stringify(schema, null, 2)}</code></pre></details>`;
}
