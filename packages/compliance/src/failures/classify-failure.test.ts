import { InputError } from "@svc/montecarlo";
import { OfacIndexError } from "@svc/ofac-index";
import { RenderError } from "@svc/renderers";
import { ReportModelError } from "@svc/report-model";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { ExecutionTimeoutError } from "../execution/execution-timeout-error.js";
import { classifyFailure, invalidInput } from "./classify-failure.js";

describe("classifyFailure", () => {
  it("refused input is a 400 with the field paths", () => {
    const error = new InputError([{ path: "addresses[2]", message: "must be a string" }]);
    expect(classifyFailure(error)).toMatchObject({
      status: 400,
      code: "INVALID_INPUT",
      issues: [{ path: "addresses[2]", message: "must be a string" }],
    });
  });

  it("a refused report keeps its own code", () => {
    const error = new ReportModelError("AMBIGUOUS_REPORT", "both variants", [
      { path: "", message: "both variants" },
    ]);
    expect(classifyFailure(error)).toMatchObject({ status: 400, code: "AMBIGUOUS_REPORT" });
  });

  it("a report too large is a 413; a busy renderer a 503 with a retry delay", () => {
    expect(classifyFailure(new RenderError("REPORT_TOO_LARGE", "too many rows"))).toMatchObject({
      status: 413,
      code: "REPORT_TOO_LARGE",
    });
    expect(classifyFailure(new RenderError("RENDER_QUEUE_FULL", "full"))).toMatchObject({
      status: 503,
      retryAfterSeconds: 2,
    });
  });

  it("a render that failed or was stopped is a 503 with its code, never a fault (500)", () => {
    for (const code of ["RENDER_FAILED", "RENDER_ABORTED"] as const) {
      expect(classifyFailure(new RenderError(code, "worker ran out of memory"))).toEqual({
        status: 503,
        code,
        message: "The document could not be rendered; nothing was charged.",
        retryAfterSeconds: 5,
      });
    }
  });

  it("a renderer that cannot start a document in time says so with its code and the delay it gave", () => {
    expect(
      classifyFailure(new RenderError("RENDER_BUSY", "wait", { retryAfterSeconds: 7.2 })),
    ).toMatchObject({ status: 503, code: "RENDER_BUSY", retryAfterSeconds: 8 });
    expect(classifyFailure(new RenderError("RENDER_PAYER_BUSY", "payer"))).toMatchObject({
      status: 503,
      code: "RENDER_PAYER_BUSY",
      retryAfterSeconds: 2,
    });
  });

  it("a run past its deadline is a 503 naming its budget, not charged, with a retry delay", () => {
    expect(classifyFailure(new ExecutionTimeoutError("report_docx_generate", 30_000))).toEqual({
      status: 503,
      code: "EXECUTION_TIMEOUT",
      message:
        "report_docx_generate took longer than its 30 s budget and was abandoned; nothing was charged.",
      retryAfterSeconds: 5,
    });
  });

  it("screening without a list is refused (503), never answered clear", () => {
    const failure = classifyFailure(new OfacIndexError("LIST_UNAVAILABLE", "no list"));
    expect(failure).toMatchObject({ status: 503, code: "LIST_UNAVAILABLE" });
    expect(failure?.message).toMatch(/refused rather than answered clear/);
  });

  it("an unscreenable address points at its member", () => {
    const error = new OfacIndexError("INVALID_ADDRESS", "address has a control character", {
      details: { path: "addresses[0]" },
    });
    expect(classifyFailure(error)).toMatchObject({
      status: 400,
      issues: [{ path: "addresses[0]" }],
    });
  });

  it("anything else is a fault, not a refusal", () => {
    expect(classifyFailure(new TypeError("x is undefined"))).toBeUndefined();
  });
});

describe("invalidInput", () => {
  it("names the first issue's path in the message and keeps every issue", () => {
    const schema = v.object({
      a: v.string("a must be a string"),
      b: v.number("b must be a number"),
    });
    const result = v.safeParse(schema, { a: 1, b: "x" });
    const failure = invalidInput(result.issues ?? []);
    expect(failure.message).toBe("Invalid input: a: a must be a string");
    expect(failure.issues?.map((i) => i.path)).toEqual(["a", "b"]);
  });
});
