import { describe, expect, it } from "vitest";
import type { RenderError } from "../errors/render-error.js";
import { INITIAL_SLOWDOWN, RenderAdmission } from "./render-admission.js";
import { estimateRenderMs } from "./render-cost.js";

const codeOf = (fn: () => unknown): string => {
  try {
    fn();
    return "admitted";
  } catch (error) {
    return (error as RenderError).code;
  }
};

describe("RenderAdmission", () => {
  it("refuses a render the queue ahead would keep past its deadline, and admits it once that queue is released", () => {
    const admission = new RenderAdmission(1, 10, 10, 1);
    const docx = estimateRenderMs("docx", 100_000);
    const ahead = [1, 2, 3].map(() => admission.admit({ type: "docx", cells: 100_000 }));
    expect(admission.waitMs).toBeCloseTo(3 * docx);
    const deadlineMs = 3.5 * docx;
    expect(codeOf(() => admission.admit({ type: "docx", cells: 100_000, deadlineMs }))).toBe(
      "RENDER_BUSY",
    );
    ahead[0]?.release();
    ahead[0]?.release();
    expect(admission.waitMs).toBeCloseTo(2 * docx);
    expect(codeOf(() => admission.admit({ type: "docx", cells: 100_000, deadlineMs }))).toBe(
      "admitted",
    );
  });

  it("caps the renders of one payer, not of others, and gives a retry delay", () => {
    const admission = new RenderAdmission(1, 10, 2);
    admission.admit({ type: "xlsx", cells: 10, payer: "0xa" });
    const second = admission.admit({ type: "xlsx", cells: 10, payer: "0xa" });
    let refusal: RenderError | undefined;
    try {
      admission.admit({ type: "xlsx", cells: 10, payer: "0xa" });
    } catch (error) {
      refusal = error as RenderError;
    }
    expect(refusal?.code).toBe("RENDER_PAYER_BUSY");
    expect(refusal?.details.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(codeOf(() => admission.admit({ type: "xlsx", cells: 10, payer: "0xb" }))).toBe(
      "admitted",
    );
    second.release();
    expect(codeOf(() => admission.admit({ type: "xlsx", cells: 10, payer: "0xa" }))).toBe(
      "admitted",
    );
  });

  it("holds at most its capacity, and renders observed slower than modelled lengthen the wait", () => {
    const admission = new RenderAdmission(1, 2, 10, 1);
    admission.admit({ type: "pdf", cells: 0 });
    admission.admit({ type: "pdf", cells: 0 });
    expect(codeOf(() => admission.admit({ type: "pdf", cells: 0 }))).toBe("RENDER_QUEUE_FULL");
    const before = admission.waitMs;
    admission.observe("pdf", 0, 4 * estimateRenderMs("pdf", 0));
    expect(admission.waitMs).toBeGreaterThan(before);
  });

  it("takes renders as INITIAL_SLOWDOWN times slower than modelled until it has seen some, then as fast as they ran", () => {
    const admission = new RenderAdmission(1, 10, 10);
    const docx = estimateRenderMs("docx", 100_000);
    const deadlineMs = 4 * docx;
    // At the model, four fit the deadline; taken twice as slow, two do.
    const admitted = [1, 2, 3, 4].map(() =>
      codeOf(() => admission.admit({ type: "docx", cells: 100_000, deadlineMs })),
    );
    expect(INITIAL_SLOWDOWN).toBe(2);
    expect(admitted).toEqual(["admitted", "admitted", "RENDER_BUSY", "RENDER_BUSY"]);
    for (let i = 0; i < 20; i++) admission.observe("docx", 100_000, docx);
    expect(admission.waitMs / (2 * docx)).toBeGreaterThan(1);
    expect(admission.waitMs / (2 * docx)).toBeLessThan(1.02);
  });
});
