import { ReportModelError } from "@svc/report-model";
import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import type { ComplianceDeps } from "../../catalog/deps.js";
import { docxParagraphs } from "../../test-support/documents.js";
import { sampleDeps } from "../../test-support/sample-deps.js";
import { LAZARUS_ETH } from "../workflows/example-addresses.js";
import { EXAMPLE_LEGACY_REPORT, EXAMPLE_REPORT_MODEL } from "./example-reports.js";
import { reportDocxGenerate } from "./report-docx-generate.js";

let deps: ComplianceDeps;
beforeAll(async () => {
  deps = await sampleDeps();
});

describe("DOCX report", () => {
  it("renders the shared report model: the document body holds the title, the match and the tables", async () => {
    const answer = await reportDocxGenerate.run(
      v.parse(reportDocxGenerate.input, EXAMPLE_REPORT_MODEL),
      deps,
    );
    expect(answer.data).toMatchObject({
      documentType: "docx",
      fileName: "ofac-batch-wallet-screening-report-2026-01-15.docx",
      mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      capabilities: { acceptedVariants: ["A"], charts: "png" },
      artifact_summary: { degraded: false, engine: expect.stringMatching(/^docx /) },
    });
    const paragraphs = await docxParagraphs(answer.data.artifact.contentBase64);
    expect(paragraphs).toContain("OFAC Batch Wallet Screening Report");
    // table cells are paragraphs too: the match's row, cell by cell, its status in words
    expect(paragraphs).toEqual(
      expect.arrayContaining([LAZARUS_ETH, "Match", "Lazarus Group", "DPRK3", "2019-09-13"]),
    );
    expect(paragraphs).toContain("Manual review required");
  });

  it("refuses the legacy payload: the schema requires report_meta, the run says UNSUPPORTED_VARIANT", async () => {
    const schema = v.safeParse(reportDocxGenerate.input, EXAMPLE_LEGACY_REPORT);
    expect(schema.success).toBe(false);
    expect(schema.issues?.[0]?.path?.map((p) => p.key)).toEqual(["report_meta"]);
    // a caller that skips the schema (a library user) gets the precise code
    await expect(reportDocxGenerate.run(EXAMPLE_LEGACY_REPORT as never, deps)).rejects.toSatisfy(
      (e: unknown) => e instanceof ReportModelError && e.code === "UNSUPPORTED_VARIANT",
    );
  });
});
