import { inflateRawSync } from "node:zlib";
import {
  type ComplianceDeps,
  execute,
  exposureForecast,
  queueOptimize,
  reportDocxGenerate,
  reportPdfGenerate,
  reportXlsxGenerate,
} from "@svc/compliance";
import type { CallResult, McpTestClient } from "@svc/test-support/mcp-client";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect } from "../test-support/connect.js";
import { pdfText, resourcesOf } from "../test-support/read-documents.js";
import { sampleDeps } from "../test-support/sample-deps.js";

/**
 * The recommended flow, end to end: every `report` this service returns (from a tool, or from a
 * workflow operation that is an HTTP route) passed unchanged to both document tools comes back
 * as a document; a member beyond the shared report model is still refused with its path.
 */

const LAZARUS = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const SCENARIO = {
  parameters: { reach: 4, quality: 3, cost: 2 },
  weights: { reach: 1.5, quality: 1, cost: -0.5 },
  uncertainty: { reach: 1, quality: 0.5 },
  outcome_noise: 1,
  threshold: 8,
};

type Report = { report_meta: { title: string } } & Record<string, unknown>;
type Result = CallResult;

let client: McpTestClient;
let deps: ComplianceDeps;
const reports = new Map<string, Report>();

const call = (name: string, args: Record<string, unknown>): Promise<Result> =>
  client.callTool({ name, arguments: args });
const textOf = (r: Result) => (r.content as { type: string; text?: string }[])[0]?.text ?? "";

const isReport = (x: unknown): x is Report =>
  typeof x === "object" &&
  x !== null &&
  "report_meta" in x &&
  typeof x.report_meta === "object" &&
  x.report_meta !== null &&
  "title" in x.report_meta &&
  typeof x.report_meta.title === "string";

/** The `report` of a tool's answer. */
async function toolReport(name: string, args: Record<string, unknown>): Promise<Report> {
  const r = await call(name, args);
  expect(r.isError, `${name}: ${textOf(r).slice(0, 300)}`).toBeFalsy();
  const report = (r.structuredContent as { report?: unknown } | undefined)?.report;
  if (!isReport(report)) throw new Error(`${name} answered no report`);
  return report;
}

/** The `report` of a workflow operation's answer, its raw body handled as its route does. */
async function operationReport(
  op: typeof exposureForecast | typeof queueOptimize,
  body: unknown,
): Promise<Report> {
  const answer = await execute<unknown, { readonly report?: unknown }, ComplianceDeps>(
    op,
    body,
    deps,
  );
  if (!answer.ok) throw new Error(`${op.name}: ${answer.failure.message}`);
  const { report } = answer.output;
  if (!isReport(report)) throw new Error(`${op.name} answered no report`);
  return report;
}

/**
 * The text runs of a DOCX body, joined: `word/document.xml` found through the ZIP's central
 * directory (its end record gives the directory's offset and entry count; each entry, the
 * method, compressed size and local header of a file) and inflated.
 */
function docxText(base64: string): string {
  const zip = Buffer.from(base64, "base64");
  const end = zip.lastIndexOf(Buffer.from("PK\x05\x06", "latin1"));
  let entry = zip.readUInt32LE(end + 16);
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    const nameLength = zip.readUInt16LE(entry + 28);
    const name = zip.toString("utf8", entry + 46, entry + 46 + nameLength);
    if (name === "word/document.xml") {
      const local = zip.readUInt32LE(entry + 42);
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + zip.readUInt32LE(entry + 20));
      const stored = zip.readUInt16LE(entry + 10) === 0;
      const xml = (stored ? data : inflateRawSync(data)).toString("utf8");
      return [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>|<w:noBreakHyphen\/>/g)]
        .map((t) =>
          (t[1] ?? "-").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&"),
        )
        .join("");
    }
    entry += 46 + nameLength + zip.readUInt16LE(entry + 30) + zip.readUInt16LE(entry + 32);
  }
  throw new Error("not a DOCX: word/document.xml is missing");
}

