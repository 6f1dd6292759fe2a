import { AjvJsonSchemaValidator } from "@modelcontextprotocol/server/validators/ajv";
import { describe, expect, it } from "vitest";
import { TOOLS } from "../tools/catalog.js";
import { firstSentence, LISTED_INPUT_BYTES, leanInputSchema } from "./lean-schema.js";
import { inputSchemaOf } from "./tool-listing.js";

type Schema = Record<string, unknown>;
const isSchema = (v: unknown): v is Schema =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const bytes = (v: unknown) => Buffer.byteLength(JSON.stringify(v));

/**
 * Where `lean` says more than `full`, or something else: every keyword of `lean` is `full`'s
 * (a description its first sentence), its members are `full`'s members, and a closed object
 * (`additionalProperties: false`) lists every member `full` lists. A schema that only drops
 * keywords of another, and never a member of a closed object, accepts all it accepts.
 */
function narrowings(lean: unknown, full: unknown, path = "$"): string[] {
  if (!isSchema(lean) || !isSchema(full)) {
    return JSON.stringify(lean) === JSON.stringify(full) ? [] : [`${path}: not the same`];
  }
  const found: string[] = [];
  for (const [key, value] of Object.entries(lean)) {
    const at = `${path}.${key}`;
    const theirs = full[key];
    if (key === "description") {
      const said = String(value).replace(/\.$/, "");
      if (typeof theirs !== "string" || !theirs.startsWith(said)) found.push(`${at}: not theirs`);
    } else if (key === "properties" && isSchema(value) && isSchema(theirs)) {
      for (const [name, member] of Object.entries(value)) {
        if (!(name in theirs)) found.push(`${at}.${name}: no such member`);
        else found.push(...narrowings(member, theirs[name], `${at}.${name}`));
      }
    } else if (
      Array.isArray(value) &&
      Array.isArray(theirs) &&
      key !== "required" &&
      key !== "enum"
    ) {
      value.forEach((item, i) => {
        found.push(...narrowings(item, theirs[i], `${at}[${i}]`));
      });
    } else {
      found.push(...narrowings(value, theirs, at));
    }
  }
  if (lean.additionalProperties === false) {
    const listed = Object.keys(isSchema(lean.properties) ? lean.properties : {});
    const all = Object.keys(isSchema(full.properties) ? full.properties : {});
    if (listed.join() !== all.join()) found.push(`${path}: a closed object lost members`);
  }
  return found;
}

describe("firstSentence", () => {
  it("ends at the first full stop before a capital, not at an abbreviation", () => {
    expect(
      firstSentence(
        "Optional asset or network ticker, e.g. ETH, XBT (BTC is accepted), USDT, TRX. It never hides a match.",
      ),
    ).toBe("Optional asset or network ticker, e.g. ETH, XBT (BTC is accepted), USDT, TRX.");
    expect(firstSentence("Per-address weights; `address` must be one of `addresses`.")).toBe(
      "Per-address weights.",
    );
    expect(firstSentence("One sentence, i.e. all of it")).toBe("One sentence, i.e. all of it");
    expect(firstSentence("json: the memo. pdf or docx: a document.")).toBe(
      "json: the memo. pdf or docx: a document.",
    );
  });
});

describe("leanInputSchema", () => {
  const ajv = new AjvJsonSchemaValidator();

  it.each(TOOLS.map((t) => [t.name, t] as const))(
    "%s: within LISTED_INPUT_BYTES, only looser than the tool's schema, and its example fits it",
    (_name, tool) => {
      const full = inputSchemaOf(tool);
      const lean = leanInputSchema(full);
      expect(bytes(lean)).toBeLessThanOrEqual(LISTED_INPUT_BYTES);
      expect(narrowings(lean, full)).toEqual([]);
      const checked = ajv.getValidator(lean)(tool.inputExample);
      expect(checked.valid, checked.errorMessage).toBe(true);
      expect(lean.type).toBe("object");
      expect(lean.required ?? []).toEqual(full.required ?? []);
    },
  );

  it("keeps every argument of every tool, each with its type or its choices", () => {
    for (const tool of TOOLS) {
      const full = inputSchemaOf(tool).properties as Record<string, Schema>;
      const lean = leanInputSchema(inputSchemaOf(tool)).properties as Record<string, Schema>;
      expect(Object.keys(lean ?? {}), tool.name).toEqual(Object.keys(full ?? {}));
      for (const [name, argument] of Object.entries(lean ?? {})) {
        const said = ["type", "enum", "const", "anyOf", "not"].some((k) => k in argument);
        expect(said || Object.keys(full[name] ?? {}).length === 0, `${tool.name}.${name}`).toBe(
          true,
        );
      }
    }
  });

  it("lists a schema that fits whole, less its own description and no-op keywords", () => {
    const schema = {
      type: "object",
      description: "The input.",
      properties: {
        note: { type: "string", maxLength: 20, description: "A note. Said twice." },
        tags: { type: "object", propertyNames: { type: "string" }, properties: {}, required: [] },
      },
      required: ["note"],
      additionalProperties: false,
    };
    expect(leanInputSchema(schema)).toEqual({
      type: "object",
      properties: {
        note: { type: "string", maxLength: 20, description: "A note." },
        tags: { type: "object" },
      },
      required: ["note"],
      additionalProperties: false,
    });
  });

  it("gives up nested descriptions, then nested structures from the deepest, then optional structured arguments, until it fits", () => {
    const member = (n: number) => ({
      type: "object",
      description: `Member ${n}. ${"Long words. ".repeat(20)}`,
      properties: { deep: { type: "array", items: { type: "string", description: "Deep." } } },
    });
    const schema = {
      type: "object",
      properties: {
        wanted: { type: "object", description: "Wanted.", properties: { a: member(1) } },
        extra: { type: "object", description: "Extra.", properties: { b: member(2) } },
      },
      required: ["wanted"],
    };
    const argument = (description: string, inside: Schema) => ({
      type: "object",
      properties: inside,
      description,
    });
    const deep = { type: "object", properties: { deep: { type: "array" } } };
    expect(leanInputSchema(schema, 10_000)).toMatchObject({
      properties: { wanted: { properties: { a: { description: "Member 1." } } } },
    });
    expect(leanInputSchema(schema, 400)).toEqual({
      ...schema,
      properties: {
        wanted: argument("Wanted.", {
          a: { type: "object", properties: { deep: { type: "array", items: { type: "string" } } } },
        }),
        extra: argument("Extra.", {
          b: { type: "object", properties: { deep: { type: "array", items: { type: "string" } } } },
        }),
      },
    });
    expect(leanInputSchema(schema, 350)).toEqual({
      ...schema,
      properties: {
        wanted: argument("Wanted.", { a: deep }),
        extra: argument("Extra.", { b: deep }),
      },
    });
    const flat = { type: "object" };
    expect(leanInputSchema(schema, 300)).toEqual({
      ...schema,
      properties: {
        wanted: argument("Wanted.", { a: flat }),
        extra: argument("Extra.", { b: flat }),
      },
    });
    expect(leanInputSchema(schema, 100)).toEqual({
      ...schema,
      properties: {
        wanted: argument("Wanted.", { a: flat }),
        extra: { type: "object", description: "Extra." },
      },
    });
  });
});
