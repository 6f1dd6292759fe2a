import { jsonSchemaOf } from "@svc/report-model";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { invalidInput } from "../../failures/classify-failure.js";
import { addressesField, addressField } from "./input-fields.js";

const refusal = (schema: v.GenericSchema, input: unknown) => {
  const parsed = v.safeParse(schema, input);
  return parsed.success ? undefined : invalidInput(parsed.issues);
};

describe("addressField", () => {
  const address = addressField("address", "An address.");

  it("refuses an empty address as input, once", () => {
    expect(refusal(address, "")).toMatchObject({
      code: "INVALID_INPUT",
      issues: [{ path: "", message: "address must not be empty" }],
    });
  });

  it("refuses an address of spaces alone the same way, before the index sees it", () => {
    for (const blank of [" ", "   ", "\t\n"]) {
      expect(refusal(address, blank), JSON.stringify(blank)).toMatchObject({
        code: "INVALID_INPUT",
        issues: [{ path: "", message: "address must not be empty" }],
      });
    }
  });

  it("takes an address with spaces around it (the index trims it)", () => {
    expect(refusal(address, " 0x098B716B8Aaf21512996dC57EB0615e2383E2f96 ")).toBeUndefined();
  });

  it("the tools' bound comes first; ten spaces are refused as blank", () => {
    const tool = addressesField("Addresses.", 10);
    expect(refusal(tool, ["0x1234"])?.issues).toEqual([
      { path: "[0]", message: "each address must be at least 10 characters" },
    ]);
    expect(refusal(tool, [" ".repeat(10)])?.issues).toEqual([
      { path: "[0]", message: "each address must not be empty" },
    ]);
  });

  it("publishes only the length bounds: the blank rule adds nothing to the JSON Schema", () => {
    expect(jsonSchemaOf(address)).toEqual({
      type: "string",
      minLength: 1,
      maxLength: 256,
      description: "An address.",
    });
  });
});
