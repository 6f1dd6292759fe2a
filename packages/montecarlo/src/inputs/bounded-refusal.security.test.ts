import { describe, expect, it } from "vitest";
import { parseForecastInput } from "./forecast-input.js";
import { InputError } from "./input-error.js";
import { parseQueueInput } from "./queue-input.js";

const addr = (i: number) => `0x${i.toString(16).padStart(40, "0")}`;
const JUNK = 200_000;

/** The `InputError` `parse` throws for `input` (fails the test if it does not throw). */
function refusal(parse: (input: unknown) => unknown, input: unknown): InputError {
  try {
    parse(input);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return error as InputError;
  }
  throw new Error("expected the input to be refused");
}

const bodySize = (error: InputError) =>
  Buffer.byteLength(
    JSON.stringify({ error: error.message, issues: error.issues, moreIssues: error.moreIssues }),
  );

describe("unpaid amplification: a refused forecast or queue is small whatever its size", () => {
  it("200,000 junk addresses (a forecast covers 1–500): the length alone, no element validated", () => {
    const error = refusal(parseForecastInput, { addresses: Array.from({ length: JUNK }, () => 1) });
    expect(error.issues).toEqual([
      { path: "addresses", message: "addresses must hold 1 to 500 items; got 200000" },
    ]);
    expect(error.moreIssues).toBe(0);
    expect(bodySize(error)).toBeLessThan(16 * 1024);
  });

  it("200,000 `{}` address_metadata entries (at most 500): the length alone", () => {
    const error = refusal(parseForecastInput, {
      addresses: [addr(1)],
      address_metadata: Array.from({ length: JUNK }, () => ({})),
    });
    expect(error.issues).toEqual([
      {
        path: "address_metadata",
        message: "address_metadata must hold at most 500 items; got 200000",
      },
    ]);
  });

  it("200,000 `{}` review items (a queue holds 1–500): the length alone", () => {
    const error = refusal(parseQueueInput, {
      review_items: Array.from({ length: JUNK }, () => ({})),
      review_budget: 1,
    });
    expect(error.issues).toEqual([
      { path: "review_items", message: "review_items must hold 1 to 500 items; got 200000" },
    ]);
  });

  it("500 bad addresses within the bound: 20 issues listed, 480 more counted", () => {
    const error = refusal(parseForecastInput, { addresses: Array.from({ length: 500 }, () => 1) });
    expect(error.issues).toHaveLength(20);
    expect(error.issues[0]).toEqual({
      path: "addresses[0]",
      message: "address must be a string; got a number",
    });
    expect(error.moreIssues).toBe(480);
    expect(error.message).toBe(
      "Invalid input: addresses[0]: address must be a string; got a number (and 499 more)",
    );
  });

  it("cross-field issues are bounded too: 499 duplicate addresses list 20, count 479", () => {
    const error = refusal(parseForecastInput, {
      addresses: Array.from({ length: 500 }, () => addr(1)),
    });
    expect(error.issues).toHaveLength(20);
    expect(error.issues[0]?.path).toBe("addresses[1]");
    expect(error.moreIssues).toBe(479);
  });

  it("an echoed name is clipped: a 20,000-character unknown member is named in 200 characters", () => {
    const error = refusal(parseForecastInput, {
      addresses: [addr(1)],
      address_metadata: [{ address: addr(1), ["k".repeat(20_000)]: 1 }],
    });
    expect(error.issues.some((i) => i.message.startsWith('unknown member "kkk'))).toBe(true);
    for (const issue of error.issues) {
      expect(issue.path.length).toBeLessThanOrEqual(200);
      expect(issue.message.length).toBeLessThanOrEqual(200);
    }
  });
});

describe("InputError lists at most 20 issues", () => {
  it("counts the rest, and those the caller already left out", () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ path: `x[${i}]`, message: "bad" }));
    const error = new InputError(many, 5);
    expect(error.issues).toHaveLength(20);
    expect(error.moreIssues).toBe(15);
    expect(error.message).toBe("Invalid input: x[0]: bad (and 34 more)");
  });
});
