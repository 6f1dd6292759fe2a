import { MAX_ADDRESS_LENGTH } from "@svc/ofac-index";
import { jsonSchemaOf } from "@svc/report-model";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { invalidInput } from "../../failures/classify-failure.js";
import { addressesField, addressField, MIN_ADDRESS_LENGTH } from "./input-fields.js";

const refusal = (schema: v.GenericSchema, input: unknown) => {
  const parsed = v.safeParse(schema, input);
  return parsed.success ? undefined : invalidInput(parsed.issues);
};

describe("addressField", () => {
  const address = addressField("address", "An address.");

  it("takes any string: what an address is, screening decides (INVALID_ADDRESS, with its reason)", () => {
    for (const text of ["", " ", "G", "0x12", " 0x098B716B8Aaf21512996dC57EB0615e2383E2f96 "]) {
      expect(refusal(address, text), JSON.stringify(text)).toBeUndefined();
    }
  });

  it("refuses what is not a string as input, saying what came", () => {
    expect(refusal(address, 42)).toMatchObject({
      code: "INVALID_INPUT",
      issues: [{ path: "", message: "address must be a string; got a number" }],
    });
  });

  it("publishes the length bounds screening enforces (at least 10, at most the index's limit)", () => {
    expect(jsonSchemaOf(address)).toEqual({
      type: "string",
      minLength: MIN_ADDRESS_LENGTH,
      maxLength: MAX_ADDRESS_LENGTH,
      description: "An address.",
    });
    expect(jsonSchemaOf(addressesField("Addresses."))).toMatchObject({
      type: "array",
      minItems: 1,
      maxItems: 100,
      items: { type: "string", minLength: MIN_ADDRESS_LENGTH, maxLength: MAX_ADDRESS_LENGTH },
    });
  });
});
