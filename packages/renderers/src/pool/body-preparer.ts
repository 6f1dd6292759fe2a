import type { Report } from "@svc/report-model";
import type { RenderedDocument } from "../artifact/artifact.js";

/**
 * What a body preparer makes of a request body, on a render worker: the report to render (with
 * `extra`, plain data the caller wants back beside the document), or the caller's own refusal
 * (plain data, handed back as it is; nothing is rendered).
 */
export type PreparedBody =
  | { readonly ok: true; readonly report: Report; readonly extra?: unknown }
  | { readonly ok: false; readonly refusal: unknown };

/**
 * The default export of the module named by `RenderPoolOptions.bodyPreparer`: turns a body (what
 * `RenderPool.renderBody` was given, cloned to the worker) into a report or a refusal. It runs on
 * the render worker, before the render, so a large body's validation and normalization (tens to
 * hundreds of milliseconds at the limits) never hold the server's event loop.
 */
export type BodyPreparer = (body: unknown) => PreparedBody | Promise<PreparedBody>;

/** What `RenderPool.renderBody` answers: the document (and the preparer's `extra`), or its refusal. */
export type BodyRenderResult =
  | { readonly ok: true; readonly document: RenderedDocument; readonly extra?: unknown }
  | { readonly ok: false; readonly refusal: unknown };

export const isBodyPreparer = (x: unknown): x is BodyPreparer => typeof x === "function";
