import { describe, expect, it } from "vitest";
// The pool runs compiled workers, so the tests use the built package (turbo builds first).
import { RenderError, RenderPool } from "../../dist/index.js";
import { eddMemoReport, tableReport } from "../test-support/sample-reports.js";

/** Resolves once `done` holds, checking between turns of the event loop (no time limit). */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
}

const magic = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 5)).toString("latin1");

describe("RenderPool cancellation", () => {
  it("drops a render abandoned while queued: no worker ever takes it up", async () => {
    const pool = new RenderPool({ threads: 1, maxQueue: 4 });
    try {
      // The one worker is busy with a render that has no signal...
      const busy = pool.render("pdf", tableReport(1000));
      await until(() => pool.stats.begun === 1);
      // ...so this one waits in the queue until its caller gives up on it.
      const controller = new AbortController();
      const queued = pool.render("pdf", eddMemoReport(5), { signal: controller.signal });
      expect(pool.stats).toMatchObject({ started: 2, queued: 1 });
      controller.abort(new Error("the caller's deadline passed"));
      const err = await queued.catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RenderError);
      expect(err).toMatchObject({ code: "RENDER_ABORTED" });
      expect(((err as RenderError).cause as Error).message).toBe("the caller's deadline passed");
      // The running render was not disturbed.
      expect(magic((await busy).bytes)).toBe("%PDF-");
    } finally {
      // Closing waits for the worker to exit, and a worker's messages all arrive before its
      // exit: after this the "begun" count is final.
      await pool.close();
    }
    expect(pool.stats).toMatchObject({ started: 2, begun: 1, completed: 1, aborted: 1 });
  });

  it("stops a render abandoned while running, and the pool renders afterwards", async () => {
    const pool = new RenderPool({ threads: 1, maxQueue: 4 });
    try {
      const controller = new AbortController();
      // The largest table a PDF takes: seconds of layout on a worker.
      const running = pool.render("pdf", tableReport(10_000), { signal: controller.signal });
      await until(() => pool.stats.begun === 1);
      controller.abort();
      await expect(running).rejects.toMatchObject({ name: "RenderError", code: "RENDER_ABORTED" });
      expect(pool.stats).toMatchObject({ started: 1, completed: 0, aborted: 1 });
      // Piscina terminated the worker the render ran on and started a replacement, which
      // takes the next render.
      const doc = await pool.render("pdf", eddMemoReport(5), {
        signal: new AbortController().signal,
      });
      expect(magic(doc.bytes)).toBe("%PDF-");
      // The replacement warmed up, as every worker does, before it took that render.
      expect(pool.stats).toMatchObject({
        threads: 1,
        started: 2,
        completed: 1,
        aborted: 1,
        warmed: 2,
      });
    } finally {
      await pool.close();
    }
  });

  it("a render queued behind one abandoned while running gets a worker again", async () => {
    // Workers start on demand: when the abandoned render's worker is stopped, nothing else would
    // start one for the render waiting behind it.
    const pool = new RenderPool({ threads: 1, maxQueue: 4 });
    try {
      const controller = new AbortController();
      const running = pool.render("pdf", tableReport(10_000), { signal: controller.signal });
      await until(() => pool.stats.begun === 1);
      const waiting = pool.render("xlsx", eddMemoReport(3));
      expect(pool.stats).toMatchObject({ started: 2, queued: 1 });
      controller.abort();
      await expect(running).rejects.toMatchObject({ code: "RENDER_ABORTED" });
      expect(magic((await waiting).bytes).slice(0, 2)).toBe("PK");
      expect(pool.stats).toMatchObject({ workers: 1, completed: 1, aborted: 1 });
    } finally {
      await pool.close();
    }
  });

  it("refuses a render whose signal has already fired without queueing it", async () => {
    const pool = new RenderPool({ threads: 1 });
    try {
      const controller = new AbortController();
      controller.abort();
      await expect(
        pool.render("xlsx", eddMemoReport(1), { signal: controller.signal }),
      ).rejects.toMatchObject({ code: "RENDER_ABORTED" });
      expect(pool.stats).toMatchObject({ started: 0, aborted: 1 });
    } finally {
      await pool.close();
    }
  });

  it("keeps its queue bounded for renders that carry a signal", async () => {
    // Piscina parks abortable tasks outside the queue its maxQueue counts, so the pool counts.
    const pool = new RenderPool({ threads: 1, maxQueue: 2 });
    try {
      const signal = new AbortController().signal;
      const results = await Promise.allSettled(
        Array.from({ length: 6 }, () => pool.render("pdf", tableReport(300), { signal })),
      );
      const codes = results.map((r) =>
        r.status === "rejected" ? (r.reason as RenderError).code : "ok",
      );
      expect(codes).toEqual(["ok", "ok", "ok", ...Array(3).fill("RENDER_QUEUE_FULL")]);
      expect(pool.stats).toMatchObject({ started: 3, completed: 3 });
    } finally {
      await pool.close();
    }
  });
});
