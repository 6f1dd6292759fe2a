import type * as v from "valibot";
import type { InputIssue } from "../inputs/input-error.js";

type Node = {
  type: string;
  wrapped?: Node;
  entries?: Record<string, Node>;
  value?: Node;
  item?: Node;
  key?: string;
  options?: Node[];
  literal?: unknown;
  pipe?: (Node & { kind: string; requirement?: unknown })[];
};

const WRAPPERS = new Set(["optional", "nullable", "nullish", "non_optional", "exact_optional"]);
const OBJECTS = new Set(["strict_object", "object", "loose_object", "record"]);
const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === "object" && x !== null && !Array.isArray(x);
const join = (path: string, key: string) => (path === "" ? key : `${path}.${key}`);

/**
 * The schema that validates a value's contents: below its wrappers, a pipe's last schema (for a
 * size-checked list, the `array(item)` after the size-only check), else the schema itself.
 */
function contentsOf(schema: Node): Node {
  let node = schema;
  for (;;) {
    if (WRAPPERS.has(node.type) && node.wrapped) node = node.wrapped;
    else {
      const last = node.pipe?.findLast((item) => item.kind === "schema");
      if (last === undefined || last === node) return node;
      node = last;
    }
  }
}

/** The most items (entries) a list (map) may hold: the least bound of its pipes. */
function maxSize(schema: Node): number {
  let node = schema;
  while (WRAPPERS.has(node.type) && node.wrapped) node = node.wrapped;
  let max = Number.POSITIVE_INFINITY;
  for (const item of node.pipe ?? []) {
    if (item.type === "max_length" || item.type === "max_entries") {
      max = Math.min(max, item.requirement as number);
    } else if (item.kind === "schema" && item !== node && item.pipe) {
      max = Math.min(max, maxSize(item));
    }
  }
  return max;
}

/** Past its bound a list or map is refused by its size alone: its elements are not walked. */
const withinBound = (schema: Node, size: number) => size <= maxSize(schema);

/**
 * What valibot leaves out, found by walking the input with the schema: every unexpected member
 * of a strict object (valibot reports the first only) and arrays where an object is expected
 * (valibot takes them as objects keyed "0", "1", …).
 */
export function structureIssues(schema: v.GenericSchema, input: unknown, path = ""): InputIssue[] {
  const node = contentsOf(schema as unknown as Node);
  if (OBJECTS.has(node.type) && Array.isArray(input)) {
    const name = path.split(".").pop() || "the body";
    return [{ path, message: `${name} must be an object` }];
  }
  if (Array.isArray(input) && !withinBound(schema as unknown as Node, input.length)) return [];
  if (node.type === "array" && Array.isArray(input) && node.item) {
    const item = node.item as unknown as v.GenericSchema;
    return input.flatMap((x, i) => structureIssues(item, x, `${path}[${i}]`));
  }
  if (!isObject(input)) return [];
  if (
    node.type === "record" &&
    !withinBound(schema as unknown as Node, Object.keys(input).length)
  ) {
    return [];
  }
  if (node.type === "variant") {
    const option = node.options?.find((o) => o.entries?.[node.key!]?.literal === input[node.key!]);
    return option ? structureIssues(option as unknown as v.GenericSchema, input, path) : [];
  }
  return Object.entries(input).flatMap(([key, value]) => {
    const child = node.type === "record" ? node.value : node.entries?.[key];
    if (child) return structureIssues(child as unknown as v.GenericSchema, value, join(path, key));
    return node.type === "strict_object"
      ? [{ path: join(path, key), message: `unexpected member ${key}` }]
      : [];
  });
}
