import { availableParallelism } from "node:os";
import type { Report } from "@svc/report-model";
import { Piscina } from "piscina";
import type { DocumentType, RenderedDocument } from "../artifact/artifact.js";
import { assertWithinLimits } from "../errors/limits.js";
import { RenderError, type RenderErrorCode } from "../errors/render-error.js";
import { isRenderBegunMessage } from "./render-messages.js";
import type { RenderOptions } from "./render-options.js";
import type { RenderTask, RenderTaskResult } from "./render-worker.js";

export interface RenderPoolOptions {
  /** Worker threads. Default: the machine's parallelism less one for the event loop, at least 1. */
  readonly threads?: number;
  /** Renders waiting beyond this are refused at once (back-pressure). Default 64. */
  readonly maxQueue?: number;
  /** Heap limit of each worker (MB): a runaway render kills its worker, not the server. */
  readonly maxHeapMb?: number;
  /** The worker module; defaults to the compiled `render-worker.js` beside this file. */
  readonly workerUrl?: URL;
}

/** The pool's counters since it was created, and its current size. */
export interface RenderPoolStats {
  readonly threads: number;
  /** Renders handed to the pool that no worker has taken up yet. */
  readonly queued: number;
  /** Renders handed to the worker pool (queued or taken up); refused ones are not counted. */
  readonly started: number;
  /** Renders a worker took up (a render abandoned while queued never counts here). */
  readonly begun: number;
  /** Renders a worker finished: a document, or the renderer's own `RenderError`. */
  readonly completed: number;
  /** Renders abandoned because their caller's signal fired, whether queued or running. */
  readonly aborted: number;
}

/**
 * Renders documents on worker threads so a server's event loop stays responsive (react-pdf
 * spends milliseconds per table row, synchronously). Limits are checked on the calling thread
 * before anything is sent to a worker.
 *
 * Cancellation: a render given a `signal` is handed to piscina with it. Piscina drops a queued
 * task when the signal fires, and for a running one terminates the worker it runs on and starts
 * a replacement (piscina 5: `_removeWorker` then `_ensureMinimumWorkers`), so an abandoned
 * render stops spending CPU at once instead of finishing unseen.
 *
 * Back-pressure is counted here rather than left to piscina: piscina 5 parks abortable tasks it
 * cannot place in a side queue that its `maxQueue` check does not look at, so with signals its
 * queue would grow without bound. The pool refuses a render once `threads + maxQueue` are in
 * flight.
 */
export class RenderPool {
  private readonly piscina: Piscina<RenderTask, RenderTaskResult>;
  /** Renders in flight (handed to piscina and not yet settled) beyond which one is refused. */
  private readonly capacity: number;
  private inFlight = 0;
  private nextId = 1;
  private readonly counts = { started: 0, begun: 0, completed: 0, aborted: 0 };

  constructor(options: RenderPoolOptions = {}) {
    const threads = options.threads ?? Math.max(1, availableParallelism() - 1);
    const maxQueue = options.maxQueue ?? 64;
    this.capacity = threads + maxQueue;
    this.piscina = new Piscina({
      filename: (options.workerUrl ?? new URL("./render-worker.js", import.meta.url)).href,
      minThreads: threads,
      maxThreads: threads,
      maxQueue,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 1024 },
    });
    this.piscina.on("message", (message: unknown) => {
      if (isRenderBegunMessage(message)) this.counts.begun++;
    });
  }

  /**
   * Renders `report` as `type` on a worker. Rejects with `RenderError` (code kept):
   * `REPORT_TOO_LARGE` before anything is queued, `RENDER_QUEUE_FULL` when the queue is full,
   * `RENDER_ABORTED` when `options.signal` fires first.
   */
  async render(
    type: DocumentType,
    report: Report,
    options: RenderOptions = {},
  ): Promise<RenderedDocument> {
    const { signal } = options;
    if (hasFired(signal)) {
      this.counts.aborted++;
      throw abandoned(signal);
    }
    assertWithinLimits(report, type);
    if (this.inFlight >= this.capacity) throw queueFull();
    const task: RenderTask = { type, report, id: this.nextId++ };
    let result: RenderTaskResult;
    this.inFlight++;
    this.counts.started++;
    try {
      result = await this.piscina.run(task, signal === undefined ? {} : { signal });
    } catch (cause) {
      // Piscina's AbortError also stands for "pool closing"; only the caller's signal is ours.
      if (hasFired(signal) && cause instanceof Error && cause.name === "AbortError") {
        this.counts.aborted++;
        throw abandoned(signal);
      }
      const message = cause instanceof Error ? cause.message : String(cause);
      if (/queue is at limit/i.test(message)) throw queueFull(cause);
      throw new RenderError("RENDER_FAILED", `the render worker failed: ${message}`, {}, { cause });
    } finally {
      this.inFlight--;
    }
    this.counts.completed++;
    if (!result.ok) {
      throw new RenderError(
        result.error.code as RenderErrorCode,
        result.error.message,
        result.error.details,
      );
    }
    return result.document;
  }

  /** Loads the renderers in every thread (react-pdf's import alone takes ~0.5 s). */
  async warmUp(report: Report): Promise<void> {
    const threads = this.piscina.threads.length;
    await Promise.all(
      Array.from({ length: threads * 3 }, (_, i) =>
        this.render((["pdf", "docx", "xlsx"] as const)[i % 3] as DocumentType, report),
      ),
    );
  }

  get stats(): RenderPoolStats {
    return {
      threads: this.piscina.threads.length,
      queued: this.piscina.queueSize,
      ...this.counts,
    };
  }

  /** Waits for running renders, then stops the threads. */
  async close(): Promise<void> {
    await this.piscina.close();
  }
}

/** Read through a call, so the check after an await is not narrowed by the one before it. */
const hasFired = (signal: AbortSignal | undefined): boolean => signal?.aborted === true;

const queueFull = (cause?: unknown): RenderError =>
  new RenderError(
    "RENDER_QUEUE_FULL",
    "too many documents are being rendered; retry shortly",
    {},
    cause === undefined ? {} : { cause },
  );

const abandoned = (signal: AbortSignal | undefined): RenderError =>
  new RenderError(
    "RENDER_ABORTED",
    "the render was abandoned by its caller",
    {},
    { cause: signal?.reason },
  );
