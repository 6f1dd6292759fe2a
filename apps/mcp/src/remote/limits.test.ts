import { describe, expect, it } from "vitest";
import { Budget, formatUsdc, parseUsdc } from "./limits.js";

describe("parseUsdc", () => {
  it.each([
    ["0.25", 250_000n],
    ["5", 5_000_000n],
    ["0.000001", 1n],
    ["1.5", 1_500_000n],
    ["12.345678", 12_345_678n],
    ["007", 7_000_000n],
  ])("reads %s as %s atomic units", (text, atomic) => {
    expect(parseUsdc(text)).toBe(atomic);
  });

  it.each([
    "0",
    "0.000000",
    "-1",
    "+1",
    "1.0000001",
    "1e3",
    ".5",
    "5.",
    "1,000",
    " 1",
    "",
    "abc",
    "0x10",
  ])("refuses %j (not a positive amount with at most 6 decimals)", (text) => {
    expect(parseUsdc(text)).toBeUndefined();
  });
});

describe("formatUsdc", () => {
  it.each([
    [10_000n, "0.01"],
    [90_000n, "0.09"],
    [5_000_000n, "5"],
    [1n, "0.000001"],
    [0n, "0"],
    [1_234_500n, "1.2345"],
  ])("writes %s as %s", (atomic, text) => {
    expect(formatUsdc(atomic)).toBe(text);
  });

  it("round-trips with parseUsdc", () => {
    for (const text of ["0.25", "5", "0.000001", "12.345678"]) {
      expect(formatUsdc(parseUsdc(text) ?? 0n)).toBe(text);
    }
  });
});

describe("Budget", () => {
  it("refuses a price above the per-call limit, whatever is left of the total", () => {
    const budget = new Budget(250_000n, 5_000_000n);
    const out = budget.reserve(250_001n);
    expect(out).toEqual({
      ok: false,
      refusal: { limit: "max-per-call", max: 250_000n, amount: 250_001n, committed: 0n },
    });
    expect(budget.held).toBe(0n);
    expect(budget.reserve(250_000n).ok).toBe(true);
  });

  it("counts committed payments against the total and refuses the one that would pass it", () => {
    const budget = new Budget(100_000n, 150_000n);
    const first = budget.reserve(90_000n);
    if (!first.ok) throw new Error("refused");
    first.reservation.commit();
    expect(budget.spent).toBe(90_000n);
    expect(budget.reserve(70_000n)).toEqual({
      ok: false,
      refusal: { limit: "max-total", max: 150_000n, amount: 70_000n, committed: 90_000n },
    });
    const exact = budget.reserve(60_000n);
    expect(exact.ok).toBe(true);
  });

  it("two calls under way at once cannot both pass the total (a reservation holds its amount)", () => {
    const budget = new Budget(100_000n, 150_000n);
    const a = budget.reserve(90_000n);
    const b = budget.reserve(90_000n);
    expect(a.ok).toBe(true);
    expect(b).toMatchObject({ ok: false, refusal: { limit: "max-total", committed: 90_000n } });
    expect(budget.held).toBe(90_000n);
    expect(budget.spent).toBe(0n);
  });

  it("a released reservation gives its amount back; committing or releasing twice changes nothing", () => {
    const budget = new Budget(100_000n, 100_000n);
    const a = budget.reserve(100_000n);
    if (!a.ok) throw new Error("refused");
    a.reservation.release();
    a.reservation.commit();
    expect(budget.held).toBe(0n);
    expect(budget.spent).toBe(0n);
    const b = budget.reserve(100_000n);
    if (!b.ok) throw new Error("refused");
    b.reservation.commit();
    b.reservation.commit();
    b.reservation.release();
    expect(budget.spent).toBe(100_000n);
    expect(budget.reserve(1n).ok).toBe(false);
  });

  it("a free call (price 0) passes even a spent budget", () => {
    const budget = new Budget(1n, 1n);
    const a = budget.reserve(1n);
    if (!a.ok) throw new Error("refused");
    a.reservation.commit();
    expect(budget.reserve(0n).ok).toBe(true);
  });

  it("refuses limits that are not positive", () => {
    expect(() => new Budget(0n, 1n)).toThrow(RangeError);
    expect(() => new Budget(1n, -1n)).toThrow(RangeError);
  });
});
