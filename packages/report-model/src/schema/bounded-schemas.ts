import * as v from "valibot";
import { receivedType } from "./received.js";

/**
 * Lists and maps whose size is checked before their contents. valibot's `pipe(array(item),
 * maxLength(n))` validates every item before it looks at the length, so a 200,000-element list
 * sent to a 100-item field costs 200,000 item checks and as many issues. Here the size comes
 * first (`pipe(array(unknown()), minLength, maxLength, array(item))`): a pipe stops before its
 * next schema once an issue exists, so a list of the wrong size is refused with one issue and its
 * items are never validated.
 *
 * The JSON Schema is published as if the field were the plain `array(item)` (or `record(key,
 * value)`) with the same bounds: the size-only schema that opens the pipe carries the full one
 * (`publishedSchemaOf`), which `jsonSchemaOf` converts in its place.
 */

const PUBLISHED = Symbol.for("@svc/report-model/published-schema");

/** The schema a size-only check is published as, or undefined for any other schema. */
export function publishedSchemaOf(schema: object): v.GenericSchema | undefined {
  return (schema as { [PUBLISHED]?: v.GenericSchema })[PUBLISHED];
}

/**
 * `schema`, published in JSON Schema as `published` (`jsonSchemaOf` converts the one in place of
 * the other). For a check that another layer enforces with its own words: a size checked before
 * the contents, an address whose length the screening itself refuses (with its own code).
 */
export const publishedAs = <T extends object>(schema: T, published: v.GenericSchema): T =>
  Object.defineProperty(schema, PUBLISHED, { value: published, enumerable: false });

/**
 * Size bounds and the words of a refusal. Each message defaults to words built from `name`
 * (`review_items must be an array; got an object`, `review_items must hold 1 to 500 items; got
 * 501`); a message given here replaces them.
 */
export interface SizeBounds {
  /** Fewest items (entries); no lower bound when absent. */
  readonly min?: number;
  /** Most items (entries); no upper bound when absent. */
  readonly max?: number;
  /** How messages call the list or map (`review_items`, `each table's rows`); `the list` or `the map` when absent. */
  readonly name?: string;
  /** Said when the value is not an array (not an object, for a record). */
  readonly message?: string;
  /** Said when there are fewer than `min`. */
  readonly minMessage?: string;
  /** Said when there are more than `max`. */
  readonly maxMessage?: string;
  readonly description?: string;
}

type SizeMessage = (issue: v.BaseIssue<unknown>) => string;

/** `1 to 500`, `at most 100`, `at least 1`. */
function sizeRange({ min, max }: SizeBounds): string {
  if (min !== undefined && max !== undefined) return `${min} to ${max}`;
  return max !== undefined ? `at most ${max}` : `at least ${min ?? 0}`;
}

/** The type refusal and the size refusal of a list (`length`) or a map (`entries`). */
function sizeMessages(bounds: SizeBounds, kind: "length" | "entries") {
  const name = bounds.name ?? (kind === "length" ? "the list" : "the map");
  const what = kind === "length" ? "an array" : "an object";
  const unit = kind === "length" ? "items" : "entries";
  const type: SizeMessage = (issue) => `${name} must be ${what}; got ${receivedType(issue.input)}`;
  const size: SizeMessage = (issue) =>
    `${name} must hold ${sizeRange(bounds)} ${unit}; got ${issue.received}`;
  return {
    type: bounds.message ?? type,
    min: bounds.minMessage ?? size,
    max: bounds.maxMessage ?? size,
  };
}

type Action = v.PipeAction<unknown, unknown, v.BaseIssue<unknown>>;

/** The size checks and the description, in the order the JSON Schema lists them. */
function sizeActions(bounds: SizeBounds, kind: "length" | "entries"): Action[] {
  const actions: Action[] = [];
  const { min, max } = bounds;
  const { min: minMessage, max: maxMessage } = sizeMessages(bounds, kind);
  if (min !== undefined) {
    const action = kind === "length" ? v.minLength(min, minMessage) : v.minEntries(min, minMessage);
    actions.push(action as unknown as Action);
  }
  if (max !== undefined) {
    const action = kind === "length" ? v.maxLength(max, maxMessage) : v.maxEntries(max, maxMessage);
    actions.push(action as unknown as Action);
  }
  // Before the item schema: the JSON Schema converter reads a pipe only up to its second schema.
  if (bounds.description !== undefined) actions.push(v.description(bounds.description));
  return actions;
}

const sizedPipe = (first: v.GenericSchema, actions: Action[], last: v.GenericSchema) =>
  (v.pipe as (...items: unknown[]) => unknown)(first, ...actions, last);

/**
 * An array of `min` to `max` items (e.g. "a batch holds 1–100 addresses") whose type and length
 * are checked before any item: out of bounds, it is refused with the length issue alone.
 */
export function boundedArray<const TItem extends v.GenericSchema>(
  item: TItem,
  bounds: SizeBounds,
): v.GenericSchema<
  v.InferInput<v.ArraySchema<TItem, undefined>>,
  v.InferOutput<v.ArraySchema<TItem, undefined>>
> {
  const message = sizeMessages(bounds, "length").type;
  const full = v.array(item, message);
  const sizeOnly = publishedAs(v.array(v.unknown(), message), full);
  return sizedPipe(sizeOnly, sizeActions(bounds, "length"), full) as ReturnType<
    typeof boundedArray<TItem>
  >;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * An object of `min` to `max` entries whose type and count are checked before any key or value.
 * An array is refused here, as its JSON Schema (`type: object`) says: valibot's `record` would
 * take one as an object keyed "0", "1", … and validate every element.
 */
export function boundedRecord<
  const TKey extends v.GenericSchema<string, string | number | symbol>,
  const TValue extends v.GenericSchema,
>(
  key: TKey,
  value: TValue,
  bounds: SizeBounds = {},
): v.GenericSchema<
  v.InferInput<v.RecordSchema<TKey, TValue, undefined>>,
  v.InferOutput<v.RecordSchema<TKey, TValue, undefined>>
> {
  const message = sizeMessages(bounds, "entries").type;
  const full = v.record(key, value, message);
  const object = v.custom<Record<string, unknown>>(isPlainObject, message);
  const sizeOnly = publishedAs(object, full);
  return sizedPipe(sizeOnly, sizeActions(bounds, "entries"), full) as ReturnType<
    typeof boundedRecord<TKey, TValue>
  >;
}
