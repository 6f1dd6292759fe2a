import { normalizeReportMeta, parseReport } from "@svc/report-model";
import { describe, expect, it } from "vitest";
import { fileNameFor, fileStem } from "./file-name.js";

describe("fileStem / fileNameFor", () => {
  it("names a document after its title and date, safe on every file system", () => {
    expect(
      fileStem({ title: "Enhanced Due Diligence Memo — Société Générale", date: "2026-11-22" }),
    ).toBe("enhanced-due-diligence-memo-societe-generale-2026-11-22");
    expect(fileStem({ title: "受審查的實體", date: null })).toBe("report");
    expect(fileStem({ title: "x".repeat(100), date: null })).toHaveLength(80);
  });

  it("gives from report_meta alone the name the parsed report's documents get", () => {
    const model = {
      report_meta: { report_type: "compliance-exposure-forecast", date: " 2026-01-15 " },
      tables: { t: { columns: ["a"], rows: [[1]] } },
    };
    const stem = fileStem(normalizeReportMeta(model.report_meta));
    expect(stem).toBe("compliance-exposure-forecast-2026-01-15");
    for (const type of ["pdf", "docx", "xlsx"] as const) {
      expect(fileNameFor(parseReport(model), type)).toBe(`${stem}.${type}`);
    }
  });
});
