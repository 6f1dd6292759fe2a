import { ReportModelError } from "@svc/report-model";
import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import type { ComplianceDeps } from "../../catalog/deps.js";
import { sampleDeps } from "../../test-support/sample-deps.js";
import { LAZARUS_ETH } from "../workflows/example-addresses.js";
import { EXAMPLE_LEGACY_REPORT, EXAMPLE_REPORT_MODEL } from "./example-reports.js";
import { reportXlsxGenerate } from "./report-xlsx-generate.js";
import { sheetRows, xlsxWorkbook } from "./test-support/read-workbook.js";

let deps: ComplianceDeps;
beforeAll(async () => {
  deps = await sampleDeps();
});

describe("XLSX workbook", () => {
  it("renders the shared report model: a Summary sheet and sheets for the larger tables, read back with exceljs", async () => {
    const answer = await reportXlsxGenerate.run(
      v.parse(reportXlsxGenerate.input, EXAMPLE_REPORT_MODEL),
      deps,
    );
    expect(answer.data).toMatchObject({
      documentType: "xlsx",
      fileName: "ofac-batch-wallet-screening-report-2026-01-15.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      capabilities: { acceptedVariants: ["A"], charts: "data_sheet", maxTableRows: 60_000 },
    });
    const workbook = await xlsxWorkbook(answer.data.artifact.contentBase64);
    const names = workbook.worksheets.map((s) => s.name);
    expect(names[0]).toBe("Summary");
    const results = names.find((n) => /batch wallet results/i.test(n));
    expect(results, names.join(", ")).toBeDefined();
    const rows = sheetRows(workbook, results as string);
    // Headers are the model's labels; status words read as words.
    expect(rows[0]).toEqual(["Address", "Status", "Entity name", "Programs", "Listed on"]);
    expect(rows[1]?.slice(0, 3)).toEqual([LAZARUS_ETH, "Match", "Lazarus Group"]);
    expect(rows).toHaveLength(4);
  });

  it("refuses the legacy payload: the schema requires report_meta, the run says UNSUPPORTED_VARIANT", async () => {
    expect(v.safeParse(reportXlsxGenerate.input, EXAMPLE_LEGACY_REPORT).success).toBe(false);
    await expect(reportXlsxGenerate.run(EXAMPLE_LEGACY_REPORT as never, deps)).rejects.toSatisfy(
      (e: unknown) => e instanceof ReportModelError && e.code === "UNSUPPORTED_VARIANT",
    );
  });
});
