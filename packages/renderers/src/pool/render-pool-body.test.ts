import { afterAll, beforeAll, describe, expect, it } from "vitest";
// The pool runs compiled workers, so the tests use the built package (turbo builds first).
import { RENDER_LIMITS, RenderError, RenderPool } from "../../dist/index.js";

const preparer = new URL("../../dist/test-support/rows-body-preparer.js", import.meta.url);

let pool: RenderPool;
beforeAll(async () => {
  pool = new RenderPool({ threads: 1, warmUp: false, bodyPreparer: preparer });
  await pool.warm();
});
afterAll(async () => {
  await pool.close();
});

describe("RenderPool.renderBody", () => {
  it("prepares the body on the worker with the pool's preparer, renders its report, and hands back the preparer's extra", async () => {
    const result = await pool.renderBody("xlsx", { rows: 30 }, { cells: 150 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Buffer.from(result.document.bytes.subarray(0, 2)).toString("latin1")).toBe("PK");
    expect(result.document.artifactSummary.documentType).toBe("xlsx");
    expect(result.extra).toEqual({ rows: 30 });
  });

  it("hands back the preparer's refusal as it gave it, and renders nothing", async () => {
    const before = pool.stats.completed;
    const result = await pool.renderBody("pdf", { rows: "many" }, { cells: 0 });
    expect(result).toEqual({ ok: false, refusal: { code: "NOT_ROWS", path: "rows" } });
    expect(pool.stats.completed).toBe(before + 1);
  });

  it("checks the prepared report against the limits on the worker: REPORT_TOO_LARGE, whatever cells the caller counted", async () => {
    const rows = RENDER_LIMITS.docx.rows + 1;
    const failure = await pool.renderBody("docx", { rows }, { cells: 1 }).catch((e) => e);
    expect(failure).toBeInstanceOf(RenderError);
    expect(failure).toMatchObject({ code: "REPORT_TOO_LARGE" });
  });

  it("fails RENDER_FAILED on a pool without a preparer", async () => {
    const bare = new RenderPool({ threads: 1, warmUp: false });
    try {
      const failure = await bare.renderBody("xlsx", { rows: 1 }, { cells: 5 }).catch((e) => e);
      expect(failure).toBeInstanceOf(RenderError);
      expect(failure).toMatchObject({ code: "RENDER_FAILED" });
      expect(String(failure.message)).toMatch(/no body preparer/);
    } finally {
      await bare.close();
    }
  });
});

describe("a worker that fails with no render on it", () => {
  it("is counted, not thrown: a 32 MB heap runs out while warming up, and the process goes on", async () => {
    const starved = new RenderPool({ threads: 1, maxHeapMb: 32 });
    try {
      // Workers start on demand: this asks for one (it never warms up, so this never resolves).
      void starved.warm().catch(() => {});
      // Piscina's `error` event, were nobody listening, would be thrown from the event loop and
      // fail this run as an unhandled error (in a server: stop it).
      const until = Date.now() + 30_000;
      while (starved.stats.workerErrors === 0 && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(starved.stats.workerErrors).toBeGreaterThan(0);
      expect(starved.stats.lastWorkerError).toMatch(/memory|exited|terminated/i);
    } finally {
      await starved.close();
    }
  }, 40_000);
});
