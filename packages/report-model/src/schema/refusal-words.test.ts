import { brokenVariantsOf, defaultsIn } from "@svc/test-support/broken-bodies";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { ReportModelError } from "../errors/report-model-error.js";
import { parseReport } from "../normalize/parse-report.js";
import { toIssueList } from "./issue-path.js";
import { LegacyReportSchema, ReportModelSchema, ReportToolInputSchema } from "./wire-schemas.js";

/**
 * No refusal of a report body says what valibot says by default ("Invalid type: Expected Object
 * but received Array", "Invalid key: Expected "title" but received undefined"): every schema and
 * check of the wire shapes has words of its own. Each fixture is broken at every member, one
 * way at a time, and every issue of every refusal is read.
 */

const JUNK: readonly unknown[] = [
  null,
  5,
  "x",
  true,
  [],
  {},
  [1],
  [{}],
  Number.POSITIVE_INFINITY,
  "x".repeat(20_001),
];

const MODEL = {
  report_meta: {
    report_type: "ofac-wallet-screening",
    title: "Screening",
    author: "Desk",
    date: "2026-01-15",
    sample_edition: true,
    list_warning: "Stale list.",
  },
  executive_summary: ["One.", "Two."],
  headline_metrics: [{ label: "Screened", value: 3, unit: "wallets", kind: "count" }],
  tables: {
    results: {
      columns: ["address", "status"],
      rows: [{ address: "0xabc", status: "clear" }, ["0xdef", "match"]],
      column_labels: { address: "Address" },
      column_kinds: { address: "address" },
    },
  },
  export_artifacts: { workbook_rows: { raw: [{ a: 1 }] } },
  chart_hints: [{ type: "bar", title: "T", labels: ["a"], values: [1] }],
  result: { any: "thing" },
};

const LEGACY = {
  title: "Memo",
  subtitle: "Q1",
  summary: "Summary.",
  sections: [{ heading: "Findings", body: "Text.", bullets: ["One."], table: [{ a: 1 }] }],
};

const TOOL_INPUT = {
  report_meta: { title: "Screening" },
  headline_metrics: [{ label: "Screened", value: 3 }],
  tables: { results: { columns: ["address"], rows: [{ address: "0xabc" }] } },
};

const messagesOf = (schema: v.GenericSchema, body: unknown): string[] => {
  const result = v.safeParse(schema, body);
  return result.success ? [] : toIssueList(result.issues).issues.map((i) => i.message);
};

function parseReportMessages(body: unknown, accept: readonly ("A" | "B")[]): string[] {
  try {
    parseReport(body, { accept });
    return [];
  } catch (error) {
    if (!(error instanceof ReportModelError)) throw error;
    return [error.message, ...error.issues.map((i) => i.message)];
  }
}

describe("no refusal of a report body is in valibot's default words", () => {
  it.each([
    ["the shared report model", ReportModelSchema, MODEL],
    ["the legacy payload", LegacyReportSchema, LEGACY],
    ["the document tools' input", ReportToolInputSchema, TOOL_INPUT],
  ] as const)("%s, broken at every member", (_name, schema, fixture) => {
    expect(messagesOf(schema, fixture)).toEqual([]);
    let refused = 0;
    for (const [label, body] of brokenVariantsOf(fixture, JUNK)) {
      const messages = messagesOf(schema, body);
      if (messages.length > 0) refused += 1;
      expect(defaultsIn(messages), label).toEqual([]);
    }
    expect(refused).toBeGreaterThan(50);
  });

  it("parseReport's refusals too (the run of every document route)", () => {
    for (const [fixture, accepts] of [
      [MODEL, [["A"], ["A", "B"]]],
      [LEGACY, [["B"], ["A", "B"], ["A"]]],
    ] as const) {
      for (const [label, body] of brokenVariantsOf(fixture, JUNK)) {
        for (const accept of accepts) {
          expect(defaultsIn(parseReportMessages(body, accept)), `${label} ${accept}`).toEqual([]);
        }
      }
    }
  });

  it("the check itself: valibot's default words are caught", () => {
    const bare = v.object({ title: v.string() });
    expect(defaultsIn(messagesOf(bare, {}))).toEqual([
      'Invalid key: Expected "title" but received undefined',
    ]);
    expect(defaultsIn(messagesOf(v.array(v.string()), {}))).toHaveLength(1);
    const finite = v.pipe(v.number(), v.finite());
    expect(defaultsIn(messagesOf(finite, Number.POSITIVE_INFINITY))).toEqual([
      "Invalid finite: Received Infinity",
    ]);
  });
});

describe("the customer's examples, in the service's words", () => {
  it("a legacy payload without its title", () => {
    const result = v.safeParse(LegacyReportSchema, { sections: [] });
    expect(toIssueList(result.issues ?? []).issues).toEqual([
      {
        path: "title",
        message:
          "title is required: a string of at most 20000 characters (Title shown on the document)",
      },
    ]);
  });

  it("a list where an object belongs, and a row that is no row", () => {
    const body = { report_meta: {}, tables: { t: { columns: ["a"], rows: [[{}], "x"] } } };
    expect(toIssueList(v.safeParse(ReportModelSchema, body).issues ?? []).issues).toEqual([
      {
        path: "tables.t.rows[0]",
        message:
          "value [0] of the row must be a string, a finite number, a boolean or null; got an object",
      },
      {
        path: "tables.t.rows[1]",
        message: "each row must be an object of column values or an array of values; got a string",
      },
    ]);
  });
});
