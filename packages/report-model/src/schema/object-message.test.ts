import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { boundedArray, boundedRecord } from "./bounded-schemas.js";
import { describeJsonSchema, expectedOf } from "./expected.js";
import { issuePath } from "./issue-path.js";
import { objectMessage } from "./object-message.js";
import { receivedType, receivedValue } from "./received.js";

const issues = (schema: v.GenericSchema, input: unknown) =>
  (v.safeParse(schema, input).issues ?? []).map((i) => [issuePath(i), i.message]);

const itemEntries = {
  address: v.pipe(v.string(), v.maxLength(256), v.description("A wallet address.")),
  exposure_usd: v.pipe(
    v.number(),
    v.minValue(0),
    v.description("Exposure to the wallet in US dollars."),
  ),
  tier: v.picklist(["low", "high"]),
  label: v.optional(v.string()),
};
const item = v.strictObject(itemEntries, objectMessage("each review item", itemEntries));
const bodyEntries = {
  review_items: boundedArray(item, { name: "review_items", min: 1, max: 500 }),
  review_budget: v.pipe(v.number(), v.integer(), v.minValue(1)),
};
const body = v.strictObject(bodyEntries, objectMessage("the body", bodyEntries));
const good = { address: "0xabc", exposure_usd: 1, tier: "low" };

describe("objectMessage: an object schema's three refusals, told apart", () => {
  it("a missing member is named as required, with what it expects, at its own path", () => {
    expect(issues(body, { review_items: [good] })).toEqual([
      ["review_budget", "review_budget is required: an integer ≥ 1"],
    ]);
    expect(issues(body, { review_items: [{ address: "0xabc" }], review_budget: 1 })).toEqual([
      [
        "review_items[0].exposure_usd",
        "exposure_usd is required: a number ≥ 0 (Exposure to the wallet in US dollars)",
      ],
      ["review_items[0].tier", "tier is required: one of low, high"],
    ]);
  });

  it("an unknown member of a strict object is named with the members it accepts", () => {
    expect(issues(body, { review_items: [{ ...good, rank: 1 }], review_budget: 1 })).toEqual([
      [
        "review_items[0].rank",
        'unknown member "rank": this object accepts address, exposure_usd, tier, label only',
      ],
    ]);
  });

  it("a value that is no object says what it is, and what came", () => {
    expect(issues(body, "x")).toEqual([["", "the body must be an object; got a string"]]);
    expect(issues(body, { review_items: [good, 5, null], review_budget: 1 })).toEqual([
      ["review_items[1]", "each review item must be an object; got a number"],
      ["review_items[2]", "each review item must be an object; got null"],
    ]);
  });

  it("an array taken for an object (valibot keys it 0, 1, …) is said to be one", () => {
    expect(issues(body, { review_items: [[good]], review_budget: 1 })).toContainEqual([
      "review_items[0].address",
      "each review item must be an object; got an array",
    ]);
    expect(issues(body, { review_items: [["a"]], review_budget: 1 })).not.toContainEqual(
      expect.arrayContaining([expect.stringMatching(/^unknown member/)]),
    );
  });

  it("works for object and looseObject too (no unknown members there)", () => {
    const entries = { title: v.pipe(v.string(), v.description("The title.")) };
    for (const schema of [
      v.object(entries, objectMessage("report_meta", entries)),
      v.looseObject(entries, objectMessage("report_meta", entries)),
    ]) {
      expect(issues(schema, { other: 1 })).toEqual([
        ["title", "title is required: a string (The title)"],
      ]);
      expect(issues(schema, 3)).toEqual([["", "report_meta must be an object; got a number"]]);
    }
  });
});

describe("boundedArray and boundedRecord speak the same way by default", () => {
  it("names the list or map, the bound and what came", () => {
    const list = boundedArray(v.string(), { name: "addresses", min: 1, max: 2 });
    expect(issues(list, [])).toEqual([["", "addresses must hold 1 to 2 items; got 0"]]);
    expect(issues(list, ["a", "b", "c"])).toEqual([
      ["", "addresses must hold 1 to 2 items; got 3"],
    ]);
    expect(issues(list, { 0: "a" })).toEqual([["", "addresses must be an array; got an object"]]);
    const map = boundedRecord(v.string(), v.number(), { name: "tables", max: 1 });
    expect(issues(map, [])).toEqual([["", "tables must be an object; got an array"]]);
    expect(issues(map, { a: 1, b: 2 })).toEqual([
      ["", "tables must hold at most 1 entries; got 2"],
    ]);
    expect(issues(boundedArray(v.string(), { max: 1 }), "x")).toEqual([
      ["", "the list must be an array; got a string"],
    ]);
  });
});

describe("what a schema expects, in words, from its JSON Schema", () => {
  it.each([
    [{ type: "integer", minimum: 1 }, "an integer ≥ 1"],
    [{ type: "integer", minimum: 7, maximum: 365 }, "an integer from 7 to 365"],
    [{ type: "number", exclusiveMinimum: 0 }, "a number > 0"],
    [{ type: "string", maxLength: 256 }, "a string of at most 256 characters"],
    [{ type: "string", minLength: 2, maxLength: 12 }, "a string of 2 to 12 characters"],
    [{ type: "string", minLength: 1 }, "a string of at least 1 character"],
    [{ enum: ["low", "high"], type: "string" }, "one of low, high"],
    [
      { type: "array", items: { type: "object" }, minItems: 1, maxItems: 500 },
      "an array of 1 to 500 objects",
    ],
    [{ type: "array", items: { type: "string" } }, "an array of strings"],
    [{ type: "array", items: {}, maxItems: 1 }, "an array of at most 1 item"],
    [{ type: "object", additionalProperties: { type: "number" } }, "an object"],
    [{ anyOf: [{ type: "string" }, { type: "null" }] }, "a string or null"],
    [{ type: "boolean" }, "true or false"],
    [{ const: "json" }, '"json"'],
    [{}, "a value"],
  ])("%j is %s", (schema, words) => {
    expect(describeJsonSchema(schema)).toBe(words);
  });

  it("adds the description, and reads a size-checked field as its published schema", () => {
    expect(expectedOf(itemEntries.exposure_usd)).toBe(
      "a number ≥ 0 (Exposure to the wallet in US dollars)",
    );
    expect(expectedOf(bodyEntries.review_items)).toBe("an array of 1 to 500 objects");
    // What JSON Schema cannot say (a transform, a check) is left out, not refused.
    const split = v.pipe(
      v.string(),
      v.check((s) => s !== ""),
      v.transform((s) => s.split(",")),
    );
    expect(expectedOf(split)).toBe("a string");
  });
});

describe("what came, in words", () => {
  it.each([
    [undefined, "nothing", "nothing"],
    [null, "null", "null"],
    [[1], "an array", "an array"],
    [{}, "an object", "an object"],
    ["vip", "a string", '"vip"'],
    [6, "a number", "6"],
    [Number.POSITIVE_INFINITY, "Infinity", "Infinity"],
    [true, "a boolean", "true"],
  ])("%j: %s, %s", (input, type, value) => {
    expect(receivedType(input)).toBe(type);
    expect(receivedValue(input)).toBe(value);
  });

  it("a long string is cut", () => {
    expect(receivedValue("k".repeat(20_000)).length).toBeLessThanOrEqual(40);
  });
});
