import { parentPort } from "node:worker_threads";
import type { Report } from "@svc/report-model";
import { move, transferableSymbol, valueSymbol } from "piscina";
import type { DocumentType, RenderedDocument } from "../artifact/artifact.js";
import { RenderError } from "../errors/render-error.js";
import { renderDocument } from "../render-document.js";
import type { RenderBegunMessage } from "./render-messages.js";

export interface RenderTask {
  readonly type: DocumentType;
  readonly report: Report;
  /** The pool's number for this render, reported back when a worker takes it up. */
  readonly id: number;
}

/** Errors cross the thread boundary as data, so their code and details survive. */
export type RenderTaskResult =
  | { readonly ok: true; readonly document: RenderedDocument }
  | {
      readonly ok: false;
      readonly error: { code: string; message: string; details: Record<string, unknown> };
    };

/**
 * The pool's task: render in this worker and move the bytes (not copy) to the caller. The bytes
 * are the only form of the file that crosses; an answer base64-encodes them where it is built.
 * Resolves to a `RenderTaskResult` (wrapped by piscina's `move` when it carries bytes).
 */
export default async function renderTask({ type, report, id }: RenderTask): Promise<unknown> {
  // Outside a worker (a direct call) there is no pool to tell.
  parentPort?.postMessage({ renderBegun: id } satisfies RenderBegunMessage);
  try {
    const document = await renderDocument(type, report);
    // An own, exactly-sized buffer (renderers may return a view into a pooled one) to transfer.
    const bytes = new Uint8Array(document.bytes);
    const result: RenderTaskResult = { ok: true, document: { ...document, bytes } };
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
