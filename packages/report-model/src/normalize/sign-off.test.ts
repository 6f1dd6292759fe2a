import { describe, expect, it } from "vitest";
import { ReportModelError } from "../errors/report-model-error.js";
import { reportModelJsonSchema } from "../schema/json-schemas.js";
import { parseReport } from "./parse-report.js";

const LAZARUS = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";

const SIGN_OFF = {
  statement: "I have reviewed the screening results and record the disposition below.",
  dispositions: [
    {
      position: 1,
      address: LAZARUS,
      finding: "match",
      party: "Lazarus Group",
      options: ["Confirmed match", "False positive"],
    },
    { position: 4, address: "0xabc", finding: "near_match", options: ["Distinct address"] },
  ],
  approvals: [
    { role: "Reviewer" },
    { role: "Second-level approval", note: "required for a match" },
  ],
};

const model = (sign_off: unknown) => ({ report_meta: { title: "Memo" }, sign_off });

function refusal(input: unknown): ReportModelError {
  try {
    parseReport(input);
  } catch (error) {
    if (error instanceof ReportModelError) return error;
    throw error;
  }
  throw new Error("not refused");
}

describe("a report's sign_off", () => {
  it("normalizes to signOff: a row per wallet to decide, the approval lines", () => {
    expect(parseReport(model(SIGN_OFF)).signOff).toEqual({
      statement: SIGN_OFF.statement,
      dispositions: [
        {
          wallet: { position: 1, address: LAZARUS, finding: "match", party: "Lazarus Group" },
          options: ["Confirmed match", "False positive"],
        },
        {
          wallet: { position: 4, address: "0xabc", finding: "near_match", party: null },
          options: ["Distinct address"],
        },
      ],
      approvals: [
        { role: "Reviewer", note: null },
        { role: "Second-level approval", note: "required for a match" },
      ],
    });
  });

  it("is null without one, and for the legacy payload", () => {
    expect(parseReport({ report_meta: { title: "Memo" } }).signOff).toBeNull();
    expect(parseReport({ title: "Memo" }).signOff).toBeNull();
  });

  it("takes one overall row without a wallet (a memo with nothing to decide)", () => {
    const report = parseReport(
      model({ ...SIGN_OFF, dispositions: [{ options: ["No match: proceed", "Escalated"] }] }),
    );
    expect(report.signOff?.dispositions).toEqual([
      { wallet: null, options: ["No match: proceed", "Escalated"] },
    ]);
  });

  it("cannot say a box is ticked, a name, a signature or a date: the form is blank", () => {
    for (const [sent, path] of [
      [{ ...SIGN_OFF, signed_by: "A. Reviewer" }, "sign_off.signed_by"],
      [{ ...SIGN_OFF, verified: true }, "sign_off.verified"],
      [
        { ...SIGN_OFF, dispositions: [{ ...SIGN_OFF.dispositions[0], ticked: "False positive" }] },
        "sign_off.dispositions[0].ticked",
      ],
      [
        { ...SIGN_OFF, approvals: [{ role: "Reviewer", signature: "A. R.", date: "2026-11-28" }] },
        "sign_off.approvals[0].signature",
      ],
    ] as const) {
      const err = refusal(model(sent));
      expect(err.issues.map((i) => i.path)).toContain(path);
      expect(err.issues.find((i) => i.path === path)?.message).toMatch(/^unknown member/);
    }
  });

  it("refuses a wallet half named, two overall rows, a finding not a finding, empty lists", () => {
    const cases: [unknown, string, RegExp][] = [
      [
        { ...SIGN_OFF, dispositions: [{ address: LAZARUS, options: ["x"] }] },
        "sign_off.dispositions[0]",
        /address and finding/,
      ],
      [
        { ...SIGN_OFF, dispositions: [{ position: 2, options: ["x"] }] },
        "sign_off.dispositions[0]",
        /or none of them/,
      ],
      [
        { ...SIGN_OFF, dispositions: [{ options: ["x"] }, { options: ["y"] }] },
        "sign_off.dispositions",
        /one overall row/,
      ],
      [
        { ...SIGN_OFF, dispositions: [{ address: LAZARUS, finding: "cleared", options: ["x"] }] },
        "sign_off.dispositions[0].finding",
        /finding must be one of match, near_match; got "cleared"/,
      ],
      [{ ...SIGN_OFF, dispositions: [] }, "sign_off.dispositions", /1 to 500/],
      [{ ...SIGN_OFF, approvals: [] }, "sign_off.approvals", /1 to 4/],
      [
        { ...SIGN_OFF, dispositions: [{ options: [] }] },
        "sign_off.dispositions[0].options",
        /1 to 4/,
      ],
      [{ ...SIGN_OFF, statement: "" }, "sign_off.statement", /must not be empty/],
      [
        {
          ...SIGN_OFF,
          dispositions: [{ position: 0, address: LAZARUS, finding: "match", options: ["x"] }],
        },
        "sign_off.dispositions[0].position",
        /whole number ≥ 1/,
      ],
    ];
    for (const [sent, path, message] of cases) {
      const issue = refusal(model(sent)).issues.find((i) => i.path === path);
      expect(issue?.message, path).toMatch(message);
    }
  });

  it("is published in the model's JSON Schema, strict (no other members)", () => {
    const signOff = (reportModelJsonSchema as { properties: Record<string, unknown> }).properties
      .sign_off as { additionalProperties: boolean; required: string[] };
    expect(signOff.additionalProperties).toBe(false);
    expect(signOff.required).toEqual(["statement", "dispositions", "approvals"]);
  });
});
