import { availableParallelism } from "node:os";
import type { Report } from "@svc/report-model";
import { Piscina } from "piscina";
import type { DocumentType, RenderedDocument } from "../artifact/artifact.js";
import { assertSizeWithinLimits, assertWithinLimits, countRows } from "../errors/limits.js";
import { RenderError, type RenderErrorCode } from "../errors/render-error.js";
import type { BodyRenderResult } from "./body-preparer.js";
import { RenderAdmission, type RenderRequest, type RenderTicket } from "./render-admission.js";
import {
  isRenderBegunMessage,
  isWorkerMemoryMessage,
  isWorkerWarmMessage,
  type WorkerMemory,
  type WorkerWarmth,
} from "./render-messages.js";
import type { RenderOptions } from "./render-options.js";
import type {
  RenderTask,
  RenderTaskResult,
  RenderWork,
  RenderWorkerData,
} from "./render-worker.js";

export interface RenderPoolOptions {
  /**
   * The most worker threads the pool runs (see `renderThreads`): default 2, never more than the
   * machine's parallelism less one for the event loop, at least 1. Workers start on demand.
   */
  readonly threads?: number;
  /**
   * A worker that has had no render for this long stops (its memory goes back); the next render
   * starts one again. Default 60,000 ms.
   */
  readonly idleTimeoutMs?: number;
  /** Renders waiting beyond this are refused at once (back-pressure). Default 64. */
  readonly maxQueue?: number;
  /**
   * Renders one payer may have admitted (queued or running) at once; more are refused
   * `RENDER_PAYER_BUSY` (`admit`). Default 2.
   */
  readonly maxPerPayer?: number;
  /** Heap limit of each worker (MB): a runaway render kills its worker, not the server. */
  readonly maxHeapMb?: number;
  /** The worker module; defaults to the compiled `render-worker.js` beside this file. */
  readonly workerUrl?: URL;
  /**
   * Each worker, when it starts (also one replacing a worker stopped by an abandoned render),
   * renders a small report as PDF, DOCX and XLSX before it takes a render, so a first document
   * is not slowed by loading fonts and compiling the libraries' code. Default true.
   */
  readonly warmUp?: boolean;
  /**
   * Reports of the caller's own kind (say, a memo as the service writes it), rendered by each
   * worker as each type after the built-in one: the code and text their documents have is then
   * ready too. Limits are checked here, before any worker starts.
   */
  readonly warmUpReports?: readonly Report[];
  /**
   * A module each worker imports, whose default export (`BodyPreparer`) turns a request body into
   * a report or a refusal, on the worker: what `renderBody` renders. Without it, `renderBody`
   * fails `RENDER_FAILED`.
   */
  readonly bodyPreparer?: URL;
}

/** The pool's counters since it was created, and its current size. */
export interface RenderPoolStats {
  /** The most workers the pool runs. */
  readonly threads: number;
  /** Workers running now (started on demand, stopped when idle). */
  readonly workers: number;
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
  /** Workers that finished starting (and warming up, unless warm-up is off), replacements included. */
  readonly warmed: number;
  /** Workers that failed with no render on them (say, out of memory while warming up). */
  readonly workerErrors: number;
  /** What the latest of those failed with. */
  readonly lastWorkerError?: string;
  /**
   * Heap used by the running workers' live objects, in bytes, summed: each worker's own isolate
   * as it last reported it (once warmed up, then after each render); 0 with no worker running.
   */
  readonly workerHeapUsedBytes: number;
  /** Heap the running workers hold from the system, in bytes, summed (reported as above). */
  readonly workerHeapTotalBytes: number;
}

