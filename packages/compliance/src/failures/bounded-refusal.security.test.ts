import { InputError } from "@svc/montecarlo";
import { ReportModelError } from "@svc/report-model";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { DOCUMENT_OPERATIONS } from "../operations/documents/index.js";
import { batchWalletScreen } from "../operations/screening/batch-wallet-screen.js";
import { eddReport } from "../operations/screening/edd-report.js";
import { sampleDeps } from "../test-support/sample-deps.js";
import { classifyFailure, invalidInput } from "./classify-failure.js";
import type { Failure } from "./failure.js";

const JUNK = 200_000;
const LAZARUS = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";

/** The refusal of `input` by `schema`, as both transports word it. */
function refusalOf(schema: v.GenericSchema, input: unknown): Failure {
  const parsed = v.safeParse(schema, input);
  expect(parsed.success).toBe(false);
  return invalidInput(parsed.issues ?? []);
}

/** The error body the HTTP API and the MCP server build from a refusal. */
const body = (f: Failure) =>
  JSON.stringify({
    success: false,
    error: f.message,
    code: f.code,
    issues: f.issues,
    ...(f.moreIssues === undefined ? {} : { moreIssues: f.moreIssues }),
  });

describe("unpaid amplification: batch screening refusals are small whatever the input", () => {
  it.each([batchWalletScreen, eddReport])(
    "$name with 200,000 junk addresses: the length alone, in a body under 16 KB",
    (op) => {
      const failure = refusalOf(op.input, {
        ...op.inputExample,
        addresses: Array.from({ length: JUNK }, () => 1),
      });
      // The items were never validated: no element path, only the bound of the list.
      expect(failure.issues).toEqual([
        { path: "addresses", message: "addresses must hold 1 to 100 addresses" },
      ]);
      expect(failure.moreIssues).toBeUndefined();
      expect(Buffer.byteLength(body(failure))).toBeLessThan(16 * 1024);
    },
  );

  it("a 100-address batch with 100 bad elements: 20 issues listed, moreIssues 80", () => {
    const failure = refusalOf(batchWalletScreen.input, {
      addresses: Array.from({ length: 100 }, () => 1),
    });
    expect(failure.issues).toHaveLength(20);
    expect(failure.issues?.[0]).toEqual({
      path: "addresses[0]",
      message: "each address must be a string; got a number",
    });
    expect(failure.issues?.[19]?.path).toBe("addresses[19]");
    expect(failure.moreIssues).toBe(80);
    expect(JSON.parse(body(failure))).toMatchObject({ moreIssues: 80 });
  });

  it("a 100-address batch of 100 strings that are no addresses: INVALID_ADDRESS, 20 issues listed, moreIssues 80", async () => {
    const deps = await sampleDeps();
    const addresses = Array.from({ length: 100 }, (_, i) => `not-an-address-${i}`);
    let failure: Failure | undefined;
    try {
      await batchWalletScreen.run({ addresses }, deps);
    } catch (error) {
      failure = classifyFailure(error);
    }
    expect(failure).toMatchObject({ status: 400, code: "INVALID_ADDRESS", moreIssues: 80 });
    expect(failure?.issues).toHaveLength(20);
    expect(failure?.issues?.[19]?.path).toBe("addresses[19]");
    expect(Buffer.byteLength(body(failure as Failure))).toBeLessThan(16 * 1024);
  });

  it("a valid batch is still accepted", () => {
    expect(v.safeParse(batchWalletScreen.input, { addresses: [LAZARUS] }).success).toBe(true);
  });
});

describe("unpaid amplification: report-generation refusals are small whatever the input", () => {
  it.each(DOCUMENT_OPERATIONS.map((op) => [op.name, op] as const))(
    "%s with 200,000 `{}` metrics (at most 100): the length alone, under 16 KB",
    (_, op) => {
      const failure = refusalOf(op.input, {
        report_meta: {},
        headline_metrics: Array.from({ length: JUNK }, () => ({})),
      });
      expect(failure.issues?.length).toBeLessThanOrEqual(20);
      const said = JSON.stringify(failure.issues);
      expect(said).toContain("headline_metrics");
      expect(said).toContain("headline_metrics must hold at most 100 items; got 200000");
      expect(said).not.toContain("headline_metrics[");
      expect(Buffer.byteLength(body(failure))).toBeLessThan(16 * 1024);
    },
  );

  it.each(DOCUMENT_OPERATIONS.map((op) => [op.name, op] as const))(
    "%s with 200,000 `{}` sent as its tables: one issue, under 16 KB",
    (_, op) => {
      const failure = refusalOf(op.input, {
        report_meta: {},
        tables: Array.from({ length: JUNK }, () => ({})),
      });
      expect(failure.issues?.length).toBeLessThanOrEqual(20);
      const said = JSON.stringify(failure.issues);
      expect(said).toContain("tables must be an object; got an array");
      expect(said).not.toContain("tables.0");
      expect(Buffer.byteLength(body(failure))).toBeLessThan(16 * 1024);
    },
  );

  it.each(DOCUMENT_OPERATIONS.map((op) => [op.name, op] as const))(
    "%s with 200,001 `{}` rows (at most 200,000): the length alone",
    (_, op) => {
      const failure = refusalOf(op.input, {
        report_meta: {},
        tables: { t: { columns: ["a"], rows: Array.from({ length: JUNK + 1 }, () => ({})) } },
      });
      const said = JSON.stringify(failure.issues);
      expect(said).toContain("rows must hold at most 200000 items; got 200001");
      expect(said).not.toContain("rows[");
      expect(Buffer.byteLength(body(failure))).toBeLessThan(16 * 1024);
    },
  );
});

describe("classifyFailure carries the count of the issues left out", () => {
  const many = Array.from({ length: 30 }, (_, i) => ({ path: `addresses[${i}]`, message: "bad" }));

  it("InputError: 20 issues and moreIssues 10", () => {
    const failure = classifyFailure(new InputError(many));
    expect(failure?.issues).toHaveLength(20);
    expect(failure?.moreIssues).toBe(10);
  });

  it("ReportModelError: 20 issues and moreIssues 10", () => {
    const failure = classifyFailure(new ReportModelError("INVALID_REPORT", "invalid", many));
    expect(failure?.issues).toHaveLength(20);
    expect(failure?.moreIssues).toBe(10);
  });

  it("no moreIssues member when every issue is listed", () => {
    expect(classifyFailure(new InputError(many.slice(0, 3)))).not.toHaveProperty("moreIssues");
  });
});
