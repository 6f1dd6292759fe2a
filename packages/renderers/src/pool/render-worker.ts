import { getHeapStatistics } from "node:v8";
import { parentPort, threadId, workerData } from "node:worker_threads";
import type { Report } from "@svc/report-model";
import { move, transferableSymbol, valueSymbol } from "piscina";
import type { DocumentType, RenderedDocument } from "../artifact/artifact.js";
import { assertWithinLimits } from "../errors/limits.js";
import { RenderError } from "../errors/render-error.js";
import { loadedPdfFontFamilies } from "../fonts/react-pdf-fonts.js";
import { renderDocument } from "../render-document.js";
import { type BodyPreparer, isBodyPreparer } from "./body-preparer.js";
import type {
  RenderBegunMessage,
  WorkerMemoryMessage,
  WorkerWarmMessage,
  WorkerWarmth,
} from "./render-messages.js";
import { warmUpReport } from "./warm-up-report.js";

/** What the pool tells its workers when it starts them (`workerData`). */
export interface RenderWorkerData {
  /** Render the warm-up report as each document type before taking renders. */
  readonly warmUp: boolean;
  /** The caller's own reports, rendered as each type after the built-in one (warm-up on only). */
  readonly warmUpReports: readonly Report[];
  /** The href of the body preparer's module (`RenderPoolOptions.bodyPreparer`), if any. */
  readonly bodyPreparer?: string | undefined;
}

/** What to render: a report, or a body the worker's preparer turns into one first. */
export type RenderWork = { readonly type: DocumentType } & (
  | { readonly report: Report }
  | { readonly body: unknown }
);

export type RenderTask =
  | (RenderWork & {
      /** The pool's number for this render, reported back when a worker takes it up. */
      readonly id: number;
    })
  /** No render: answered once the worker has warmed up (what starts a worker ahead of demand). */
  | { readonly warm: true };

/**
 * Errors cross the thread boundary as data, so their code and details survive; a preparer's
 * refusal crosses as it is.
 */
export type RenderTaskResult =
  | { readonly ok: true; readonly document: RenderedDocument; readonly extra?: unknown }
  | {
      readonly ok: false;
      readonly error: { code: string; message: string; details: Record<string, unknown> };
    }
  | { readonly ok: false; readonly refusal: unknown };

let preparer: Promise<BodyPreparer> | undefined;

/** The body preparer's default export, imported once per worker. */
function bodyPreparer(): Promise<BodyPreparer> {
  preparer ??= (async () => {
    const href = (workerData as Partial<RenderWorkerData> | undefined)?.bodyPreparer;
    if (href === undefined) throw new Error("this render pool has no body preparer");
    const loaded: unknown = (await import(href)).default;
    if (!isBodyPreparer(loaded)) throw new Error(`${href} exports no default function`);
    return loaded;
  })();
  return preparer;
}

/**
 * The pool's task: render in this worker and move the bytes (not copy) to the caller. The bytes
 * are the only form of the file that crosses; an answer base64-encodes them where it is built.
 * Resolves to a `RenderTaskResult` (wrapped by piscina's `move` when it carries bytes).
 */
export default async function renderTask(task: RenderTask): Promise<unknown> {
  // A render handed to a worker still warming up waits for it (the warm-up never rejects), and
  // is taken up after it. Outside a worker (a direct call) there is no pool to tell.
  await warming;
  if ("warm" in task) return { warm: true };
  const { type, id } = task;
  parentPort?.postMessage({ renderBegun: id } satisfies RenderBegunMessage);
  try {
    return await renderWork(task, type);
  } finally {
    reportMemory();
  }
}

/**
 * Tells the pool this worker's heap (a few microseconds: V8's counters, no heap walk): once
 * warmed up and after each render, what the service's metrics read.
 */
function reportMemory(): void {
  const heap = getHeapStatistics();
  parentPort?.postMessage({
    workerMemory: {
      threadId,
      heapUsedBytes: heap.used_heap_size,
      heapTotalBytes: heap.total_heap_size,
    },
  } satisfies WorkerMemoryMessage);
}

