import { describe, expect, it } from "vitest";
import { VALUE_KINDS } from "../kinds/value-kind.js";
import { formatValue } from "./format-value.js";

describe("formatValue: probabilities", () => {
  it.each([
    [0.4755753139053136, "48%"],
    [0, "0%"],
    [1, "100%"],
    [1e-7, "< 0.01%"],
    [0.00009999, "< 0.01%"],
    [0.0001, "0.01%"],
    [0.000378, "0.038%"],
    [0.001, "0.1%"],
    [0.0023, "0.23%"],
    [0.00371, "0.37%"],
    [0.068936, "6.9%"],
    [0.1234, "12%"],
    [0.5, "50%"],
    [0.994, "99%"],
    [0.999, "> 99%"],
    [0.99995, "> 99%"],
  ])("%s → %s (two significant digits)", (p, shown) => {
    expect(formatValue(p, "probability")).toBe(shown);
  });

  it("shows a value outside [0, 1] as a number, never as an exploding percentage", () => {
    expect(formatValue(48.04, "probability")).toBe("48.04");
    expect(formatValue(-0.2, "probability")).toBe("-0.2");
  });
});

describe("formatValue: numbers by kind", () => {
  it("counts carry separators, identifiers never", () => {
    expect(formatValue(20000, "count")).toBe("20,000");
    expect(formatValue(-39999, "count")).toBe("-39,999");
    expect(formatValue(0, "count")).toBe("0");
    expect(formatValue(2.5, "count")).toBe("2.5");
    expect(formatValue(3176005130638753, "identifier")).toBe("3176005130638753");
    expect(formatValue(27307, "identifier")).toBe("27307");
  });

  it("numbers keep a few significant digits, never a float's tail", () => {
    expect(formatValue(0.4755753139053136, "number")).toBe("0.476");
    expect(formatValue(1.0764, "number")).toBe("1.076");
    expect(formatValue(49503.56, "number")).toBe("49,503.56");
    expect(formatValue(33.333333333333336, "number")).toBe("33.33");
    expect(formatValue(9.897298370094478e-7, "number")).toBe("9.9e-7");
    expect(formatValue(-0.00005, "number")).toBe("-5e-5");
    expect(formatValue(0, "number")).toBe("0");
    expect(formatValue(1, "number")).toBe("1");
  });

  it("percent units, ratios and money", () => {
    expect(formatValue(33.333333333333336, "percent")).toBe("33.3%");
    expect(formatValue(7.61, "percent")).toBe("7.61%");
    expect(formatValue(-3.3, "percent")).toBe("-3.3%");
    expect(formatValue(0, "percent")).toBe("0%");
    expect(formatValue(11648.6, "percent")).toBe("11,649%");
    expect(formatValue(12.345, "ratio")).toBe("12.3×");
    expect(formatValue(1.05, "ratio")).toBe("1.05×");
    expect(formatValue(116.486, "ratio")).toBe("116×");
    expect(formatValue(1_164_860, "ratio")).toBe("1,164,860×");
    expect(formatValue(0, "ratio")).toBe("0×");
    expect(formatValue(0.25, "money")).toBe("$0.25");
    expect(formatValue(49503.56, "money")).toBe("$49,503.56");
    expect(formatValue(40000, "money")).toBe("$40,000.00");
    expect(formatValue(-1, "money")).toBe("-$1.00");
    expect(formatValue(0, "money")).toBe("$0.00");
    expect(formatValue(0.001, "money")).toBe("< $0.01");
  });
});

describe("formatValue: strings, booleans and null", () => {
  it("status words read as words; addresses, hashes and ids as written", () => {
    expect(formatValue("manual_review_required", "status")).toBe("Manual review required");
    const address = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
    expect(formatValue(address, "address")).toBe(address);
    expect(formatValue("manual_review_required", "text")).toBe("manual_review_required");
    expect(formatValue("CASE-2026-0142", "identifier")).toBe("CASE-2026-0142");
  });

  it("instants in UTC, dates as ISO", () => {
    expect(formatValue("2025-11-19T00:00:00.000Z", "datetime")).toBe("2025-11-19 00:00:00 UTC");
    expect(formatValue("2025-11-19T13:05:07Z", "datetime")).toBe("2025-11-19 13:05:07 UTC");
    expect(formatValue("2025-11-19T13:05:00+02:00", "datetime")).toBe("2025-11-19 11:05:00 UTC");
    expect(formatValue("not a time", "datetime")).toBe("not a time");
    expect(formatValue("2025-11-19", "date")).toBe("2025-11-19");
  });

  it("null is empty and a boolean Yes/No, whatever the kind", () => {
    for (const kind of VALUE_KINDS) {
      expect(formatValue(null, kind)).toBe("");
      expect(formatValue(true, kind)).toBe("Yes");
      expect(formatValue(false, kind)).toBe("No");
    }
  });
});
