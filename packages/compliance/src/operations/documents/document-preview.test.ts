import { parseReport } from "@svc/report-model";
import { describe, expect, it } from "vitest";
import { documentPreview } from "./document-preview.js";
import { EXAMPLE_LEGACY_REPORT } from "./example-reports.js";

describe("documentPreview", () => {
  it("gives the title, the first two summary paragraphs and the tables with their row counts", () => {
    const preview = documentPreview(
      parseReport({
        report_meta: { title: "Quarterly screening" },
        executive_summary: ["First.", "Second.", "Third."],
        tables: { results: { columns: ["a"], rows: [[1]] }, empty: { columns: ["a"], rows: [] } },
        export_artifacts: { workbook_rows: { raw: [{ a: 1 }, { a: 2 }] } },
      }),
    );
    expect(preview).toEqual([
      "Quarterly screening",
      "First.",
      "Second.",
      "Tables: results (1 row), empty (0 rows)",
      "Workbook sheets: raw (2 rows)",
    ]);
  });

  it("lists a legacy payload's sections, and cuts long lines at a word", () => {
    const preview = documentPreview(
      parseReport({ ...EXAMPLE_LEGACY_REPORT, summary: `${"word ".repeat(60)}end` }),
    );
    expect(preview[0]).toBe(
      "Counterparty wallet review: Northwind OTC Ltd (Quarterly review, Q1 2026)",
    );
    expect(preview[1]?.length).toBeLessThanOrEqual(200);
    expect(preview[1]).toMatch(/ word…$/);
    expect(preview[2]).toBe("Sections: Findings, Wallets reviewed (table, 2 rows)");
  });
});