/** One render on this worker: a report, or a body its preparer turns into one first. */
async function renderWork(task: RenderWork, type: DocumentType): Promise<unknown> {
  try {
    let report: Report;
    let extra: unknown;
    if ("body" in task) {
      // The body is the caller's: its preparer validates it and makes the report, here.
      const prepared = await (await bodyPreparer())(task.body);
      if (!prepared.ok) return { ok: false, refusal: prepared.refusal } satisfies RenderTaskResult;
      assertWithinLimits(prepared.report, type);
      ({ report, extra } = prepared);
    } else {
      report = task.report;
    }
    const document = await renderDocument(type, report);
    // An own, exactly-sized buffer (renderers may return a view into a pooled one) to transfer.
    const bytes = new Uint8Array(document.bytes);
    const result: RenderTaskResult = {
      ok: true,
      document: { ...document, bytes },
      ...(extra === undefined ? {} : { extra }),
    };
    return move({
      get [transferableSymbol]() {
        return [bytes.buffer];
      },
      get [valueSymbol]() {
        return result;
      },
    });
  } catch (err) {
    const error =
      err instanceof RenderError
        ? { code: err.code, message: err.message, details: { ...err.details } }
        : {
            code: "RENDER_FAILED",
            message: err instanceof Error ? err.message : String(err),
            details: {},
          };
    return { ok: false, error } satisfies RenderTaskResult;
  }
}

/**
 * The warm-up's renders: each type twice, since the second round still compiles code the first
 * left interpreted (a first DOCX after one round took about twice its tenth, after two about
 * 1.3 times), and PDF, the format most asked for, twice more: after two PDF rounds the paid EDD
 * memo's first PDF after a start still took about 2× its warm time (the bench's 1.9–2.7×),
 * after four 1.5–1.7× (`apps/http/bench/edd-pdf.bench.mjs`).
 */
const WARM_UP_RENDERS: readonly DocumentType[] = [
  "pdf",
  "docx",
  "xlsx",
  "pdf",
  "docx",
  "xlsx",
  "pdf",
  "pdf",
];

/**
 * Renders the warm-up report as PDF, DOCX and XLSX, so the first real render does not pay for
 * compiling the libraries' code and parsing the base fonts (the first PDF of a fresh thread
 * takes about five times as long as its tenth). A failure is reported, never thrown: the
 * worker takes renders all the same, and each answers for itself.
 */
async function warmUp(enabled: boolean, reports: readonly Report[]): Promise<WorkerWarmth> {
  const rendered: DocumentType[] = [];
  const start = performance.now();
  let error: string | undefined;
  // The body preparer's modules load now, not on the first body.
  if ((workerData as Partial<RenderWorkerData> | undefined)?.bodyPreparer !== undefined) {
    await bodyPreparer().catch((err: unknown) => {
      error = `the body preparer did not load: ${err instanceof Error ? err.message : String(err)}`;
    });
  }
  if (enabled) {
    try {
      for (const report of [warmUpReport(), ...reports]) {
        for (const type of WARM_UP_RENDERS) {
          await renderDocument(type, report);
          rendered.push(type);
        }
      }
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
  }
  return {
    threadId,
    rendered,
    warmUpMs: performance.now() - start,
    pdfFonts: loadedPdfFontFamilies(),
    ...(error === undefined ? {} : { error }),
  };
}

/**
 * The warm-up, started when piscina loads this module in a new worker (also one started to
 * replace another), and awaited by every render before it starts. Not a top-level await:
 * piscina first tries to `require` the module, and Node 20 cannot import a module again after
 * a `require` of it met a top-level await. Outside a worker (a direct import) nothing renders.
 */
const warming: Promise<void> =
  parentPort === null
    ? Promise.resolve()
    : (async (port) => {
        const data: Partial<RenderWorkerData> | undefined = workerData;
        const warmth = await warmUp(data?.warmUp !== false, data?.warmUpReports ?? []);
        port.postMessage({ workerWarm: warmth } satisfies WorkerWarmMessage);
        reportMemory();
      })(parentPort);