/** The pool's workers once each has started and warmed up: what `RenderPool.warm()` gives. */
export interface RenderPoolWarmth {
  /** One entry per worker of the pool, in the order they finished warming up. */
  readonly workers: readonly WorkerWarmth[];
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
  /** The most workers this pool runs. */
  readonly threads: number;
  private readonly piscina: Piscina<RenderTask, RenderTaskResult>;
  /** Renders in flight (handed to piscina and not yet settled) beyond which one is refused. */
  private readonly capacity: number;
  private readonly admission: RenderAdmission;
  /** When each running render was taken up by a worker (by the pool's number for it). */
  private readonly begunAt = new Map<number, number>();
  private inFlight = 0;
  private closing = false;
  private nextId = 1;
  private readonly counts = {
    started: 0,
    begun: 0,
    completed: 0,
    aborted: 0,
    warmed: 0,
    workerErrors: 0,
  };
  private lastWorkerError: string | undefined;
  /** The latest heap report of each worker thread, by thread id. */
  private readonly memory = new Map<number, WorkerMemory>();
  /** The latest warm-up report of each worker thread, by thread id. */
  private readonly warmths = new Map<number, WorkerWarmth>();
  /** Callers of `warm()` waiting for a worker still warming up, re-checked on each report. */
  private warmWaiters: (() => void)[] = [];

