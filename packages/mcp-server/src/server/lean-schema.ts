import type { JsonSchema } from "@svc/report-model";

/**
 * How many bytes of JSON a tool's input schema may take in `tools/list`, which goes whole into a
 * model's context before it has done anything. Most inputs fit with their descriptions; the
 * report model of the document tools and the workflows' wallet weights do not, and are listed by
 * their arguments (the twelve tools' listing is about 18 KB, and must stay under 24 KB).
 */
export const LISTED_INPUT_BYTES = 2_100;

/** Keywords that hold subschemas, and how deep their subschemas sit (see `depth` below). */
const NESTING = {
  properties: "members",
  additionalProperties: "member",
  items: "same",
  prefixItems: "same",
  anyOf: "same",
  oneOf: "same",
  allOf: "same",
  not: "same",
} as const;

type Schema = JsonSchema;
type Node = Schema | boolean;

const isSchema = (node: unknown): node is Schema =>
  typeof node === "object" && node !== null && !Array.isArray(node);

/** Whether a schema holds other schemas (an object's members, an array's items, a choice). */
const isStructured = (schema: Schema): boolean =>
  Object.keys(NESTING).some((key) => {
    const held = schema[key];
    return key === "not" ? false : isSchema(held) || Array.isArray(held);
  });

/** Abbreviations a sentence does not end at ("e.g. ETH", "i.e. the list"). */
const ABBREVIATION = /(?:\b(?:e\.g|i\.e|etc|vs|cf|approx)|\b[A-Z])$/i;

/**
 * The first sentence of a description: up to the first full stop (or `;`) followed by a space
 * and a capital, quote or backtick that does not close an abbreviation; the whole text when it
 * is one sentence.
 */
export function firstSentence(text: string): string {
  const stop = /[.;!?](?=\s+[A-Z`"'(])/g;
  for (const match of text.matchAll(stop)) {
    const end = match.index;
    if (text[end] === "." && ABBREVIATION.test(text.slice(0, end))) continue;
    return text[end] === ";" ? `${text.slice(0, end)}.` : text.slice(0, end + 1);
  }
  return text;
}

/** What a listing keeps of each node at one step (see `leanInputSchema`). */
interface Step {
  /** Descriptions are kept down to this depth (1: the arguments). */
  readonly describedTo: number;
  /** A structure at this depth or deeper is listed by its type and description only. */
  readonly collapseFrom: number;
  /** An optional argument that is a structure is listed by its type and description only. */
  readonly collapseOptional: boolean;
}

/**
 * `schema` at `depth` as a step lists it: keywords that constrain nothing dropped (`required:
 * []`, `properties: {}`, `propertyNames: {type: "string"}`), descriptions cut or dropped, and
 * structures below the step's depth collapsed. Depth 0 is the input itself, 1 its arguments, 2
 * their members (an array's items sit at the array's depth, a record's values one below).
 */
function listed(node: Node, depth: number, step: Step, optional = false): Node {
  if (!isSchema(node)) return node;
  const described = (): Schema => {
    const text = node.description;
    if (typeof text !== "string" || depth === 0 || depth > step.describedTo) return {};
    return { description: firstSentence(text) };
  };
  if ((depth >= step.collapseFrom || optional) && isStructured(node)) {
    return { ...(node.type === undefined ? {} : { type: node.type }), ...described() };
  }
  const required = new Set(Array.isArray(node.required) ? node.required : []);
  const out: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "description") continue;
    if (key === "required" && Array.isArray(value) && value.length === 0) continue;
    if (key === "properties" && isSchema(value) && Object.keys(value).length === 0) continue;
    if (key === "propertyNames" && isSchema(value) && isPlainString(value)) continue;
    const nesting = NESTING[key as keyof typeof NESTING];
    if (nesting === undefined) {
      out[key] = value;
    } else if (nesting === "members" && isSchema(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, member]) => [
          name,
          listed(
            member as Node,
            depth + 1,
            step,
            depth === 0 && step.collapseOptional && !required.has(name),
          ),
        ]),
      );
    } else {
      const below = nesting === "member" ? depth + 1 : depth;
      out[key] = Array.isArray(value)
        ? value.map((item) => listed(item as Node, below, step))
        : listed(value as Node, below, step);
    }
  }
  return { ...out, ...described() };
}

const isPlainString = (schema: Schema): boolean =>
  Object.keys(schema).length === 1 && schema.type === "string";

/** How deep the deepest structure of `node` sits. */
function deepest(node: Node, depth = 0): number {
  if (!isSchema(node)) return depth;
  let found = depth;
  for (const [key, value] of Object.entries(node)) {
    const nesting = NESTING[key as keyof typeof NESTING];
    if (nesting === undefined) continue;
    const members =
      nesting === "members" && isSchema(value)
        ? Object.values(value).map((m) => deepest(m as Node, depth + 1))
        : (Array.isArray(value) ? value : [value]).map((m) =>
            deepest(m as Node, nesting === "member" ? depth + 1 : depth),
          );
    found = Math.max(found, ...members);
  }
  return found;
}

const bytesOf = (schema: Node): number => Buffer.byteLength(JSON.stringify(schema));

/**
 * A tool's input schema as `tools/list` gives it, within `budget` bytes where it can be: the
 * first of these that fits, each giving up a little more of what a model can do without (the
 * tool validates its whole input all the same, and its full schema is in the server card):
 *
 * 1. the schema whole, less its own description (the tool's says it) and keywords that
 *    constrain nothing;
 * 2. every description cut to its first sentence;
 * 3. descriptions kept on the arguments only;
 * 4. structures below the arguments' members listed by type and description, one level at a
 *    time from the deepest, down to the members of the arguments.
 *
 * Every argument stays listed with its type, bounds and description, and every member of an
 * argument with its type: what is collapsed is only looser than the tool, never narrower.
 */
export function leanInputSchema<S extends Schema>(
  schema: S,
  budget: number = LISTED_INPUT_BYTES,
): S {
  const whole = Number.POSITIVE_INFINITY;
  const steps: Step[] = [
    { describedTo: whole, collapseFrom: whole, collapseOptional: false },
    { describedTo: 1, collapseFrom: whole, collapseOptional: false },
  ];
  for (let depth = deepest(schema); depth >= 2; depth--) {
    steps.push({ describedTo: 1, collapseFrom: depth, collapseOptional: false });
  }
  steps.push({ describedTo: 1, collapseFrom: 2, collapseOptional: true });
  let lean: Node = schema;
  for (const step of steps) {
    lean = listed(schema, 0, step);
    if (bytesOf(lean) <= budget) break;
  }
  return lean as S;
}
