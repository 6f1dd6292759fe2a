import { jsonSchemaOf } from "@svc/report-model";
import { describe, expect, it } from "vitest";
import { at } from "../test-support/json-path.js";
import { ExposureForecastInputSchema } from "./forecast-input.js";
import { QueueOptimizeInputSchema } from "./queue-input.js";

describe("JSON Schema of the inputs", () => {
  it("the exposure forecast input converts, strict at every level, with its bounds", () => {
    const s = jsonSchemaOf(ExposureForecastInputSchema);
    expect(at(s, "additionalProperties")).toBe(false);
    expect(at(s, "required")).toEqual(["addresses"]);
    expect(at(s, "properties.addresses")).toMatchObject({ minItems: 1, maxItems: 500 });
    expect(at(s, "properties.address_metadata.items.additionalProperties")).toBe(false);
    expect(at(s, "properties.address_metadata.items.properties.policy_priority")).toMatchObject({
      minimum: 0,
      maximum: 10,
    });
    for (const key of ["target", "tier_weights", "priors"]) {
      expect(at(s, `properties.${key}.additionalProperties`)).toBe(false);
    }
    expect(at(s, "properties.horizon_days")).toMatchObject({
      type: "integer",
      minimum: 7,
      maximum: 365,
    });
    expect(at(s, "properties.iterations")).toMatchObject({ minimum: 1000, maximum: 100_000 });
    expect(at(s, "description")).toMatch(/exposure forecast/);
    // The extension: a string of digits, described as an extension.
    expect(at(s, "properties.address_metadata.items.properties.linked_sdn_entry")).toMatchObject({
      type: "string",
      pattern: "^\\d{1,12}$",
      description: expect.stringMatching(/^Extension of the specified schema/),
    });
  });

  it("the review-queue optimizer input converts, strict at every level", () => {
    const s = jsonSchemaOf(QueueOptimizeInputSchema);
    expect(at(s, "additionalProperties")).toBe(false);
    expect(at(s, "required")).toEqual(["review_items", "review_budget"]);
    expect(at(s, "properties.review_items")).toMatchObject({ minItems: 1, maxItems: 500 });
    expect(at(s, "properties.review_items.items.additionalProperties")).toBe(false);
    expect(at(s, "properties.review_items.items.required")).toEqual([
      "address",
      "exposure_usd",
      "relationship_tier",
    ]);
    expect(at(s, "properties.review_budget")).toMatchObject({ type: "integer", minimum: 1 });
    expect(at(s, "properties.objective.enum")).toHaveLength(3);
    expect(at(s, "properties.review_items.items.properties.linked_sdn_entry.pattern")).toBe(
      "^\\d{1,12}$",
    );
  });
});
