import { InputError, type InputIssue, toIssueList } from "@svc/montecarlo";
import { isOfacIndexError } from "@svc/ofac-index";
import { RenderError } from "@svc/renderers/pool";
import { ReportModelError } from "@svc/report-model";
import type * as v from "valibot";
import { ExecutionTimeoutError, formatSeconds } from "../execution/execution-timeout-error.js";
import type { Failure } from "./failure.js";
import { RefusalError } from "./refusal-error.js";

/** `{moreIssues}` when some issues were left out of a refusal, else nothing. */
const moreIssuesOf = (moreIssues: number): { moreIssues?: number } =>
  moreIssues > 0 ? { moreIssues } : {};

/**
 * Input that failed its schema: the first 20 issues with their paths (the first one in the
 * message), and how many more there were.
 */
export function invalidInput(issues: readonly v.BaseIssue<unknown>[]): Failure {
  const found = toIssueList(issues);
  const first = found.issues[0];
  return {
    status: 400,
    code: "INVALID_INPUT",
    message: `Invalid input: ${first?.path === "" ? "(body)" : first?.path}: ${first?.message}`,
    issues: found.issues,
    ...moreIssuesOf(found.moreIssues),
  };
}

/**
 * A renderer's refusal or failure, each with its own code: a report too large is a 413; a busy
 * renderer (a full queue, a wait past the run's deadline, a payer with too many renders queued)
 * a 503 with the retry delay the renderer gave; a render that failed (its worker ran out of
 * memory or crashed) or was stopped (the pool closing) a 503 too. Never a 500: a document the
 * renderer could not make is the renderer's refusal, answered before anything is charged.
 */
function renderFailure(error: RenderError): Failure {
  if (error.code === "REPORT_TOO_LARGE") {
    return { status: 413, code: error.code, message: error.message };
  }
  const retry = error.details.retryAfterSeconds;
  const retryAfterSeconds = typeof retry === "number" && retry > 0 ? Math.ceil(retry) : 2;
  if (error.code === "RENDER_FAILED" || error.code === "RENDER_ABORTED") {
    return {
      status: 503,
      code: error.code,
      message: "The document could not be rendered; nothing was charged.",
      retryAfterSeconds: RENDER_FAILED_RETRY_AFTER_SECONDS,
    };
  }
  return {
    status: 503,
    code: error.code,
    message: `${busyReason(error.code)}; retry after ${retryAfterSeconds} s. Nothing was charged.`,
    retryAfterSeconds,
  };
}

/** A render that failed may be retried (a worker that ran out of memory is replaced). */
const RENDER_FAILED_RETRY_AFTER_SECONDS = 5;

const busyReason = (code: string): string =>
  code === "RENDER_PAYER_BUSY"
    ? "This payer already has as many documents being rendered as one payer may"
    : code === "RENDER_BUSY"
      ? "The document renderer could not start this document within its deadline"
      : "The document renderer is busy";

/** When a run abandoned at its deadline may be retried. */
const EXECUTION_TIMEOUT_RETRY_AFTER_SECONDS = 5;

/**
 * What an operation's failure means to the caller: refused input (400 with the field paths), a
 * report too large (413), no list loaded, a busy or failed renderer or a run past its deadline
 * (503).
 * Anything else is not a refusal but a fault: `undefined`, for the transport to answer without
 * internals.
 */
export function classifyFailure(error: unknown): Failure | undefined {
  if (error instanceof RefusalError) return error.failure;
  if (error instanceof ExecutionTimeoutError) {
    return {
      status: 503,
      code: error.code,
      message: `${error.operation} took longer than its ${formatSeconds(error.deadlineMs)} s budget and was abandoned; nothing was charged.`,
      // Usually a renderer queue that has not drained yet; a document that alone outlasts the
      // budget will time out again.
      retryAfterSeconds: EXECUTION_TIMEOUT_RETRY_AFTER_SECONDS,
    };
  }
  if (error instanceof InputError || error instanceof ReportModelError) {
    return {
      status: 400,
      code: error.code,
      message: error.message,
      issues: error.issues,
      ...moreIssuesOf(error.moreIssues),
    };
  }
  if (error instanceof RenderError) return renderFailure(error);
  if (isOfacIndexError(error)) {
    if (error.code === "LIST_UNAVAILABLE") {
      return {
        status: 503,
        code: error.code,
        message: "No sanctions list is loaded: screening is refused rather than answered clear.",
      };
    }
    // OFAC_FAIL_WHEN_STALE=1: a list the service could not confirm current for too long.
    if (error.code === "LIST_STALE") {
      return {
        status: 503,
        code: error.code,
        message:
          "The sanctions list has not been confirmed current for longer than this service allows: screening is refused. Nothing was charged.",
      };
    }
    if (error.code === "INVALID_ADDRESS" || error.code === "UNSUPPORTED_ASSET") {
      const path = typeof error.details?.path === "string" ? error.details.path : undefined;
      // A batch names every refused address (at most 20, and how many more).
      const listed = Array.isArray(error.details?.issues)
        ? (error.details.issues as InputIssue[])
        : path === undefined
          ? []
          : [{ path, message: error.message }];
      const more = typeof error.details?.moreIssues === "number" ? error.details.moreIssues : 0;
      return {
        status: 400,
        code: error.code,
        message: error.message,
        ...(listed.length === 0 ? {} : { issues: listed }),
        ...moreIssuesOf(more),
      };
    }
  }
  return undefined;
}
