import { parseReport, ReportModelError } from "@svc/report-model";
import { brokenVariantsOf, defaultsIn } from "@svc/test-support/broken-bodies";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { invalidInput } from "../../failures/classify-failure.js";
import type { Failure } from "../../failures/failure.js";
import { exposureForecast } from "../workflows/exposure-forecast.js";
import { queueOptimize } from "../workflows/queue-optimize.js";
import { EXAMPLE_LEGACY_REPORT, EXAMPLE_REPORT_MODEL } from "./example-reports.js";
import { DOCUMENT_OPERATIONS } from "./index.js";
import { NO_VARIANT_MESSAGE } from "./report-body-schema.js";
import { reportDocxGenerate } from "./report-docx-generate.js";
import { reportPdfGenerate } from "./report-pdf-generate.js";
import { reportXlsxGenerate } from "./report-xlsx-generate.js";

/**
 * What a caller reads when a document route (or a workflow route) refuses its body, exactly as
 * the routes refuse it (the operation's input schema, then `invalidInput`; the run's
 * `parseReport`): every issue names the field, what was expected and what came, in this
 * service's words. valibot's default English never gets through.
 */

/** The refusal of `body` at the edge, or undefined when the schema takes it. */
function refusalOf(input: v.GenericSchema, body: unknown): Failure | undefined {
  const result = v.safeParse(input, body);
  return result.success ? undefined : invalidInput(result.issues);
}

/** What the run says of a body the schema took (`parseReport`, as `renderReportBody` calls it). */
function runMessages(body: unknown, accept: readonly ("A" | "B")[]): string[] {
  try {
    parseReport(body, { accept });
    return [];
  } catch (error) {
    if (!(error instanceof ReportModelError)) throw error;
    return [error.message, ...error.issues.map((i) => i.message)];
  }
}

const wordsOf = (failure: Failure | undefined): string[] =>
  failure === undefined ? [] : [failure.message, ...(failure.issues ?? []).map((i) => i.message)];

const JUNK: readonly unknown[] = [
  null,
  -1,
  "x",
  true,
  [],
  {},
  [1],
  [{}],
  Number.POSITIVE_INFINITY,
  "x".repeat(20_001),
];

const ACCEPTS: Readonly<Record<string, readonly ("A" | "B")[]>> = {
  report_generate: ["A", "B"],
  report_pdf_generate: ["A", "B"],
  report_docx_generate: ["A"],
  report_xlsx_generate: ["A"],
};

describe("document routes: every refusal in the service's own words", () => {
  it.each(DOCUMENT_OPERATIONS.map((op) => [op.name, op] as const))(
    "%s, each example broken at every member",
    (name, op) => {
      const accept = ACCEPTS[name] ?? [];
      let refusals = 0;
      for (const example of [EXAMPLE_REPORT_MODEL, EXAMPLE_LEGACY_REPORT]) {
        for (const [label, body] of brokenVariantsOf(example, JUNK)) {
          const failure = refusalOf(op.input, body);
          if (failure !== undefined) {
            refusals += 1;
            expect(failure.code, label).toBe("INVALID_INPUT");
            expect(defaultsIn(wordsOf(failure)), label).toEqual([]);
          } else {
            expect(defaultsIn(runMessages(body, accept)), label).toEqual([]);
          }
        }
      }
      expect(refusals).toBeGreaterThan(50);
    },
  );

  it("the legacy payload without its title: title is required, at its path (it was valibot's raw text)", () => {
    const { title: _, ...untitled } = EXAMPLE_LEGACY_REPORT;
    for (const op of [reportPdfGenerate, reportDocxGenerate, reportXlsxGenerate]) {
      const failure = refusalOf(op.input, untitled);
      expect(defaultsIn(wordsOf(failure)), op.name).toEqual([]);
    }
    // The PDF routes take either variant: neither marker, so both are named.
    expect(refusalOf(reportPdfGenerate.input, untitled)?.issues).toEqual([
      { path: "", message: NO_VARIANT_MESSAGE },
    ]);
    // A title without its text: the legacy payload was meant.
    expect(refusalOf(reportPdfGenerate.input, { ...untitled, title: 5 })?.issues).toEqual([
      { path: "title", message: "title must be a string; got a number" },
    ]);
    // The DOCX and XLSX routes take the shared model only.
    expect(refusalOf(reportDocxGenerate.input, EXAMPLE_LEGACY_REPORT)?.issues).toEqual([
      {
        path: "report_meta",
        message: "report_meta is required: an object (Title block of the report)",
      },
    ]);
  });

  it("a body of the shared model is refused at each problem's path, PDF route included", () => {
    const body = {
      report_meta: { title: 5 },
      headline_metrics: [{ value: 1 }],
      tables: { t: { columns: ["a"], rows: [[{}]] } },
      chart_hints: "bar",
    };
    expect(refusalOf(reportPdfGenerate.input, body)?.issues).toEqual([
      { path: "report_meta.title", message: "title must be a string; got a number" },
      {
        path: "headline_metrics[0].label",
        message:
          "label is required: a string of at most 20000 characters (What the metric measures)",
      },
      {
        path: "tables.t.rows[0]",
        message:
          "value [0] of the row must be a string, a finite number, a boolean or null; got an object",
      },
      { path: "chart_hints", message: "chart_hints must be an array; got a string" },
    ]);
  });
});

describe("the workflow routes, at the same edge", () => {
  it("the queue without review_budget, and an item without exposure_usd", () => {
    const example = queueOptimize.inputExample;
    const { review_budget: _, ...noBudget } = example;
    expect(refusalOf(queueOptimize.input, noBudget)?.issues).toEqual([
      {
        path: "review_budget",
        message: expect.stringMatching(/^review_budget is required: an integer ≥ 1/),
      },
    ]);
    const [first, ...rest] = example.review_items;
    const { exposure_usd: __, ...noExposure } = first ?? { exposure_usd: 0 };
    const items = { ...example, review_items: [noExposure, ...rest] };
    expect(refusalOf(queueOptimize.input, items)?.issues).toEqual([
      {
        path: "review_items[0].exposure_usd",
        message: "exposure_usd is required: a number ≥ 0 (Exposure to the wallet in US dollars)",
      },
    ]);
  });

  it("{} to the exposure forecast: addresses is required", () => {
    expect(refusalOf(exposureForecast.input, {})).toMatchObject({
      code: "INVALID_INPUT",
      message: expect.stringMatching(/^Invalid input: addresses: addresses is required: /),
      issues: [
        {
          path: "addresses",
          message: expect.stringMatching(/^addresses is required: an array of 1 to 500 strings/),
        },
      ],
    });
  });

  it.each([
    ["exposure_forecast", exposureForecast],
    ["queue_optimize", queueOptimize],
  ] as const)("%s, its example broken at every member", (_name, op) => {
    let refusals = 0;
    for (const [label, body] of brokenVariantsOf(op.inputExample, JUNK)) {
      const failure = refusalOf(op.input, body);
      if (failure === undefined) continue;
      refusals += 1;
      expect(defaultsIn(wordsOf(failure)), label).toEqual([]);
      // An unknown member is named with what the object accepts, not only as unexpected.
      for (const issue of failure.issues ?? []) {
        expect(issue.message, label).not.toMatch(/^unexpected member/);
      }
    }
    expect(refusals).toBeGreaterThan(50);
  });
});
