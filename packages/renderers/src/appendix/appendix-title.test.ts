import { describe, expect, it } from "vitest";
import { appendixLetter, appendixTitle } from "./appendix-title.js";

describe("appendix titles", () => {
  it("letters appendices A, B, … Z, AA", () => {
    expect([0, 1, 25, 26, 27].map(appendixLetter)).toEqual(["A", "B", "Z", "AA", "AB"]);
  });

  it("says Appendix once, before the letter", () => {
    expect(appendixTitle(0, "Appendix designation detail")).toBe(
      "Appendix A \u2014 Designation detail",
    );
    expect(appendixTitle(1, "Definitions")).toBe("Appendix B \u2014 Definitions");
    expect(appendixTitle(2, "Appendix")).toBe("Appendix C");
    expect(appendixTitle(3, "Appendixes of 2025")).toBe("Appendix D \u2014 Appendixes of 2025");
  });
});
