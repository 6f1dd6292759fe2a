import { InputError } from "@svc/montecarlo";
import { isOfacIndexError } from "@svc/ofac-index";
import { RenderError } from "@svc/renderers";
import { ReportModelError } from "@svc/report-model";
import type { Context } from "hono";
import { problem } from "./problem.js";

/**
 * What an operation's failure means to the caller: refused input is a 400 with the field paths,
 * a report too large a 413, a missing list or a full render queue a 503. Anything else is
 * rethrown and becomes a 500 without internals. None of these is charged (the payment gate
 * settles only answers below 400).
 */
export function mapFailure(c: Context, error: unknown): Response {
  if (error instanceof InputError) {
    return problem(c, 400, "INVALID_INPUT", error.message, error.issues);
  }
  if (error instanceof ReportModelError) {
    return problem(c, 400, error.code, error.message, error.issues);
  }
  if (error instanceof RenderError) {
    if (error.code === "REPORT_TOO_LARGE") return problem(c, 413, error.code, error.message);
    if (error.code === "RENDER_QUEUE_FULL") {
      c.header("Retry-After", "2");
      return problem(
        c,
        503,
        error.code,
        "The document renderer is busy; retry shortly. Nothing was charged.",
      );
    }
  }
  if (isOfacIndexError(error)) {
    if (error.code === "LIST_UNAVAILABLE") {
      return problem(
        c,
        503,
        error.code,
        "No sanctions list is loaded: screening is refused rather than answered clear.",
      );
    }
    if (error.code === "INVALID_ADDRESS" || error.code === "UNSUPPORTED_ASSET") {
      const path = typeof error.details?.path === "string" ? error.details.path : undefined;
      return problem(
        c,
        400,
        error.code,
        error.message,
        path === undefined ? undefined : [{ path, message: error.message }],
      );
    }
  }
  throw error;
}
