import { availableParallelism } from "node:os";
import type { Report } from "@svc/report-model";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// The pool runs compiled workers, so the tests use the built package (turbo builds first).
import { inlineArtifact, RenderError, RenderPool, renderThreads } from "../../dist/index.js";
import { DEFAULT_RENDER_THREADS } from "../../dist/pool/render-pool.js";
import { eddMemoReport, tableReport } from "../test-support/sample-reports.js";

let pool: RenderPool;
beforeAll(async () => {
  pool = new RenderPool({ threads: 1, maxQueue: 2 });
});
afterAll(async () => {
  await pool.close();
});

const magic = (bytes: Uint8Array, n: number) =>
  Buffer.from(bytes.subarray(0, n)).toString("latin1");

describe("RenderPool", () => {
  it("renders PDF, DOCX and XLSX on a worker, its bytes moved out whole, with the artifact's metadata", async () => {
    const report = eddMemoReport(20);
    const [pdf, docx, xlsx] = await Promise.all([
      pool.render("pdf", report),
      pool.render("docx", report),
      pool.render("xlsx", report),
    ]);
    expect(magic(pdf.bytes, 5)).toBe("%PDF-");
    expect(magic(docx.bytes, 2)).toBe("PK");
    expect(magic(xlsx.bytes, 2)).toBe("PK");
    for (const doc of [pdf, docx, xlsx]) {
      // The bytes are the only form of the file that crosses the thread boundary.
      expect(doc).not.toHaveProperty("artifact");
      expect(doc.bytes.byteLength).toBe(doc.bytes.buffer.byteLength);
      expect(doc.artifactSummary.sizeBytes).toBe(doc.bytes.byteLength);
      const artifact = inlineArtifact(doc);
      expect(Buffer.from(artifact.contentBase64, "base64").equals(Buffer.from(doc.bytes))).toBe(
        true,
      );
    }
  });

  it("keeps the calling thread's event loop turning while a large PDF renders", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    await pool.render("pdf", tableReport(1000));
    clearInterval(timer);
    // Rendered on this thread the same document blocks the loop for its whole duration
    // (no tick at all); through the pool the timer keeps firing while the worker renders.
    expect(ticks).toBeGreaterThanOrEqual(10);
  });

  it("refuses an oversized report before sending it to a worker", async () => {
    const before = pool.stats.completed;
    await expect(pool.render("pdf", tableReport(20_000))).rejects.toMatchObject({
      name: "RenderError",
      code: "REPORT_TOO_LARGE",
    });
    expect(pool.stats.completed).toBe(before);
  });

  it("brings a renderer failure in the worker back as a RenderError with a code", async () => {
    const broken = {
      ...eddMemoReport(1),
      tables: [{ key: "x", title: "x", columns: ["a"], rows: [null] }],
    } as unknown as Report;
    const err = await pool.render("docx", broken).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RenderError);
    expect((err as RenderError).code).toBe("RENDER_FAILED");
  });

  it("refuses work beyond its queue with RENDER_QUEUE_FULL instead of piling it up", async () => {
    const report = tableReport(300);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => pool.render("pdf", report)),
    );
    const codes = results.map((r) =>
      r.status === "rejected" ? (r.reason as RenderError).code : "ok",
    );
    expect(codes).toContain("RENDER_QUEUE_FULL");
    expect(codes.filter((c) => c === "ok").length).toBeGreaterThanOrEqual(1);
  });
});

