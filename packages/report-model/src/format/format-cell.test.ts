import { describe, expect, it } from "vitest";
import type { ReportMetric, ReportTable } from "../model/report.js";
import { formatCell, formatMetric, metricKind } from "./format-cell.js";

const m = (label: string, value: ReportMetric["value"], unit: string | null = null) => ({
  label,
  value,
  unit,
});

describe("formatMetric", () => {
  it("shows the value by its kind, with its unit once", () => {
    expect(formatMetric(m("P(hits >= 2)", 7.61, "%"))).toBe("7.61%");
    expect(formatMetric(m("Workflow status", "manual_review_required"))).toBe(
      "Manual review required",
    );
    expect(formatMetric(m("Total screened", 1024, "wallets"))).toBe("1,024 wallets");
    expect(formatMetric(m("Manual review required", true))).toBe("Yes");
    expect(formatMetric(m("Price", 0.25, "USD"))).toBe("$0.25");
    expect(formatMetric(m("Price", 0.25, "USDC"))).toBe("$0.25 USDC");
    expect(formatMetric(m("Coverage", null, "%"))).toBe("");
  });

  it("takes a carried kind over inference", () => {
    const lift = { ...m("Lift", 48.6), kind: "ratio" as const };
    expect(metricKind(lift)).toBe("ratio");
    expect(formatMetric(lift)).toBe("48.6×");
    expect(formatMetric({ ...m("Entry", 27307), kind: "identifier" })).toBe("27307");
  });
});

describe("formatCell", () => {
  it("formats a hand-built table's cells by inferred kinds", () => {
    const table: ReportTable = {
      key: "t",
      title: "T",
      columns: ["address", "future_hit_probability", "note"],
      rows: [["0x098B716B8Aaf21512996dC57EB0615e2383E2f96", 0.4755753139053136, "snapshot_diff"]],
    };
    expect(formatCell(table, 0, 1)).toBe("48%");
    expect(formatCell(table, 0, 2)).toBe("Snapshot diff");
    expect(formatCell(table, 5, 0)).toBe("");
  });
});
