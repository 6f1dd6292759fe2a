import { availableParallelism } from "node:os";
import type { Report } from "@svc/report-model";
import { Piscina } from "piscina";
import type { DocumentType, RenderedDocument } from "../artifact/artifact.js";
import { assertWithinLimits } from "../errors/limits.js";
import { RenderError, type RenderErrorCode } from "../errors/render-error.js";
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

/**
 * Renders documents on worker threads so a server's event loop stays responsive (react-pdf
 * spends milliseconds per table row, synchronously). Limits are checked on the calling thread
 * before anything is sent to a worker.
 */
export class RenderPool {
  private readonly piscina: Piscina<RenderTask, RenderTaskResult>;

  constructor(options: RenderPoolOptions = {}) {
    const threads = options.threads ?? Math.max(1, availableParallelism() - 1);
    this.piscina = new Piscina({
      filename: (options.workerUrl ?? new URL("./render-worker.js", import.meta.url)).href,
      minThreads: threads,
      maxThreads: threads,
      maxQueue: options.maxQueue ?? 64,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 1024 },
    });
  }

  /** Renders `report` as `type` on a worker. Rejects with `RenderError` (code kept). */
  async render(type: DocumentType, report: Report): Promise<RenderedDocument> {
    assertWithinLimits(report, type);
    let result: RenderTaskResult;
    try {
      result = await this.piscina.run({ type, report });
    } catch (cause) {
      const message = cause instanceof Error ? cause.message : String(cause);
      if (/queue is at limit/i.test(message)) {
        throw new RenderError(
          "RENDER_QUEUE_FULL",
          "too many documents are being rendered; retry shortly",
          {},
          { cause },
        );
      }
      throw new RenderError("RENDER_FAILED", `the render worker failed: ${message}`, {}, { cause });
    }
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

  get stats(): { threads: number; queued: number; completed: number } {
    return {
      threads: this.piscina.threads.length,
      queued: this.piscina.queueSize,
      completed: this.piscina.completed,
    };
  }

  /** Waits for running renders, then stops the threads. */
  async close(): Promise<void> {
    await this.piscina.close();
  }
}
