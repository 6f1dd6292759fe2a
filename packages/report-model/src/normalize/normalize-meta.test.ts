import { describe, expect, it } from "vitest";
import { normalizeReportMeta } from "./normalize-meta.js";
import { parseReport } from "./parse-report.js";

describe("normalizeReportMeta", () => {
  it("gives the title block a parse of the whole report gives, from report_meta alone", () => {
    const metas = [
      { title: "  OFAC Exposure Forecast ", date: "2026-11-22" },
      { report_title: "Queue", owner: "Desk", date: " ", version: "2" },
      { name: "Named", author: "A", subtitle: "Sub", sample_edition: true, list_warning: "Stale" },
      { report_type: "compliance-review-queue-optimizer" },
      {},
    ];
    for (const meta of metas) {
      const report = parseReport({
        report_meta: meta,
        tables: { t: { columns: ["a"], rows: [] } },
      });
      expect(normalizeReportMeta(meta), JSON.stringify(meta)).toEqual(report.meta);
    }
  });
});
