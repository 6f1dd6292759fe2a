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
    expect(excelNumberFormat("probability")).toContain("[=0]0%");
    expect(excelNumberFormat("probability")).toContain('"< 0.01%"');
    expect(excelNumberFormat("money")).toBe('"$"#,##0.00');
    expect(excelNumberFormat("identifier")).toBe("0");
    expect(excelNumberFormat("ratio")).toContain("×");
  });
});

describe("excelNumberFormat: probabilities by their size, two significant digits as documents show them", () => {
  it.each([
    [0, "0%"],
    [1, "0%"],
    [0.00004, '"< 0.01%"'],
    [0.00038, "0.000%"],
    [0.0023, "0.00%"],
    [0.069, "0.0%"],
    [0.48, "0%"],
    [0.994, "0%"],
    [0.999, '"> 99%"'],
  ])("%s → %s", (p, format) => {
    expect(excelNumberFormat("probability", p)).toBe(format);
  });
});

describe("excelNumberFormat: a number by its size, never a float's tail", () => {
  it.each([
    [23048, "#,##0"],
    [49503.5612, "#,##0.00"],
    [8.00626969017019, "#,##0.0##"],
    [0.03658, "0.0####"],
    [9.51688493983611e-7, "0.00E+00"],
  ])("%s → %s", (n, format) => {
    expect(excelNumberFormat("number", n)).toBe(format);
  });

  it("keeps the kind's one format for other kinds and for a number not given", () => {
    expect(excelNumberFormat("number")).toBe("General");
    expect(excelNumberFormat("money", 8.006)).toBe(excelNumberFormat("money"));
  });
});

describe("spreadsheetValue", () => {
  it("keeps numbers as numbers and writes other values as documents show them", () => {
    expect(spreadsheetValue(0.4755753139053136, "probability")).toBe(0.4755753139053136);
    expect(spreadsheetValue(27307, "identifier")).toBe(27307);
    expect(spreadsheetValue("manual_review_required", "status")).toBe("Manual review required");
    expect(spreadsheetValue(true, "boolean")).toBe("Yes");
    expect(spreadsheetValue("2025-11-19T00:00:00.000Z", "datetime")).toBe(
      "2025-11-19 00:00:00 UTC",
    );
    expect(spreadsheetValue(null, "count")).toBeNull();
  });
});
