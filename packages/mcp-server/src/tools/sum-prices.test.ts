import { describe, expect, it } from "vitest";
import { sumPrices } from "./sum-prices.js";

describe("sumPrices", () => {
  it("adds in millionths, without binary floating point", () => {
    expect(sumPrices("0.04", "0.05")).toBe("0.09");
    expect(sumPrices("0.1", "0.2")).toBe("0.30");
    expect(sumPrices("0.000001", "0.25")).toBe("0.250001");
    expect(sumPrices("1", "0.5")).toBe("1.50");
  });

  it("refuses what is not a price", () => {
    expect(() => sumPrices("0.05", "-1")).toThrow(RangeError);
    expect(() => sumPrices("1e-3")).toThrow(/not a USD price/);
    expect(() => sumPrices("0.0000001")).toThrow(RangeError);
  });
});
