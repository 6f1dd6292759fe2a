import { describe, expect, it } from "vitest";
import { ReportModelError } from "../errors/report-model-error.js";
import { parseReport } from "./parse-report.js";

/** The refusal of a body, as the transports would send it. */
function refusal(input: unknown): ReportModelError {
  try {
    parseReport(input);
  } catch (err) {
    if (err instanceof ReportModelError) return err;
    throw err;
  }
  throw new Error("expected a ReportModelError");
}

const bodySize = (error: ReportModelError) =>
  Buffer.byteLength(
    JSON.stringify({ error: error.message, issues: error.issues, moreIssues: error.moreIssues }),
  );

describe("unpaid amplification: a refused report is small whatever its size", () => {
  it("200,000 `{}` headline metrics (at most 100): refused by the length, no element validated", () => {
    const error = refusal({
      report_meta: {},
      headline_metrics: Array.from({ length: 200_000 }, () => ({})),
    });
    expect(error.issues).toEqual([
      {
        path: "headline_metrics",
        message: "headline_metrics must hold at most 100 items; got 200000",
      },
    ]);
    expect(error.moreIssues).toBe(0);
    expect(bodySize(error)).toBeLessThan(16 * 1024);
  });

  it("200,001 rows of a table (at most 200,000): refused by the length, no row validated", () => {
    const error = refusal({
      report_meta: {},
      tables: { t: { columns: ["a"], rows: Array.from({ length: 200_001 }, () => 1) } },
    });
    expect(error.issues).toEqual([
      { path: "tables.t.rows", message: "rows must hold at most 200000 items; got 200001" },
    ]);
  });

  it("200,000 `{}` sent as the tables map: refused as not an object, no element validated", () => {
    const error = refusal({
      report_meta: {},
      tables: Array.from({ length: 200_000 }, () => ({})),
    });
    expect(error.issues).toEqual([
      { path: "tables", message: "tables must be an object; got an array" },
    ]);
    expect(bodySize(error)).toBeLessThan(16 * 1024);
  });

  it("100 bad metrics within the bound: 20 issues listed, 80 more counted", () => {
    const error = refusal({
      report_meta: {},
      headline_metrics: Array.from({ length: 100 }, () => ({})),
    });
    expect(error.issues).toHaveLength(20);
    expect(error.issues[0]?.path).toBe("headline_metrics[0].label");
    expect(error.issues[19]?.path).toBe("headline_metrics[19].label");
    expect(error.moreIssues).toBe(80);
  });

  it("200,000 bad rows within the bound: 20 issues listed, the rest counted, a small refusal", () => {
    const error = refusal({
      report_meta: {},
      tables: { t: { columns: ["a"], rows: Array.from({ length: 200_000 }, () => 1) } },
    });
    expect(error.issues).toHaveLength(20);
    expect(error.moreIssues).toBe(200_000 - 20);
    expect(bodySize(error)).toBeLessThan(16 * 1024);
  });
});
