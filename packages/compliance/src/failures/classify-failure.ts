import { InputError, type InputIssue, toIssues } from "@svc/montecarlo";
import { isOfacIndexError } from "@svc/ofac-index";
import { RenderError } from "@svc/renderers/pool";
import { ReportModelError } from "@svc/report-model";
import type * as v from "valibot";

/**
 * A refusal, said once for every transport: the HTTP API answers it with `status`, the MCP
 * server as an `isError` tool result. `code` is stable; `issues` carry the field paths of a
 * refused input. None of these is charged.
 */
export interface Failure {
  readonly status: 400 | 413 | 503;
  readonly code: string;
  readonly message: string;
  readonly issues?: readonly InputIssue[];
  /** Seconds after which a retry may succeed (a busy renderer). */
  readonly retryAfterSeconds?: number;
}

/** Input that failed its schema: every issue with its path, the first one in the message. */
export function invalidInput(issues: readonly v.BaseIssue<unknown>[]): Failure {
  const found = toIssues(issues);
  const first = found[0];
  return {
    status: 400,
    code: "INVALID_INPUT",
    message: `Invalid input: ${first?.path === "" ? "(body)" : first?.path}: ${first?.message}`,
    issues: found,
  };
}

/**
 * What an operation's failure means to the caller: refused input (400 with the field paths), a
 * report too large (413), no list loaded or a full render queue (503). Anything else is not a
 * refusal but a fault: `undefined`, for the transport to answer without internals.
 */
export function classifyFailure(error: unknown): Failure | undefined {
  if (error instanceof InputError) {
    return { status: 400, code: "INVALID_INPUT", message: error.message, issues: error.issues };
  }
  if (error instanceof ReportModelError) {
    return { status: 400, code: error.code, message: error.message, issues: error.issues };
  }
  if (error instanceof RenderError) {
    if (error.code === "REPORT_TOO_LARGE") {
      return { status: 413, code: error.code, message: error.message };
    }
    if (error.code === "RENDER_QUEUE_FULL") {
      return {
        status: 503,
        code: error.code,
        message: "The document renderer is busy; retry shortly. Nothing was charged.",
        retryAfterSeconds: 2,
      };
    }
  }
  if (isOfacIndexError(error)) {
    if (error.code === "LIST_UNAVAILABLE") {
      return {
        status: 503,
        code: error.code,
        message: "No sanctions list is loaded: screening is refused rather than answered clear.",
      };
    }
    if (error.code === "INVALID_ADDRESS" || error.code === "UNSUPPORTED_ASSET") {
      const path = typeof error.details?.path === "string" ? error.details.path : undefined;
      return {
        status: 400,
        code: error.code,
        message: error.message,
        ...(path === undefined ? {} : { issues: [{ path, message: error.message }] }),
      };
    }
  }
  return undefined;
}
