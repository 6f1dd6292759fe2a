import { describe, expect, it } from "vitest";
import { stringifyWithBigints } from "./json-with-bigints.js";

describe("stringifyWithBigints", () => {
  it("writes bigints beyond 2^53 as exact JSON integers", () => {
    expect(stringifyWithBigints({ rentEpoch: 18446744073709551615n, n: [1n, -2n] })).toBe(
      '{"rentEpoch":18446744073709551615,"n":[1,-2]}',
    );
  });

  it("leaves strings and numbers as JSON.stringify does", () => {
    const value = { s: "12", x: 1.5, nil: null };
    expect(stringifyWithBigints(value)).toBe(JSON.stringify(value));
  });
});