beforeAll(async () => {
  deps = await sampleDeps();
  client = await connect({ deps });
  const decision = {
    analysis_type: "compare",
    request: { baseline: SCENARIO, candidate: { ...SCENARIO, threshold: 7 }, sims: 2_000, seed: 7 },
  };
  reports.set(
    "wallet report",
    await toolReport("ofac_wallet_report", { address: LAZARUS, output_format: "json" }),
  );
  reports.set(
    "batch",
    await toolReport("batch_wallet_screen", {
      addresses: [LAZARUS, "0x1111111111111111111111111111111111111111"],
    }),
  );
  reports.set(
    "EDD",
    await toolReport("edd_report", {
      subject_name: "Northwind OTC Ltd",
      addresses: [LAZARUS],
      output_format: "json",
    }),
  );
  reports.set(
    "Monte Carlo report",
    await toolReport("monte_carlo_report", { ...decision, output_format: "json" }),
  );
  reports.set(
    "Monte Carlo decision report",
    await toolReport("monte_carlo_decision_report", decision),
  );
  reports.set("forecast", await operationReport(exposureForecast, exposureForecast.inputExample));
  reports.set("queue", await operationReport(queueOptimize, queueOptimize.inputExample));
});
afterAll(async () => client?.close());

const NAMES = [
  "wallet report",
  "batch",
  "EDD",
  "Monte Carlo report",
  "Monte Carlo decision report",
  "forecast",
  "queue",
];

const reportOf = (name: string): Report => {
  const report = reports.get(name);
  if (report === undefined) throw new Error(`no ${name} report`);
  return report;
};

describe("every report this service returns, passed to the document tools", () => {
  it("includes reports with chart hints (the members the tools used to refuse)", () => {
    expect(NAMES.filter((name) => "chart_hints" in reportOf(name))).toEqual([
      "Monte Carlo report",
      "Monte Carlo decision report",
      "forecast",
      "queue",
    ]);
  });

  it.each(NAMES)("the %s comes back from report_pdf_generate as a PDF", async (name) => {
    const report = reportOf(name);
    const r = await call("report_pdf_generate", report);
    expect(r.isError, textOf(r).slice(0, 300)).toBeFalsy();
    const [pdf, ...others] = resourcesOf(r);
    expect(others).toEqual([]);
    expect(pdf?.mimeType).toBe("application/pdf");
    expect(pdfText(pdf?.blob ?? "")).toContain(report.report_meta.title);
  });

  it.each(NAMES)("the %s comes back from report_docx_generate as a DOCX", async (name) => {
    const report = reportOf(name);
    const r = await call("report_docx_generate", report);
    expect(r.isError, textOf(r).slice(0, 300)).toBeFalsy();
    const [docx, ...others] = resourcesOf(r);
    expect(others).toEqual([]);
    expect(docx?.mimeType).toMatch(/wordprocessingml/);
    expect(docxText(docx?.blob ?? "")).toContain(report.report_meta.title);
  });

  it.each(NAMES)("the %s is a body of the PDF, DOCX and XLSX routes too", (name) => {
    for (const route of [reportPdfGenerate, reportDocxGenerate, reportXlsxGenerate]) {
      expect(v.safeParse(route.input, reportOf(name)).success, route.name).toBe(true);
    }
  });

  it("a member beyond the shared report model is still refused, with its path", async () => {
    const report = reportOf("forecast");
    for (const tool of ["report_pdf_generate", "report_docx_generate"]) {
      const top = await call(tool, { ...report, charts: [] });
      expect(top.isError).toBe(true);
      expect(top.structuredContent).toMatchObject({
        success: false,
        code: "INVALID_INPUT",
        issues: [
          {
            path: "charts",
            message:
              'unknown member "charts": this object accepts report_meta, executive_summary, headline_metrics, tables, export_artifacts, chart_hints, result, attestation, sign_off only',
          },
        ],
      });
      const [key, table] = Object.entries(report.tables as Record<string, object>)[0] ?? [];
      const nested = await call(tool, {
        ...report,
        tables: { [String(key)]: { ...table, note: "x" } },
      });
      expect(nested.structuredContent).toMatchObject({
        code: "INVALID_INPUT",
        issues: [
          {
            path: `tables.${key}.note`,
            message:
              'unknown member "note": this object accepts columns, rows, column_labels, column_kinds only',
          },
        ],
      });
    }
  });
});