  constructor(options: RenderPoolOptions = {}) {
    const threads = renderThreads(options.threads);
    this.threads = threads;
    const warmUpReports = options.warmUpReports ?? [];
    for (const report of warmUpReports) {
      for (const type of ["pdf", "docx", "xlsx"] as const) assertWithinLimits(report, type);
    }
    const maxQueue = options.maxQueue ?? 64;
    this.capacity = threads + maxQueue;
    this.admission = new RenderAdmission(threads, this.capacity, options.maxPerPayer ?? 2);
    this.piscina = new Piscina({
      filename: (options.workerUrl ?? new URL("./render-worker.js", import.meta.url)).href,
      // No worker until a render asks for one: a service that renders nothing holds none, and
      // an idle one gives its memory back.
      minThreads: 0,
      maxThreads: threads,
      maxQueue,
      idleTimeout: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 1024 },
      workerData: {
        warmUp: options.warmUp ?? true,
        warmUpReports,
        bodyPreparer: options.bodyPreparer?.href,
      } satisfies RenderWorkerData,
      // An idle worker waits for tasks on its message port, not in a blocking `Atomics.wait`:
      // the warm-up runs on the worker's event loop after piscina counts it started.
      atomics: "disabled",
    });
    this.piscina.on("message", (message: unknown) => {
      if (isRenderBegunMessage(message)) {
        this.counts.begun++;
        this.begunAt.set(message.renderBegun, performance.now());
      } else if (isWorkerMemoryMessage(message)) {
        this.memory.set(message.workerMemory.threadId, message.workerMemory);
      } else if (isWorkerWarmMessage(message)) {
        this.counts.warmed++;
        this.warmths.set(message.workerWarm.threadId, message.workerWarm);
        this.checkWarm();
      }
    });
    // A worker stopped (an abandoned render, the pool closing) is no longer waited for, and
    // renders queued behind it get a worker again.
    this.piscina.on("workerDestroy", () =>
      setImmediate(() => {
        this.checkWarm();
        this.resume();
      }),
    );
    // A worker that fails with no render on it (out of memory while starting or warming up)
    // is replaced by piscina, which says so with an `error` event: unheard, that event would
    // be thrown and stop the server. It is counted instead; the renders it would have taken
    // wait for its replacement.
    this.piscina.on("error", (error: unknown) => {
      this.counts.workerErrors++;
      this.lastWorkerError = error instanceof Error ? error.message : String(error);
      setImmediate(() => this.checkWarm());
    });
  }

  /**
   * Starts a worker for renders left queued when one stopped (an abandoned render, a worker that
   * failed): with no minimum of workers, piscina starts one only when a task is handed to it, so
   * a no-op task is (the queued renders go first). Not once the pool is closing.
   */
  private resume(): void {
    if (this.closing || this.piscina.queueSize === 0) return;
    if (this.piscina.threads.length >= this.threads) return;
    this.piscina.run({ warm: true } satisfies RenderTask).catch(() => {});
  }

  /**
   * Starts every worker the pool may run (workers otherwise start on a render's demand) and
   * resolves once each has warmed up (see `RenderPoolOptions.warmUp`), with what each reported:
   * the document types it rendered, how long that took, and the PDF fonts it holds. For a
   * process that wants its first documents quick at the price of the workers' memory (a
   * benchmark, a test); a service need not call it. Renders handed to the pool before then wait
   * for a warm worker.
   */
  async warm(): Promise<RenderPoolWarmth> {
    // Piscina unreferences idle workers, so a worker warming up does not keep the process
    // alive: while waiting, this timer does (a process awaiting `warm()` alone would exit).
    const alive = setInterval(() => {}, 1_000);
    try {
      // One task per worker the pool may run: piscina starts a worker for each task queued while
      // none is free, and each answers its task once it has warmed up.
      await Promise.all(
        Array.from({ length: this.threads }, () =>
          this.piscina.run({ warm: true } satisfies RenderTask),
        ),
      );
      while (this.coldThreads().length > 0) {
        await new Promise<void>((resolve) => this.warmWaiters.push(resolve));
      }
    } finally {
      clearInterval(alive);
    }
    return this.warmth;
  }

  /** What each worker running now reported when it had warmed up (none before a render). */
  get warmth(): RenderPoolWarmth {
    const ids = this.piscina.threads.map((t) => t.threadId);
    return {
      workers: [...this.warmths.values()].filter((w) => ids.includes(w.threadId)),
    };
  }

  /** The pool's threads that have not reported their warm-up yet. */
  private coldThreads(): readonly number[] {
    return this.piscina.threads.map((t) => t.threadId).filter((id) => !this.warmths.has(id));
  }

  private checkWarm(): void {
    const live = new Set(this.piscina.threads.map((t) => t.threadId));
    for (const id of this.warmths.keys()) if (!live.has(id)) this.warmths.delete(id);
    for (const id of this.memory.keys()) if (!live.has(id)) this.memory.delete(id);
    if (this.coldThreads().length > 0) return;
    const waiters = this.warmWaiters;
    this.warmWaiters = [];
    for (const resolve of waiters) resolve();
  }

  /**
   * Admits a render before its input is validated or its payment settled (`RenderAdmission`):
   * a ticket to pass to `render` (`options.ticket`) and to release when the run ends, or a
   * `RenderError` thrown at once: `RENDER_BUSY` when the renders queued ahead and this one would
   * outlast `deadlineMs`, `RENDER_PAYER_BUSY` when the payer has `maxPerPayer` renders admitted,
   * `RENDER_QUEUE_FULL` when the pool has as many as it holds. Each carries
   * `details.retryAfterSeconds`.
   */
  admit(request: RenderRequest): RenderTicket {
    return this.admission.admit(request);
  }

  /**
   * Renders `report` as `type` on a worker. Rejects with `RenderError` (code kept):
   * `REPORT_TOO_LARGE` before anything is queued, `RENDER_QUEUE_FULL` when the queue is full,
   * `RENDER_ABORTED` when `options.signal` fires first. A render without `options.ticket` is
   * admitted here (its place counts in the wait of later ones, and only a full pool refuses it).
   */
  async render(
    type: DocumentType,
    report: Report,
    options: RenderOptions = {},
  ): Promise<RenderedDocument> {
    if (hasFired(options.signal)) {
      this.counts.aborted++;
      throw abandoned(options.signal);
    }
    const size = countRows(report);
    assertSizeWithinLimits(size, type);
    const result = await this.run({ type, report }, size.cells, options);
    if (result.ok) return result.document;
    throw "error" in result
      ? refusalOf(result)
      : new RenderError("RENDER_FAILED", "the worker refused a report it had no body to prepare");
  }

  /**
   * Renders a request body as `type`: on the worker, the pool's body preparer (`bodyPreparer`)
   * validates it and makes the report, the report is checked against the limits, then rendered,
   * so none of that holds the calling thread. `cells` is the caller's count of the body's table
   * cells (the admission's: `options.ticket` should hold its place). Answers the document with
   * the preparer's `extra`, or the preparer's refusal as it gave it; rejects with `RenderError`
   * as `render` does (`REPORT_TOO_LARGE` when the prepared report is over the limits).
   */
  async renderBody(
    type: DocumentType,
    body: unknown,
    options: RenderOptions & { readonly cells: number },
  ): Promise<BodyRenderResult> {
    if (hasFired(options.signal)) {
      this.counts.aborted++;
      throw abandoned(options.signal);
    }
    const result = await this.run({ type, body }, options.cells, options);
    if (!result.ok && "error" in result) throw refusalOf(result);
    return result;
  }

  /** One task on a worker, counted, admitted (unless `options.ticket` holds its place) and timed. */
  private async run(
    task: RenderWork,
    cells: number,
    options: RenderOptions,
  ): Promise<RenderTaskResult> {
    const { signal } = options;
    if (this.inFlight >= this.capacity) throw queueFull();
    const { type } = task;
    const ticket = options.ticket ?? this.admission.admit({ type, cells });
    const id = this.nextId++;
    let result: RenderTaskResult;
    this.inFlight++;
    this.counts.started++;
    try {
      result = await this.piscina.run(
        { ...task, id } satisfies RenderTask,
        signal === undefined ? {} : { signal },
      );
      const begun = this.begunAt.get(id);
      if (begun !== undefined) this.admission.observe(type, cells, performance.now() - begun);
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
      this.begunAt.delete(id);
      if (options.ticket === undefined) ticket.release();
    }
    this.counts.completed++;
    return result;
  }

  /**
   * Renders `report` as each document type three times per thread. Workers warm themselves up
   * when they start (see `warm()`); this warms them on a report of the caller's choosing.
   */
  async warmUp(report: Report): Promise<void> {
    // Every worker the pool may run (they start on demand), not only those running now.
    await Promise.all(
      Array.from({ length: this.threads * 3 }, (_, i) =>
        this.render((["pdf", "docx", "xlsx"] as const)[i % 3] as DocumentType, report),
      ),
    );
  }

  get stats(): RenderPoolStats {
    // Only the workers running now: a stopped worker's last report may not be pruned yet.
    const live = new Set(this.piscina.threads.map((t) => t.threadId));
    let heapUsed = 0;
    let heapTotal = 0;
    for (const m of this.memory.values()) {
      if (!live.has(m.threadId)) continue;
      heapUsed += m.heapUsedBytes;
      heapTotal += m.heapTotalBytes;
    }
    return {
      threads: this.threads,
      workers: this.piscina.threads.length,
      queued: this.piscina.queueSize,
      ...this.counts,
      workerHeapUsedBytes: heapUsed,
      workerHeapTotalBytes: heapTotal,
      ...(this.lastWorkerError === undefined ? {} : { lastWorkerError: this.lastWorkerError }),
    };
  }

  /** Waits for running renders, then stops the threads. */
  async close(): Promise<void> {
    this.closing = true;
    await this.piscina.close();
    this.checkWarm();
  }
}

/** How long a worker waits for a render before it stops, by default. */
const DEFAULT_IDLE_TIMEOUT_MS = 60_000;

/** The render workers a pool runs by default (`RENDER_THREADS` of the service). */
export const DEFAULT_RENDER_THREADS = 2;

/**
 * The most workers a pool runs for `requested` (default `DEFAULT_RENDER_THREADS`): never more
 * than the machine's parallelism less one, which the event loop keeps, and at least one.
 */
export function renderThreads(requested: number = DEFAULT_RENDER_THREADS): number {
  const ceiling = Math.max(1, availableParallelism() - 1);
  return Math.max(1, Math.min(Math.floor(requested), ceiling));
}

/** The renderer's own error, as the worker sent it back. */
const refusalOf = (result: {
  readonly error: { code: string; message: string; details: Record<string, unknown> };
}): RenderError =>
  new RenderError(result.error.code as RenderErrorCode, result.error.message, result.error.details);

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