describe("RenderPool warm start", () => {
  it("has every worker render each document type and load its fonts before it takes a render", async () => {
    const warmPool = new RenderPool({ threads: 2 });
    // Two workers where the machine has a core for each beside the event loop's; one on two cores.
    const threads = renderThreads(2);
    try {
      const { workers } = await warmPool.warm();
      expect(workers).toHaveLength(threads);
      expect(new Set(workers.map((w) => w.threadId)).size).toBe(threads);
      for (const w of workers) {
        expect(w.error).toBeUndefined();
        expect(w.rendered).toEqual(["pdf", "docx", "xlsx", "pdf", "docx", "xlsx", "pdf", "pdf"]);
        // The base family, and the Noto slices of the warm-up's Han and Hangul names.
        expect(w.pdfFonts).toContain("DejaVu Sans");
        expect(w.pdfFonts.some((f) => f.startsWith("Noto Sans SC"))).toBe(true);
        expect(w.pdfFonts.some((f) => f.startsWith("Noto Sans KR"))).toBe(true);
      }
      expect(warmPool.stats).toMatchObject({
        threads,
        workers: threads,
        warmed: threads,
        started: 0,
      });
      // Warm already: a later call answers at once with the same workers.
      expect((await warmPool.warm()).workers).toEqual(workers);
      const doc = await warmPool.render("pdf", eddMemoReport(3));
      expect(magic(doc.bytes, 5)).toBe("%PDF-");
    } finally {
      await warmPool.close();
    }
  });

  it("with warm-up off, a worker is warm once it has loaded the renderers, and renders nothing first", async () => {
    const coldPool = new RenderPool({ threads: 1, warmUp: false });
    try {
      const { workers } = await coldPool.warm();
      expect(workers).toHaveLength(1);
      expect(workers[0]?.rendered).toEqual([]);
      expect(workers[0]?.pdfFonts).not.toContain("DejaVu Sans");
      expect(coldPool.stats.warmed).toBe(1);
    } finally {
      await coldPool.close();
    }
  });
});

describe("RenderPool worker memory", () => {
  it("reports no heap before a worker runs, then each running worker's own heap after a render (used within total, above a megabyte)", async () => {
    const memPool = new RenderPool({ threads: 1, warmUp: false });
    try {
      expect(memPool.stats).toMatchObject({ workerHeapUsedBytes: 0, workerHeapTotalBytes: 0 });
      await memPool.render("xlsx", eddMemoReport(3));
      // Reported on the worker's message port after the render: bounded wait (5 s).
      for (let i = 0; i < 50 && memPool.stats.workerHeapUsedBytes === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const { workerHeapUsedBytes: used, workerHeapTotalBytes: total } = memPool.stats;
      expect(used).toBeGreaterThan(1024 * 1024);
      expect(total).toBeGreaterThanOrEqual(used);
    } finally {
      await memPool.close();
    }
  });
});

describe("RenderPool workers on demand", () => {
  it("runs at most RENDER_THREADS workers (default 2), never more than the cores less one, at least one", () => {
    const ceiling = Math.max(1, availableParallelism() - 1);
    expect(DEFAULT_RENDER_THREADS).toBe(2);
    expect(renderThreads()).toBe(Math.min(2, ceiling));
    expect(renderThreads(64)).toBe(ceiling);
    expect(renderThreads(0)).toBe(1);
    expect(new RenderPool({ threads: 64, warmUp: false }).threads).toBe(ceiling);
  });

  it("starts no worker until a render asks for one, then stops it after the idle period", async () => {
    const idlePool = new RenderPool({ threads: 1, warmUp: false, idleTimeoutMs: 300 });
    try {
      expect(idlePool.stats).toMatchObject({ workers: 0, warmed: 0 });
      const doc = await idlePool.render("xlsx", eddMemoReport(3));
      expect(magic(doc.bytes, 2)).toBe("PK");
      expect(idlePool.stats).toMatchObject({ workers: 1, warmed: 1, completed: 1 });
      // Idle past its timeout, the worker stops (bounded: 10 s).
      for (let i = 0; i < 100 && idlePool.stats.workers > 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(idlePool.stats.workers).toBe(0);
      // A stopped worker's heap is no longer counted.
      expect(idlePool.stats).toMatchObject({ workerHeapUsedBytes: 0, workerHeapTotalBytes: 0 });
      // The next render starts one again.
      await idlePool.render("xlsx", eddMemoReport(3));
      expect(idlePool.stats).toMatchObject({ workers: 1, warmed: 2, completed: 2 });
    } finally {
      await idlePool.close();
    }
  });
});
