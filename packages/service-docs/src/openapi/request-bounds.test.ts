import { describe, expect, it } from "vitest";
import { bodyBound, boundedRequestSchema } from "./request-bounds.js";

describe("boundedRequestSchema: a request's strings and lists bounded as the service bounds them", () => {
  const outer = bodyBound(1000);

  it("keeps a field's own bound, takes a pattern's, else the body's", () => {
    const schema = {
      type: "object",
      properties: {
        own: { type: "string", maxLength: 10 },
        id: { type: "string", pattern: "^\\d{1,12}$" },
        free: { type: "string" },
        word: { type: "string", enum: ["a", "b"] },
        list: { type: "array", items: { type: "string" } },
        short: { type: "array", maxItems: 3, items: { type: ["string", "null"] } },
        map: { type: "object", propertyNames: { type: "string" } },
      },
    };
    expect(boundedRequestSchema(schema, outer)).toEqual({
      type: "object",
      properties: {
        own: { type: "string", maxLength: 10 },
        id: { type: "string", pattern: "^\\d{1,12}$", maxLength: 12 },
        free: { type: "string", maxLength: 1000 },
        word: { type: "string", enum: ["a", "b"] },
        list: { type: "array", maxItems: 500, items: { type: "string", maxLength: 1000 } },
        short: { type: "array", maxItems: 3, items: { type: ["string", "null"], maxLength: 1000 } },
        map: { type: "object", propertyNames: { type: "string", maxLength: 1000 } },
      },
    });
  });

  it("reads no example or constant as a schema", () => {
    const schema = { type: "object", example: { type: "string" }, default: [{ type: "array" }] };
    expect(boundedRequestSchema(schema, outer)).toEqual(schema);
  });

  it("the body's bound is one no value of a body within the limit exceeds", () => {
    const limit = 64;
    const { maxLength, maxItems } = bodyBound(limit);
    expect(JSON.stringify({ a: "x".repeat(maxLength + 1) }).length).toBeGreaterThan(limit);
    expect(JSON.stringify([...Array((maxItems ?? 0) + 1)].map(() => 0)).length).toBeGreaterThan(
      limit,
    );
  });
});
