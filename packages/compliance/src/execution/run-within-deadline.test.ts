import { RenderPool } from "@svc/renderers/pool";
import type { ReportModel } from "@svc/report-model";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOG } from "../catalog/catalog.js";
import type { ComplianceDeps } from "../catalog/deps.js";
import { classifyFailure } from "../failures/classify-failure.js";
import { EXAMPLE_REPORT_MODEL } from "../operations/documents/example-reports.js";
import { reportPdfGenerate } from "../operations/documents/report-pdf-generate.js";
import { eddReport } from "../operations/screening/edd-report.js";
import { ofacWalletScreen } from "../operations/screening/ofac-wallet-screen.js";
import { sampleDeps } from "../test-support/sample-deps.js";
import { ExecutionTimeoutError } from "./execution-timeout-error.js";
import { deadlineOf, runWithinDeadline } from "./run-within-deadline.js";

/** Resolves once `done` holds, checking between turns of the event loop (no time limit). */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** A report of the largest table a PDF takes (10,000 rows): seconds of layout on a worker. */
const LARGE_REPORT: ReportModel = {
  report_meta: { title: "Quarterly wallet review", report_type: "ofac-wallet-screening-batch" },
  tables: {
    wallets: {
      columns: ["address", "status", "entity"],
      rows: Array.from({ length: 10_000 }, (_, i) => [
        `0x${(i * 2654435761).toString(16).padStart(40, "0").slice(-40)}`,
        i % 7 === 0 ? "match" : "clear",
        i % 7 === 0 ? "Lazarus Group" : null,
      ]),
    },
  },
};

let pool: RenderPool;
/** The real service's deps: the sample list and documents rendered on worker threads. */
let pooled: ComplianceDeps;
/** The same list with the renderer on the calling thread, which cannot be interrupted. */
let inThread: ComplianceDeps;
beforeAll(async () => {
  inThread = await sampleDeps();
  pool = new RenderPool({ threads: 1 });
  pooled = { ...inThread, render: (type, report, options) => pool.render(type, report, options) };
});
afterAll(async () => {
  await pool.close();
});

const pdfInput = (body: unknown) => v.parse(reportPdfGenerate.input, body);

describe("runWithinDeadline", () => {
  it("abandons a render that outlasts its deadline: the worker's task is aborted, the caller gets a 503 that was not charged", async () => {
    const before = pool.stats;
    const error = await runWithinDeadline(reportPdfGenerate, pdfInput(LARGE_REPORT), pooled, {
      deadlineMs: 1,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExecutionTimeoutError);
    expect(error).toMatchObject({
      code: "EXECUTION_TIMEOUT",
      operation: "report_pdf_generate",
      deadlineMs: 1,
    });
    // The render had been handed to the pool; the deadline's signal aborted it there.
    await until(() => pool.stats.aborted === before.aborted + 1);
    expect(pool.stats).toMatchObject({
      started: before.started + 1,
      completed: before.completed,
      aborted: before.aborted + 1,
    });
    expect(classifyFailure(error)).toEqual({
      status: 503,
      code: "EXECUTION_TIMEOUT",
      message:
        "report_pdf_generate took longer than its 0.001 s budget and was abandoned; nothing was charged.",
      retryAfterSeconds: 5,
    });
    // The pool replaced what it stopped and renders the next document within the real budget.
    const answer = await runWithinDeadline(
      reportPdfGenerate,
      pdfInput(EXAMPLE_REPORT_MODEL),
      pooled,
    );
    expect(answer.data.documentType).toBe("pdf");
    expect(pool.stats.completed).toBe(before.completed + 1);
  });

  it("passes the deadline's signal through the EDD memo to the renderer", async () => {
    const before = pool.stats;
    const input = v.parse(eddReport.input, {
      ...eddReport.inputExample,
      output_format: "docx",
    });
    await expect(
      runWithinDeadline(eddReport, input, pooled, { deadlineMs: 1 }),
    ).rejects.toBeInstanceOf(ExecutionTimeoutError);
    await until(() => pool.stats.aborted === before.aborted + 1);
    expect(pool.stats.completed).toBe(before.completed);
  });

  it("discards an answer that arrives after the deadline from a run that cannot be interrupted", async () => {
    // The calling thread's renderer ignores the signal and blocks until the PDF is done; the
    // answer comes back past its 1 ms budget and is refused like one that never came.
    await expect(
      runWithinDeadline(reportPdfGenerate, pdfInput(EXAMPLE_REPORT_MODEL), inThread, {
        deadlineMs: 1,
      }),
    ).rejects.toMatchObject({ name: "ExecutionTimeoutError", code: "EXECUTION_TIMEOUT" });
  });

  it("answers within the operation's own deadline, and never grants more than it", async () => {
    const input = v.parse(ofacWalletScreen.input, ofacWalletScreen.inputExample);
    const answer = await runWithinDeadline(ofacWalletScreen, input, inThread, {
      deadlineMs: 10 * deadlineOf(ofacWalletScreen),
    });
    expect(answer).toMatchObject(ofacWalletScreen.outputExample as object);
  });

  it("does not start a run its caller has already given up on", async () => {
    const controller = new AbortController();
    controller.abort(new Error("client went away"));
    const before = pool.stats;
    await expect(
      runWithinDeadline(reportPdfGenerate, pdfInput(EXAMPLE_REPORT_MODEL), pooled, {
        signal: controller.signal,
      }),
    ).rejects.toThrow("client went away");
    expect(pool.stats.started).toBe(before.started);
  });

  it("gives up a run as soon as its caller does, with the caller's reason", async () => {
    const controller = new AbortController();
    const before = pool.stats;
    const run = runWithinDeadline(reportPdfGenerate, pdfInput(LARGE_REPORT), pooled, {
      signal: controller.signal,
    });
    await until(() => pool.stats.begun === before.begun + 1);
    controller.abort(new Error("client went away"));
    await expect(run).rejects.toThrow("client went away");
    await until(() => pool.stats.aborted === before.aborted + 1);
  });
});

describe("deadlineOf", () => {
  it("is each operation's declared deadline, and refuses an operation without one", () => {
    for (const op of CATALOG) expect(deadlineOf(op), op.name).toBe(op.deadlineMs);
    expect(() => deadlineOf({ name: "x", deadlineMs: 0 })).toThrow(RangeError);
  });
});
