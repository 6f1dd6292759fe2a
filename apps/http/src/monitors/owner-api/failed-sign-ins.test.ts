import { describe, expect, it } from "vitest";
import { failedSignIns } from "./failed-sign-ins.js";

describe("failedSignIns", () => {
  it("holds a client back once past its burst, for the seconds its bucket needs, and lets it go after", () => {
    let t = 0;
    const failures = failedSignIns({ burst: 2, perSecond: 1 }, () => t);
    expect(failures.failed("a")).toBe(0);
    expect(failures.failed("a")).toBe(0);
    expect(failures.heldFor("a")).toBe(0);
    expect(failures.failed("a")).toBe(1);
    expect(failures.heldFor("a")).toBe(1);
    // Another client is not held back by the first one's failures.
    expect(failures.heldFor("b")).toBe(0);
    t = 1000;
    expect(failures.heldFor("a")).toBe(0);
  });
});
