import { RenderError } from "@svc/renderers";
import { ReportModelError } from "@svc/report-model";
import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import type { ComplianceDeps } from "../../catalog/deps.js";
import { pdfText } from "../../test-support/documents.js";
import { sampleDeps } from "../../test-support/sample-deps.js";
import { LAZARUS_ETH } from "../workflows/example-addresses.js";
import { EXAMPLE_LEGACY_REPORT, EXAMPLE_REPORT_MODEL } from "./example-reports.js";
import { reportPdfGenerate } from "./report-pdf-generate.js";

let deps: ComplianceDeps;
beforeAll(async () => {
  deps = await sampleDeps();
});

/** What the app does: the input schema first, then the run. */
const call = (body: unknown) => reportPdfGenerate.run(v.parse(reportPdfGenerate.input, body), deps);

/** The ReportModelError of a body; `direct` skips the schema, as a library caller may. */
async function refusal(body: unknown, direct = false): Promise<ReportModelError> {
  try {
    await (direct ? reportPdfGenerate.run(body as never, deps) : call(body));
  } catch (error) {
    if (error instanceof ReportModelError) return error;
    throw error;
  }
  throw new Error("the body was accepted");
}

describe("PDF report", () => {
  it("renders the shared report model: a real PDF with the title, the match and the tables", async () => {
    const answer = await call(EXAMPLE_REPORT_MODEL);
    expect(answer).toMatchObject({
      success: true,
      source: "auto-local-engine",
      data: {
        documentType: "pdf",
        mimeType: "application/pdf",
        fileName: "ofac-batch-wallet-screening-report-2026-01-15.pdf",
        artifact: { type: "pdf", name: "ofac-batch-wallet-screening-report-2026-01-15.pdf" },
        artifact_summary: { usedFallback: false, degraded: false, degradationReason: null },
      },
    });
    const bytes = Buffer.from(answer.data.artifact.contentBase64, "base64");
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(answer.data.artifact.sizeBytes).toBe(bytes.byteLength);
    expect(answer.data.artifact_summary.sizeBytes).toBe(bytes.byteLength);

    const text = pdfText(answer.data.artifact.contentBase64);
    expect(text).toContain("OFAC Batch Wallet Screening Report");
    expect(text).toContain("Lazarus Group");
    expect(text).toContain(LAZARUS_ETH);
    expect(text).toContain("Batch wallet results");
  });

  it("renders the legacy payload (variant B): title, sections, bullets and the section table", async () => {
    const answer = await call(EXAMPLE_LEGACY_REPORT);
    expect(answer.data.fileName).toBe("counterparty-wallet-review-northwind-otc-ltd.pdf");
    const text = pdfText(answer.data.artifact.contentBase64);
    expect(text).toContain("Counterparty wallet review: Northwind OTC Ltd");
    expect(text).toContain("Findings");
    expect(text).toContain("Rescreen when the wallets or the list change.");
    expect(text).toContain("bc1qzy4mau0pt3dqk6u3sz7p3nx6wqy6u9l0wc7mq0");
  });

  it("refuses a body that is both variants with AMBIGUOUS_REPORT", async () => {
    const both = { ...EXAMPLE_REPORT_MODEL, title: "Also a legacy payload" };
    expect(v.safeParse(reportPdfGenerate.input, both).success).toBe(true); // the schema cannot tell
    expect((await refusal(both)).code).toBe("AMBIGUOUS_REPORT");
  });

  it("names the offending path of an invalid body, in the schema's message and in the run's issues", async () => {
    const body = { report_meta: { title: "Q1" }, headline_metrics: [{ value: 1 }] };
    const schema = v.safeParse(reportPdfGenerate.input, body);
    expect(schema.success).toBe(false);
    expect(schema.issues?.map((i) => [i.path?.map((p) => p.key), i.message])).toEqual([
      [
        ["headline_metrics", 0, "label"],
        "label is required: a string of at most 20000 characters (What the metric measures)",
      ],
    ]);
    const error = await refusal(body, true);
    expect(error.code).toBe("INVALID_REPORT");
    expect(error.issues.map((i) => i.path)).toEqual(["headline_metrics[0].label"]);
  });

  it("propagates REPORT_TOO_LARGE before rendering", async () => {
    const rows = Array.from({ length: 10_001 }, (_, i) => [
      `0x${i.toString(16).padStart(40, "0")}`,
    ]);
    const body = {
      report_meta: { title: "Too long" },
      tables: { wallets: { columns: ["address"], rows } },
    };
    await expect(call(body)).rejects.toSatisfy(
      (e: unknown) => e instanceof RenderError && e.code === "REPORT_TOO_LARGE",
    );
  });

  it("still renders what it cannot fully honour, and says so in artifact_summary", async () => {
    const answer = await call({
      ...EXAMPLE_REPORT_MODEL,
      chart_hints: [{ type: "pie", title: "Outcome", labels: ["match", "clear"], values: [1, 2] }],
    });
    expect(answer.data.artifact_summary.degraded).toBe(true);
    expect(answer.data.artifact_summary.usedFallback).toBe(false);
    expect(answer.data.artifact_summary.degradationReason).toContain("chart_hints[0]");
  });
});
