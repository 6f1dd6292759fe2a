import { ReportModelError } from "@svc/report-model";
import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import type { ComplianceDeps } from "../../catalog/deps.js";
import { pdfText } from "../../test-support/documents.js";
import { sampleDeps } from "../../test-support/sample-deps.js";
import { EXAMPLE_LEGACY_REPORT, EXAMPLE_REPORT_MODEL } from "./example-reports.js";
import { reportGenerate } from "./report-generate.js";

let deps: ComplianceDeps;
beforeAll(async () => {
  deps = await sampleDeps();
});

const call = (body: unknown) => reportGenerate.run(v.parse(reportGenerate.input, body), deps);

describe("generic report route", () => {
  it("renders either variant as a PDF", async () => {
    for (const body of [EXAMPLE_LEGACY_REPORT, EXAMPLE_REPORT_MODEL]) {
      const answer = await call(body);
      expect(answer.data).toMatchObject({ documentType: "pdf", mimeType: "application/pdf" });
      expect(answer.data.capabilities.acceptedVariants).toEqual(["A", "B"]);
      const text = pdfText(answer.data.artifact.contentBase64);
      expect(text).toContain(answer.data.preview[0]?.split(" (")[0]);
    }
  });

  it("refuses a body that is both variants with AMBIGUOUS_REPORT", async () => {
    const both = { ...EXAMPLE_LEGACY_REPORT, report_meta: { title: "Also a report model" } };
    await expect(call(both)).rejects.toSatisfy(
      (e: unknown) => e instanceof ReportModelError && e.code === "AMBIGUOUS_REPORT",
    );
  });
});
