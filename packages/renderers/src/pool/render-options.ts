/** What a caller may pass with a render. */
export interface RenderOptions {
  /**
   * Abandons the render when it fires: a render still waiting in the queue is dropped before any
   * worker sees it, a running one is stopped with its worker. Either way the call rejects with
   * `RenderError` `RENDER_ABORTED`.
   */
  readonly signal?: AbortSignal | undefined;
}
