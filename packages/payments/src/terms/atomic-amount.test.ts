import { describe, expect, it } from "vitest";
import { atomicUsdc, displayPrice, sumPrices } from "./atomic-amount.js";

describe("atomicUsdc", () => {
  it("turns every catalog price into exact atomic units (no binary rounding)", () => {
    expect(
      ["0.01", "0.04", "0.05", "0.06", "0.07", "0.09", "0.10", "0.15", "0.25", "0.29"].map(
        atomicUsdc,
      ),
    ).toEqual([
      "10000",
      "40000",
      "50000",
      "60000",
      "70000",
      "90000",
      "100000",
      "150000",
      "250000",
      "290000",
    ]);
    expect(atomicUsdc("1")).toBe("1000000");
    expect(atomicUsdc("0.000001")).toBe("1");
    expect(atomicUsdc("0")).toBe("0");
  });

  it("refuses what is not a plain decimal with at most 6 places", () => {
    for (const bad of ["", "-0.01", "0.0000001", "1e-2", "$0.01", "0.01 ", ".5", "abc"]) {
      expect(() => atomicUsdc(bad), bad).toThrow(RangeError);
    }
  });

  it("shows prices as people read them", () => {
    expect(displayPrice("0.09")).toBe("$0.09 USDC");
  });
});

describe("sumPrices", () => {
  it("adds in millionths, without binary floating point", () => {
    expect(sumPrices("0.04", "0.05")).toBe("0.09");
    expect(sumPrices("0.1", "0.2")).toBe("0.30");
    expect(sumPrices("0.000001", "0.25")).toBe("0.250001");
    expect(sumPrices("1", "0.5")).toBe("1.50");
  });

  it("refuses what is not a price", () => {
    expect(() => sumPrices("0.05", "-1")).toThrow(RangeError);
    expect(() => sumPrices("1e-3")).toThrow(/price must be a decimal string/);
    expect(() => sumPrices("0.0000001")).toThrow(RangeError);
  });
});
