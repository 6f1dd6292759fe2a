import { describe, expect, it } from "vitest";
import { objectBodyOf } from "./object-body.js";

describe("objectBodyOf: a body schema with an object at the top and no anyOf there", () => {
  it("makes one object of variants: every member, the description naming each kind", () => {
    const body = objectBodyOf({
      anyOf: [
        {
          type: "object",
          description: "The model.",
          required: ["meta", "id"],
          properties: { meta: { type: "object" }, id: { type: "string" } },
        },
        {
          type: "object",
          description: "The legacy payload.",
          required: ["title", "id"],
          properties: { title: { type: "string" }, id: { type: "integer" } },
        },
      ],
    });
    expect(body.type).toBe("object");
    expect(body).not.toHaveProperty("anyOf");
    expect(body.properties).toEqual({
      meta: { type: "object" },
      id: { anyOf: [{ type: "string" }, { type: "integer" }] },
      title: { type: "string" },
    });
    expect(body.required).toEqual(["id"]);
    expect(body.description).toContain("(1) The model, marked by `meta` and `id`");
    expect(body.description).toContain("(2) The legacy payload, marked by `title` and `id`");
  });

  it("leaves an object body as it is", () => {
    const schema = { type: "object", properties: { a: { type: "string" } } };
    expect(objectBodyOf(schema)).toBe(schema);
  });
});
