import type { RenderTicket } from "./render-admission.js";

/** What a caller may pass with a render. */
export interface RenderOptions {
  /**
   * Abandons the render when it fires: a render still waiting in the queue is dropped before any
   * worker sees it, a running one is stopped with its worker. Either way the call rejects with
   * `RenderError` `RENDER_ABORTED`.
   */
  readonly signal?: AbortSignal | undefined;
  /**
   * The render's admission (`RenderPool.admit`), taken before its input was validated: the render
   * takes the place it holds instead of being admitted again. The caller releases it.
   */
  readonly ticket?: RenderTicket | undefined;
}
