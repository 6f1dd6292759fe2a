import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { boundedArray, boundedRecord, publishedSchemaOf } from "./bounded-schemas.js";
import { jsonSchemaOf } from "./json-schemas.js";

/** An item schema that counts how often valibot validates an item with it. */
function countingItem() {
  const counter = { calls: 0 };
  const schema = v.pipe(
    v.string("each item must be a string"),
    v.check(() => {
      counter.calls += 1;
      return true;
    }),
  );
  return { counter, schema };
}

const messages = {
  message: "list must be an array",
  minMessage: "list must hold 1 to 3 items",
  maxMessage: "list must hold 1 to 3 items",
};

describe("boundedArray: the length is checked before any item", () => {
  it("a list past its bound is refused by its length alone: no item is validated", () => {
    const { counter, schema } = countingItem();
    const list = boundedArray(schema, { min: 1, max: 3, ...messages });
    const result = v.safeParse(
      list,
      Array.from({ length: 200_000 }, () => 1),
    );
    expect(counter.calls).toBe(0);
    expect(result.issues?.map((i) => [i.path, i.message])).toEqual([
      [undefined, "list must hold 1 to 3 items"],
    ]);
  });

  it("an empty list is refused by the lower bound; a non-array by the type message", () => {
    const list = boundedArray(v.string(), { min: 1, max: 3, ...messages });
    expect(v.safeParse(list, []).issues?.map((i) => i.message)).toEqual([
      "list must hold 1 to 3 items",
    ]);
    expect(v.safeParse(list, { 0: "a" }).issues?.map((i) => i.message)).toEqual([
      "list must be an array",
    ]);
  });

  it("within its bound every item is validated, each issue at its element's path", () => {
    const { counter, schema } = countingItem();
    const list = boundedArray(schema, { min: 1, max: 3, ...messages });
    const result = v.safeParse(list, ["a", 2, 3]);
    expect(counter.calls).toBe(1);
    expect(result.issues?.map((i) => [i.path?.map((p) => p.key), i.message])).toEqual([
      [[1], "each item must be a string"],
      [[2], "each item must be a string"],
    ]);
  });

  it("an accepted list is the items' output (defaults filled)", () => {
    const list = boundedArray(v.object({ n: v.optional(v.number(), 7) }), { max: 3 });
    expect(v.parse(list, [{}, { n: 1 }])).toEqual([{ n: 7 }, { n: 1 }]);
  });

  it("without bounds given, only the type is checked first", () => {
    const list = boundedArray(v.number(), {});
    expect(v.parse(list, [1, 2])).toEqual([1, 2]);
    expect(v.safeParse(list, "x").success).toBe(false);
  });
});

describe("boundedRecord: the type and the count are checked before any key or value", () => {
  it("a map past its bound is refused by its count alone: no value is validated", () => {
    const { counter, schema } = countingItem();
    const map = boundedRecord(v.string(), schema, {
      max: 2,
      maxMessage: "map must name at most 2 keys",
    });
    const input = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, 1]));
    const result = v.safeParse(map, input);
    expect(counter.calls).toBe(0);
    expect(result.issues?.map((i) => i.message)).toEqual(["map must name at most 2 keys"]);
  });

  it("an array is refused as one issue (valibot's record would take it keyed 0, 1, …)", () => {
    const { counter, schema } = countingItem();
    const map = boundedRecord(v.string(), schema);
    const result = v.safeParse(
      map,
      Array.from({ length: 200_000 }, () => ({})),
    );
    expect(counter.calls).toBe(0);
    expect(result.issues?.map((i) => i.message)).toEqual([
      "the map must be an object; got an array",
    ]);
  });

  it("within its bound each value is validated; the accepted map is the values' output", () => {
    const map = boundedRecord(v.string(), v.number("each value must be a number"), {
      min: 1,
      max: 3,
      minMessage: "map must name 1 to 3 keys",
    });
    expect(v.parse(map, { a: 1, b: 2 })).toEqual({ a: 1, b: 2 });
    expect(v.safeParse(map, {}).issues?.map((i) => i.message)).toEqual([
      "map must name 1 to 3 keys",
    ]);
    expect(v.safeParse(map, { a: "x" }).issues?.map((i) => i.message)).toEqual([
      "each value must be a number",
    ]);
  });
});

describe("the published JSON Schema is that of the plain field", () => {
  const item = v.pipe(v.string(), v.minLength(10), v.description("An address."));

  it("boundedArray converts as pipe(array(item), minLength, maxLength, description)", () => {
    const plain = v.pipe(
      v.array(item, "m"),
      v.minLength(1, "n"),
      v.maxLength(100, "n"),
      v.description("Addresses."),
    );
    const bounded = boundedArray(item, {
      min: 1,
      max: 100,
      message: "m",
      minMessage: "n",
      maxMessage: "n",
      description: "Addresses.",
    });
    expect(JSON.stringify(jsonSchemaOf(bounded))).toBe(JSON.stringify(jsonSchemaOf(plain)));
    expect(jsonSchemaOf(bounded)).toEqual({
      type: "array",
      items: { type: "string", minLength: 10, description: "An address." },
      minItems: 1,
      maxItems: 100,
      description: "Addresses.",
    });
  });

  it("nested and optional bounded fields convert as their plain forms", () => {
    const plain = v.object({
      sheets: v.optional(
        v.pipe(
          v.record(v.string(), v.pipe(v.array(v.number()), v.maxLength(5))),
          v.description("Sheets."),
        ),
      ),
    });
    const bounded = v.object({
      sheets: v.optional(
        boundedRecord(v.string(), boundedArray(v.number(), { max: 5 }), {
          description: "Sheets.",
        }),
      ),
    });
    expect(JSON.stringify(jsonSchemaOf(bounded))).toBe(JSON.stringify(jsonSchemaOf(plain)));
  });

  it("boundedRecord converts as pipe(record(key, value), minEntries, maxEntries, description)", () => {
    const key = v.pipe(v.string(), v.minLength(1), v.maxLength(64));
    const plain = v.pipe(
      v.record(key, v.number()),
      v.minEntries(0),
      v.maxEntries(50),
      v.description("By name."),
    );
    const bounded = boundedRecord(key, v.number(), { min: 0, max: 50, description: "By name." });
    expect(JSON.stringify(jsonSchemaOf(bounded))).toBe(JSON.stringify(jsonSchemaOf(plain)));
  });

  it("only the size-only schema that opens a bounded field is published as another", () => {
    const bounded = boundedArray(v.string(), { max: 2 }) as unknown as {
      pipe: readonly object[];
    };
    expect(publishedSchemaOf(bounded.pipe[0] as object)).toMatchObject({
      type: "array",
      item: { type: "string" },
    });
    expect(publishedSchemaOf(bounded)).toBeUndefined();
    expect(publishedSchemaOf(v.array(v.string()))).toBeUndefined();
  });
});
