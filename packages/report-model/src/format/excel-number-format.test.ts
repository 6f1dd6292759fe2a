import { describe, expect, it } from "vitest";
import { VALUE_KINDS } from "../kinds/value-kind.js";
import {
  EXCEL_NUMBER_FORMATS,
  excelNumberFormat,
  spreadsheetValue,
} from "./excel-number-format.js";

describe("excelNumberFormat", () => {
  it("names a format for every kind", () => {
    expect(Object.keys(EXCEL_NUMBER_FORMATS).sort()).toEqual([...VALUE_KINDS].sort());
    for (const kind of VALUE_KINDS) expect(excelNumberFormat(kind)).not.toBe("");
  });

  it("matches the documents: separators, percentages of probabilities, dollars, no separators in ids", () => {
    expect(excelNumberFormat("count")).toBe("#,##0");
    expect(excelNumberFormat("probability")).toContain("0.0%");
    expect(excelNumberFormat("probability")).toContain('"< 0.1%"');
    expect(excelNumberFormat("money")).toBe('"$"#,##0.00');
    expect(excelNumberFormat("identifier")).toBe("0");
    expect(excelNumberFormat("ratio")).toContain("×");
  });
});

describe("spreadsheetValue", () => {
  it("keeps numbers as numbers and writes other values as documents show them", () => {
    expect(spreadsheetValue(0.4755753139053136, "probability")).toBe(0.4755753139053136);
    expect(spreadsheetValue(27307, "identifier")).toBe(27307);
    expect(spreadsheetValue("manual_review_required", "status")).toBe("Manual review required");
    expect(spreadsheetValue(true, "boolean")).toBe("Yes");
    expect(spreadsheetValue("2025-11-19T00:00:00.000Z", "datetime")).toBe("2025-11-19 00:00 UTC");
    expect(spreadsheetValue(null, "count")).toBeNull();
  });
});
