import type { RenderError } from "@svc/renderers/pool";
import type { ReportModelError } from "@svc/report-model";
import type { Failure } from "./failure.js";

type RenderCode = RenderError["code"];
type ReportModelCode = ReportModelError["code"];

/**
 * The members of a string union, listed: the build fails when the union gains a member the list
 * lacks (`missing` names it), so a published `enum` cannot fall behind the codes thrown.
 */
export const everyOf =
  <T extends string>() =>
  <const L extends readonly T[]>(
    list: L &
      ([Exclude<T, L[number]>] extends [never] ? unknown : { missing: Exclude<T, L[number]> }),
  ): L =>
    list;

const REPORT_MODEL_CODES = everyOf<ReportModelCode>()([
  "INVALID_REPORT",
  "AMBIGUOUS_REPORT",
  "UNSUPPORTED_VARIANT",
]);

/** A renderer's codes but the one that is a 413 (`REPORT_TOO_LARGE`): each is a 503. */
const RENDER_UNAVAILABLE_CODES = everyOf<Exclude<RenderCode, "REPORT_TOO_LARGE">>()([
  "RENDER_FAILED",
  "RENDER_QUEUE_FULL",
  "RENDER_BUSY",
  "RENDER_PAYER_BUSY",
  "RENDER_ABORTED",
]);

/**
 * Every stable `code` a refusal of the catalog (`Failure`, what `classifyFailure` makes of an
 * operation's errors) can carry, by its status: what OpenAPI publishes as each error response's
 * `enum`. A test classifies an error of each kind and finds its code here.
 */
export const FAILURE_CODES = {
  400: [
    "INVALID_INPUT",
    "INVALID_ADDRESS",
    "UNSUPPORTED_ASSET",
    ...REPORT_MODEL_CODES,
    "INVALID_WEBHOOK_URL",
    "UNKNOWN_MONITOR",
  ],
  413: ["REPORT_TOO_LARGE"],
  503: [
    "EXECUTION_TIMEOUT",
    "LIST_UNAVAILABLE",
    "LIST_STALE",
    ...RENDER_UNAVAILABLE_CODES,
    "MONITORING_UNAVAILABLE",
  ],
} as const satisfies Record<Failure["status"], readonly string[]>;
