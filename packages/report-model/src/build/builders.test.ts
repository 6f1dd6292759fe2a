import { describe, expect, it } from "vitest";
import { parseReport } from "../normalize/parse-report.js";
import {
  chartOfSeries,
  chartOfTable,
  metric,
  reportModel,
  tableFromRecords,
  withListWarning,
  withSampleEdition,
} from "./builders.js";

describe("builders", () => {
  it("assemble a shared report model that parses back without degradations", () => {
    const model = reportModel(
      {
        report_type: "compliance-exposure-forecast",
        title: "Forecast",
        author: "svc",
        date: "2026-11-22",
      },
      {
        executive_summary: ["Two wallets are exact matches."],
        headline_metrics: [metric("P50 expected hits", 2), metric("Coverage", 50, "%")],
        tables: {
          per_wallet_exposure: tableFromRecords([
            { address: "0x1", screening_status: "match", future_hit_probability: 1 },
            { address: "0x2", screening_status: "clear" },
          ]),
        },
        chart_hints: [
          chartOfTable(
            "bar",
            "Hit probability",
            "per_wallet_exposure",
            "address",
            "future_hit_probability",
          ),
          chartOfSeries("line", "Hits", [0, 1, 2], [{ name: "p", values: [0.5, 0.3, 0.2] }]),
        ],
        workbook_rows: { raw: [{ a: 1 }] },
      },
    );
    const r = parseReport(model);
    expect(r.degradations).toEqual([]);
    expect(r.meta.reportType).toBe("compliance-exposure-forecast");
    expect(r.tables[0]?.rows[1]).toEqual(["0x2", "clear", null]);
    expect(r.charts.map((c) => c.type)).toEqual(["bar", "line"]);
    expect(r.workbook[0]?.key).toBe("raw");
  });

  it("tableFromRecords keeps given column order and fills missing cells with null", () => {
    expect(tableFromRecords([{ b: 1, a: 2 }, { a: 3 }], ["a", "b"])).toEqual({
      columns: ["a", "b"],
      rows: [
        { a: 2, b: 1 },
        { a: 3, b: null },
      ],
    });
  });

  it("mark a report built on the sample edition, and leave any other unchanged", () => {
    const model = reportModel({ report_type: "compliance-exposure-forecast", title: "Forecast" });
    expect(withSampleEdition(model, false)).toBe(model);
    const marked = withSampleEdition(model, true);
    expect(marked.report_meta).toEqual({
      report_type: "compliance-exposure-forecast",
      title: "Forecast",
      sample_edition: true,
    });
    expect(model.report_meta).not.toHaveProperty("sample_edition");
    expect(parseReport(marked).meta.sampleEdition).toBe(true);
    expect(
      parseReport(reportModel({ report_type: "x", title: "T", sample_edition: true })).meta
        .sampleEdition,
    ).toBe(true);
  });

  it("add a list warning when there is one, and leave the model alone otherwise", () => {
    const model = reportModel({ report_type: "ofac-wallet-screening", title: "Screening" });
    expect(withListWarning(model, undefined)).toBe(model);
    expect(withListWarning(model, "  ")).toBe(model);
    const warned = withListWarning(model, "STALE LIST: edition of 2025-11-19");
    expect(warned.report_meta.list_warning).toBe("STALE LIST: edition of 2025-11-19");
    expect(model.report_meta).not.toHaveProperty("list_warning");
    expect(parseReport(warned).meta.listWarning).toBe("STALE LIST: edition of 2025-11-19");
  });

  it("carry a metric's kind and a table's column labels and kinds to the normalized report", () => {
    expect(metric("Match count", 1)).toEqual({ label: "Match count", value: 1 });
    const model = reportModel(
      { report_type: "compliance-review-queue-optimizer", title: "Queue" },
      {
        headline_metrics: [metric("Lift", 48.6, undefined, "ratio")],
        tables: {
          review_queue: tableFromRecords([{ address: "0x1", lift: 2 }], ["address", "lift"], {
            labels: { lift: "Lift over the current order" },
            kinds: { address: "address" },
          }),
        },
      },
    );
    const r = parseReport(model);
    expect(r.metrics[0]).toMatchObject({ label: "Lift", kind: "ratio" });
    expect(r.tables[0]?.columnLabels).toEqual(["Address", "Lift over the current order"]);
    expect(r.tables[0]?.columnKinds).toEqual(["address", "ratio"]);
    expect(r.degradations).toEqual([]);
    expect(tableFromRecords([{ a: 1 }])).not.toHaveProperty("column_labels");
  });
});
