/**
 * What a worker posts to the pool the moment it takes a render up: the proof that a render has
 * left the queue (a queued render that is abandoned never produces one). It travels on the
 * worker's `parentPort`, which piscina re-emits as its `message` event.
 */
export interface RenderBegunMessage {
  readonly renderBegun: number;
}

export const isRenderBegunMessage = (message: unknown): message is RenderBegunMessage =>
  typeof message === "object" &&
  message !== null &&
  typeof (message as { renderBegun?: unknown }).renderBegun === "number";

/**
 * What a worker posts once, when it has started and before it takes its first render: how its
 * warm-up went (the renderers' modules are loaded by then, and with warm-up on, a small report
 * was rendered as each document type).
 */
export interface WorkerWarmth {
  /** The worker's thread id. */
  readonly threadId: number;
  /** The document type of each warm-up render, in order (none with warm-up off). */
  readonly rendered: readonly string[];
  /** How long the warm-up renders took on the worker, in milliseconds. */
  readonly warmUpMs: number;
  /** The PDF font families the worker holds parsed after the warm-up. */
  readonly pdfFonts: readonly string[];
  /** Why the warm-up stopped short, when it did (the worker takes renders all the same). */
  readonly error?: string;
}

export interface WorkerWarmMessage {
  readonly workerWarm: WorkerWarmth;
}

export const isWorkerWarmMessage = (message: unknown): message is WorkerWarmMessage =>
  typeof message === "object" &&
  message !== null &&
  typeof (message as { workerWarm?: unknown }).workerWarm === "object";

/**
 * A worker's heap, as its own isolate counts it (`v8.getHeapStatistics()` on the worker: the
 * process's RSS cannot be split by thread, its heap can). Posted once the worker has warmed up
 * and after each render it finishes, so the pool holds each worker's latest figure.
 */
export interface WorkerMemory {
  readonly threadId: number;
  /** Bytes the worker's live objects use. */
  readonly heapUsedBytes: number;
  /** Bytes the worker's heap holds from the system (used or not). */
  readonly heapTotalBytes: number;
}

export interface WorkerMemoryMessage {
  readonly workerMemory: WorkerMemory;
}

export const isWorkerMemoryMessage = (message: unknown): message is WorkerMemoryMessage =>
  typeof message === "object" &&
  message !== null &&
  typeof (message as { workerMemory?: unknown }).workerMemory === "object";
