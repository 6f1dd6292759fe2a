import { InputError } from "@svc/montecarlo";
import { OfacIndexError } from "@svc/ofac-index";
import { RenderError } from "@svc/renderers";
import { ReportModelError } from "@svc/report-model";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import type { ComplianceDeps } from "../catalog/deps.js";
import { ExecutionTimeoutError } from "../execution/execution-timeout-error.js";
import {
  checkWebhookUrl,
  monitorsOf,
  unknownMonitor,
} from "../operations/monitoring/monitor-refusals.js";
import { classifyFailure, invalidInput } from "./classify-failure.js";
import { FAILURE_CODES } from "./failure-codes.js";

/** An error of every kind `classifyFailure` answers as a refusal, each code of each kind. */
const REFUSALS: readonly unknown[] = [
  new InputError([{ path: "addresses[0]", message: "must be a string" }]),
  ...(["INVALID_REPORT", "AMBIGUOUS_REPORT", "UNSUPPORTED_VARIANT"] as const).map(
    (code) => new ReportModelError(code, code, [{ path: "", message: code }]),
  ),
  ...(
    [
      "REPORT_TOO_LARGE",
      "RENDER_FAILED",
      "RENDER_QUEUE_FULL",
      "RENDER_BUSY",
      "RENDER_PAYER_BUSY",
      "RENDER_ABORTED",
    ] as const
  ).map((code) => new RenderError(code, code)),
  ...(["INVALID_ADDRESS", "UNSUPPORTED_ASSET", "LIST_UNAVAILABLE", "LIST_STALE"] as const).map(
    (code) => new OfacIndexError(code, code),
  ),
  new ExecutionTimeoutError("report_pdf_generate", 30_000),
  // Monitoring's: no monitors kept here, a webhook the service will not deliver to, no such monitor.
  ...[
    () => monitorsOf({} as ComplianceDeps),
    () =>
      checkWebhookUrl(
        {
          webhookUrlProblem: () => ({ code: "webhook_url_not_https", message: "must be https" }),
        } as never,
        "http://hooks.example.com/",
      ),
    () => {
      throw unknownMonitor("mon_0000000000000000");
    },
  ].map((refuse) => {
    try {
      refuse();
    } catch (error) {
      return error;
    }
    throw new Error("a refusal did not refuse");
  }),
];

describe("FAILURE_CODES, the codes OpenAPI publishes per status", () => {
  it("holds the code of every refusal classifyFailure makes, under its status", () => {
    const seen = new Set<string>();
    for (const error of REFUSALS) {
      const failure = classifyFailure(error);
      expect(failure, String(error)).toBeDefined();
      const { status, code } = failure!;
      expect(FAILURE_CODES[status] as readonly string[], `${status} ${code}`).toContain(code);
      seen.add(`${status} ${code}`);
    }
    const invalid = invalidInput(v.safeParse(v.string(), 1).issues ?? []);
    expect(FAILURE_CODES[invalid.status] as readonly string[]).toContain(invalid.code);
    seen.add(`${invalid.status} ${invalid.code}`);
    // And nothing more: every code listed is one a refusal carries.
    const listed = Object.entries(FAILURE_CODES).flatMap(([status, codes]) =>
      codes.map((code) => `${status} ${code}`),
    );
    expect(new Set(listed)).toEqual(seen);
  });

  it("lists no code twice, nor one under two statuses", () => {
    const codes = Object.values(FAILURE_CODES).flat();
    expect(new Set(codes).size).toBe(codes.length);
  });
});
