import { describe, expect, it } from "vitest";
import { constraintsOf, schemaHtml, typeLabel } from "./schema-view.js";

describe("schema view", () => {
  it("names types the way people read them", () => {
    expect(typeLabel({ type: "string" })).toBe("string");
    expect(typeLabel({ type: "array", items: { type: "string" } })).toBe("string[]");
    expect(typeLabel({ anyOf: [{ type: "string" }, { type: "null" }] })).toBe("string or null");
    expect(typeLabel({ const: "x" })).toBe('exactly "x"');
  });

  it("states bounds, allowed values and closed objects in words", () => {
    expect(constraintsOf({ type: "array", minItems: 1, maxItems: 100 })).toEqual([
      "1 to 100 items",
    ]);
    expect(constraintsOf({ type: "integer", minimum: 7, maximum: 365 })).toEqual(["7 to 365"]);
    expect(constraintsOf({ enum: ["json", "pdf"] })).toEqual(['one of: "json", "pdf"']);
    expect(
      constraintsOf({ type: "object", properties: { a: {} }, additionalProperties: false }),
    ).toEqual(["no other members allowed"]);
  });

  it("renders members, required marks, nested items and the full schema", () => {
    const page = schemaHtml({
      type: "object",
      additionalProperties: false,
      required: ["items"],
      properties: {
        items: {
          type: "array",
          items: { type: "object", properties: { label: { type: "string" } }, required: [] },
        },
      },
    }).toString();
    expect(page).toContain('<code>items</code><span class="req">required</span>');
    expect(page).toContain("Each item:");
    expect(page).toContain("<code>label</code>");
    expect(page).toContain("members not listed here are refused");
    expect(page).toContain("Full JSON Schema");
  });
});
